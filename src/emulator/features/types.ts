/** The types and values of features that the emulator's public API names. */
export {
  type BotCategory,
  type BotCategoryAction,
  type BotCategorizationAction,
  type BotCategorizationRecord,
  type BotRecord,
} from "./bot-categorization/state";
export {
  type BotDetectionExecutionMode,
  type BotDetectionSensitivity,
  type BotDetectionSettings,
  type BrowserFingerprintAggression,
} from "./bot-detection/state";
export { CUSTOM_PAGE_TYPES, type CustomPageType } from "./custom-pages/state";
export { type ShieldZoneResponse } from "./shield-zones/settings";
export {
  type DdosShieldSensitivity,
  type ExecutionMode,
  type ShieldZoneSettings,
  type WafEngineVariable,
  type WafPayloadLimitAction,
} from "./shield-zones/state";
export { type RuleRecord } from "./waf-rules/state";
export {
  type UploadScanningScannerMode,
  type UploadScanningSettings,
} from "./upload-scanning/state";
