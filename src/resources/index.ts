/** The package's Pulumi resources. */
// Each kind's public classes and types are the exports of its resource.ts.
export * from "./access-list-configuration/resource";
export { AccessListConfigurationProvider } from "./access-list-configuration/provider";
export { ON_DELETE_CHOICES } from "./access-list-configuration/spec";
export type {
  AccessListConfigurationInputs,
  AccessListConfigurationOutputs,
  ActionName,
  OnDelete,
} from "./access-list-configuration/spec";
export * from "./shield-zone/resource";
export * from "./bot-detection/resource";
export * from "./upload-scanning/resource";
export * from "./access-list/resource";
export * from "./waf-custom-rule/resource";
export * from "./rate-limit/resource";
export * from "./api-guardian/resource";
export * from "./custom-page/resource";
export * from "./bot-categorization/resource";
export type { RuleArgs } from "./kit/rule-resource";
// The named types (enums by name, objects) every kind's inputs and outputs use.
export * from "./types";
export { ShieldProvider } from "./kit/provider";
export { KINDS } from "./kit/registry";
export type { Kind } from "./kit/registry";
