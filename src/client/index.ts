/** The API client: `ShieldClient`, its sub-clients, types, errors and enums. */
export * from "./errors";
export * from "./enums";
export { ShieldClient, DEFAULT_BASE_URL } from "./shield-client";
export type { EventLogsClient, SearchClient, ShieldClientOptions } from "./shield-client";
export type { RequestOptions } from "./retries";
export { MAX_NAME_LENGTH, MAX_SEARCH_PAGE_SIZE, MAX_SEARCH_QUERY_LENGTH } from "./arguments";
export { DEFAULT_PER_PAGE, MAX_PER_PAGE, PagedList } from "./pagination";
export type { ListOptions } from "./pagination";
export { AccessListsApi, MAX_ACCESS_LIST_CONTENT_LENGTH } from "./areas/access-lists";
export type {
  AccessList,
  AccessLists,
  AccessListActionValue,
  AccessListConfigurationChange,
  AccessListConfigurationState,
  CustomAccessList,
  CustomAccessListCreate,
  CustomAccessListUpdate,
} from "./areas/access-lists";
export { ApiGuardianApi, MAX_OPENAPI_SPEC_LENGTH } from "./areas/api-guardian";
export type {
  ApiGuardian,
  ApiGuardianChange,
  ApiGuardianConfiguration,
  ApiGuardianEndpoint,
  ApiGuardianEndpointChange,
  OpenApiSpecificationUpload,
} from "./areas/api-guardian";
export * from "./areas/bot-categorization";
export {
  BOT_DETECTION_NOT_ON_PLAN,
  BotDetectionApi,
  isBotDetectionNotOnPlan,
} from "./areas/bot-detection";
export type { BotDetectionChange, BotDetectionConfiguration } from "./areas/bot-detection";
export * from "./areas/custom-pages";
export { EventLogsApi } from "./areas/event-logs";
export type { EventLogEntry, EventLogPage, EventLogsOptions } from "./areas/event-logs";
export {
  EVENT_LOG_DIMENSIONS,
  EVENT_LOG_FILTER_OPERATORS,
  EventLogSearchApi,
  EventLogSearchStream,
  MAX_EVENT_LOG_SEARCH_PAGE_SIZE,
  MAX_SPARKLINE_BUCKETS,
} from "./areas/event-log-search";
export type {
  EventLogDimension,
  EventLogFilter,
  EventLogFilterOperator,
  EventLogSearchGroup,
  EventLogSearchOptions,
  EventLogSearchRequest,
  EventLogSearchRow,
} from "./areas/event-log-search";
export {
  DETAILED_METRICS_FEATURES,
  METRICS_OVERVIEW_DAILY,
  METRICS_OVERVIEW_FEATURES,
  MetricsApi,
} from "./areas/metrics";
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
} from "./areas/metrics";
export { DdosApi } from "./areas/ddos";
export { PromotionsApi } from "./areas/promotions";
export { MAX_RULE_VALUE_LENGTH, RateLimitsApi, WafCustomRulesApi } from "./areas/rules";
export type {
  RateLimitCreate,
  RateLimitRule,
  RateLimitUpdate,
  WafCustomRule,
  WafCustomRuleCreate,
  WafCustomRuleReplacement,
  WafCustomRuleUpdate,
} from "./areas/rules";
export { SearchApi } from "./areas/search";
export type { SearchAllParams, SearchPage, SearchParams, SearchResult } from "./areas/search";
export { ShieldZonesApi } from "./areas/shield-zones";
export type {
  ShieldZone,
  ShieldZoneDefaults,
  ShieldZonePullZone,
  ShieldZoneSettings,
} from "./areas/shield-zones";
export { UploadScanningApi } from "./areas/upload-scanning";
export type { UploadScanningChange, UploadScanningConfiguration } from "./areas/upload-scanning";
export { WafRulesApi, wafEngineSettings } from "./areas/waf-rules";
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
} from "./areas/waf-rules";
export type { EnumMap, StatusEnvelope } from "./schemas";
