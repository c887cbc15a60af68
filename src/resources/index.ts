/** The package's Pulumi resources. */
export {
  AccessListConfiguration,
  AccessListConfigurationProvider,
} from "./access-list-configuration/resource";
export type { AccessListConfigurationArgs } from "./access-list-configuration/resource";
export { ON_DELETE_CHOICES } from "./access-list-configuration/spec";
export type {
  AccessListConfigurationInputs,
  AccessListConfigurationOutputs,
  ActionName,
  OnDelete,
} from "./access-list-configuration/spec";
export { ShieldProvider } from "./kit/provider";
export { KINDS } from "./kit/registry";
export type { Kind } from "./kit/registry";
