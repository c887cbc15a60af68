/**
 * Read-only data functions for Pulumi programs: `getX(args, options?)` returns a
 * Promise, `getXOutput(args, options?)` takes `pulumi.Input`s and returns an Output.
 */
export type { FunctionInputs, ShieldFunctionOptions } from "./common";
export {
  BOT_DETECTION_DEFAULTS,
  getBotDetection,
  getBotDetectionOutput,
  type BotDetectionSignal,
  type BrowserFingerprintSignal,
  type GetBotDetectionArgs,
  type GetBotDetectionOutputArgs,
  type GetBotDetectionResult,
} from "./bot-detection";
export {
  getBotCategories,
  getBotCategoriesOutput,
  type BotCategorySummary,
  type CategorizedBotSummary,
  type GetBotCategoriesArgs,
  type GetBotCategoriesOutputArgs,
  type GetBotCategoriesResult,
} from "../resources/bot-categorization/functions";
export {
  search,
  searchOutput,
  MAX_SEARCH_RESULTS,
  type SearchArgs,
  type SearchOutputArgs,
  type SearchResultItem,
  type SearchResultPage,
} from "./search";
export {
  getEventLogs,
  getEventLogsOutput,
  MAX_EVENT_LOG_LIMIT,
  type EventLog,
  type EventLogLabels,
  type GetEventLogsArgs,
  type GetEventLogsOutputArgs,
  type GetEventLogsResult,
} from "./event-logs";
export {
  searchEventLogs,
  searchEventLogsOutput,
  DEFAULT_EVENT_LOG_SEARCH_LIMIT,
  type EventLogGroup,
  type EventLogRow,
  type SearchEventLogsArgs,
  type SearchEventLogsOutputArgs,
  type SearchEventLogsResult,
} from "./event-log-search";
export {
  getMetricsOverview,
  getMetricsOverviewOutput,
  type DetailedMetricsResult,
  type GetMetricsOverviewArgs,
  type GetMetricsOverviewOutputArgs,
  type GetMetricsOverviewResult,
  type MetricCounters,
  type MetricSeries,
} from "./metrics";
export {
  getAccessLists,
  getAccessListsOutput,
  type AccessListSummary,
  type GetAccessListsArgs,
  type GetAccessListsOutputArgs,
  type GetAccessListsResult,
} from "./access-lists";
export {
  getShieldZone,
  getShieldZoneOutput,
  getShieldZones,
  getShieldZonesOutput,
  type GetShieldZoneArgs,
  type GetShieldZoneOutputArgs,
  type GetShieldZonesResult,
  type ShieldZoneSummary,
} from "./shield-zones";
export {
  getWafRules,
  getWafRulesOutput,
  getWafCustomRules,
  getWafCustomRulesOutput,
  getRateLimits,
  getRateLimitsOutput,
  type GetRulesResult,
  type GetWafRulesResult,
  type RuleSummary,
  type ZoneRulesArgs,
  type WafRuleSummary,
} from "./waf-rules";
export {
  getWafProfiles,
  getWafProfilesOutput,
  getWafEngineConfig,
  getWafEngineConfigOutput,
  type GetWafEngineConfigResult,
  type GetWafProfilesResult,
  type NoArgs,
  type WafProfileSummary,
} from "./waf-reference";
export {
  getShieldZoneDefaults,
  getShieldZoneDefaultsOutput,
  type GetShieldZoneDefaultsResult,
  type ShieldZoneDefaultSettings,
  type SuggestedAccessList,
} from "./shield-zone-defaults";
export {
  getTriggeredWafRules,
  getTriggeredWafRulesOutput,
  type GetTriggeredWafRulesArgs,
  type GetTriggeredWafRulesResult,
  type TriggeredWafRuleSummary,
} from "./triggered-waf-rules";
export {
  getShieldOverages,
  getShieldOveragesOutput,
  type GetShieldOveragesArgs,
  type GetShieldOveragesResult,
  type OverageSegment,
} from "./overages";
export {
  getShieldMetrics,
  getShieldMetricsOutput,
  SHIELD_METRICS_SUBJECTS,
  type GetShieldMetricsArgs,
  type GetShieldMetricsResult,
  type ShieldMetricsSubject,
} from "./shield-metrics";
export {
  exportEventLogs,
  exportEventLogsOutput,
  type ExportEventLogsArgs,
  type ExportEventLogsResult,
} from "./event-log-export";
