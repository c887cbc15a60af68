/** The API client: `ShieldClient`, its sub-clients, types, errors and enums. */
export * from "./errors";
export * from "./enums";
export { ShieldClient, DEFAULT_BASE_URL } from "./shield-client";
export type { EventLogsClient, SearchClient, ShieldClientOptions } from "./shield-client";
export type { RequestOptions } from "./retries";
export { MAX_NAME_LENGTH, MAX_SEARCH_PAGE_SIZE, MAX_SEARCH_QUERY_LENGTH } from "./arguments";
export { DEFAULT_PER_PAGE, MAX_PER_PAGE, PagedList } from "./pagination";
export type { ListOptions } from "./pagination";
export { AccessListsApi, MAX_ACCESS_LIST_CONTENT_LENGTH } from "./operations/access-lists";
export type {
  AccessList,
  AccessLists,
  AccessListActionValue,
  AccessListConfigurationChange,
  AccessListConfigurationState,
  CustomAccessList,
  CustomAccessListCreate,
  CustomAccessListUpdate,
} from "./operations/access-lists";
export { ApiGuardianApi, MAX_OPENAPI_SPEC_LENGTH } from "./operations/api-guardian";
export type {
  ApiGuardian,
  ApiGuardianChange,
  ApiGuardianConfiguration,
  ApiGuardianEndpoint,
  ApiGuardianEndpointChange,
  OpenApiSpecificationUpload,
} from "./operations/api-guardian";
export * from "./operations/bot-categorization";
export {
  BOT_DETECTION_NOT_ON_PLAN,
  BotDetectionApi,
  isBotDetectionNotOnPlan,
} from "./operations/bot-detection";
export type { BotDetectionChange, BotDetectionConfiguration } from "./operations/bot-detection";
export * from "./operations/custom-pages";
export { EventLogsApi } from "./operations/event-logs";
export type { EventLogEntry, EventLogPage, EventLogsOptions } from "./operations/event-logs";
export {
  EVENT_LOG_DIMENSIONS,
  EVENT_LOG_FILTER_OPERATORS,
  EventLogSearchApi,
  EventLogSearchStream,
  MAX_EVENT_LOG_SEARCH_PAGE_SIZE,
  MAX_SPARKLINE_BUCKETS,
} from "./operations/event-log-search";
export type {
  EventLogDimension,
  EventLogFilter,
  EventLogFilterOperator,
  EventLogSearchGroup,
  EventLogSearchOptions,
  EventLogSearchRequest,
  EventLogSearchRow,
} from "./operations/event-log-search";
export {
  DETAILED_METRICS_FEATURES,
  METRICS_OVERVIEW_DAILY,
  METRICS_OVERVIEW_FEATURES,
  MetricsApi,
} from "./operations/metrics";
export type {
  ApiGuardianMetrics,
  BotDetectionMetrics,
  DetailedMetrics,
  DetailedMetricsWindow,
  MetricsOverview,
  OveragesMonth,
  RateLimitMetrics,
  ShieldOverages,
  UploadScanningMetrics,
  WafRuleMetrics,
  ZoneRateLimitMetrics,
} from "./operations/metrics";
export { DdosApi } from "./operations/ddos";
export { PromotionsApi } from "./operations/promotions";
export { MAX_RULE_VALUE_LENGTH, RateLimitsApi, WafCustomRulesApi } from "./operations/rules";
export type {
  RateLimitCreate,
  RateLimitRule,
  RateLimitUpdate,
  WafCustomRule,
  WafCustomRuleCreate,
  WafCustomRuleReplacement,
  WafCustomRuleUpdate,
} from "./operations/rules";
export { SearchApi } from "./operations/search";
export type { SearchAllParams, SearchPage, SearchParams, SearchResult } from "./operations/search";
export { ShieldZonesApi } from "./operations/shield-zones";
export type {
  ShieldZone,
  ShieldZoneDefaults,
  ShieldZonePullZone,
  ShieldZoneSettings,
} from "./operations/shield-zones";
export { UploadScanningApi } from "./operations/upload-scanning";
export type {
  UploadScanningChange,
  UploadScanningConfiguration,
} from "./operations/upload-scanning";
export { WafRulesApi, wafEngineSettings } from "./operations/waf-rules";
export type {
  ManagedWafRule,
  MappedEnum,
  TriggeredRuleReview,
  TriggeredWafRule,
  WafEngineSettings,
  WafEngineVariable,
  WafProfile,
  WafRuleMainGroup,
  WafRulesOfPlan,
} from "./operations/waf-rules";
export type { EnumMap, StatusEnvelope } from "./schemas";
