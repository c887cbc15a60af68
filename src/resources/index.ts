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
export { ShieldZone } from "./shield-zone/resource";
export type { ShieldZoneArgs } from "./shield-zone/resource";
export { BotDetection } from "./bot-detection/resource";
export type {
  BotDetectionArgs,
  BotDetectionSignalArgs,
  BotDetectionSignalState,
  BotDetectionSensitivityName,
  BrowserFingerprintArgs,
} from "./bot-detection/resource";
export { UploadScanning } from "./upload-scanning/resource";
export type { UploadScanningArgs, UploadScanningModeName } from "./upload-scanning/resource";
export { AccessList } from "./access-list/resource";
export type { AccessListArgs, AccessListTypeName } from "./access-list/resource";
export { WafCustomRule } from "./waf-custom-rule/resource";
export type { WafCustomRuleArgs } from "./waf-custom-rule/resource";
export { RateLimit } from "./rate-limit/resource";
export type { RateLimitArgs } from "./rate-limit/resource";
export { ApiGuardian } from "./api-guardian/resource";
export type {
  ApiGuardianActionName,
  ApiGuardianArgs,
  ApiGuardianEndpointArgs,
  ApiGuardianExecutionModeName,
  ApiGuardianParameterNames,
  ApiGuardianTimeframeName,
} from "./api-guardian/resource";
export { CustomPage } from "./custom-page/resource";
export type { CustomPageArgs, CustomPageTypeName } from "./custom-page/resource";
export { BotCategorization } from "./bot-categorization/resource";
export type {
  BotActionName,
  BotCategorizationArgs,
  BotCategoryActionName,
  BotCategoryName,
} from "./bot-categorization/resource";
export type { RuleArgs, RuleConditionArgs, RuleConditionState } from "./kit/rule-resource";
export { ShieldProvider } from "./kit/provider";
export { KINDS } from "./kit/registry";
export type { Kind } from "./kit/registry";
