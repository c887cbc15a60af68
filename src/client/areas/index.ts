/**
 * The sub-clients of `ShieldClient`, one area of the API each: what each area exports, and
 * the list the client makes its getters from. Adding an area is its file in this folder, its
 * exports and its line in the list below.
 */
import { callable } from "../area-client";
import type { Transport } from "../transport";
import { AccessListsApi } from "./access-lists";
import { ApiGuardianApi } from "./api-guardian";
import { BotCategorizationApi } from "./bot-categorization";
import { BotDetectionApi } from "./bot-detection";
import { CustomPagesApi } from "./custom-pages";
import { DdosApi } from "./ddos";
import { EventLogSearchApi } from "./event-log-search";
import { EventLogsApi, type EventLogsClient } from "./event-logs";
import { MetricsApi } from "./metrics";
import { PromotionsApi } from "./promotions";
import { RateLimitsApi, WafCustomRulesApi } from "./rules";
import { SearchApi, type SearchClient } from "./search";
import { ShieldZonesApi } from "./shield-zones";
import { UploadScanningApi } from "./upload-scanning";
import { WafRulesApi } from "./waf-rules";

export { AccessListsApi, MAX_ACCESS_LIST_CONTENT_LENGTH } from "./access-lists";
export type {
  AccessList,
  AccessLists,
  AccessListActionValue,
  AccessListConfigurationChange,
  AccessListConfigurationState,
  CustomAccessList,
  CustomAccessListCreate,
  CustomAccessListUpdate,
} from "./access-lists";
export { ApiGuardianApi, MAX_OPENAPI_SPEC_LENGTH } from "./api-guardian";
export type {
  ApiGuardian,
  ApiGuardianChange,
  ApiGuardianConfiguration,
  ApiGuardianEndpoint,
  ApiGuardianEndpointChange,
  OpenApiSpecificationUpload,
} from "./api-guardian";
export * from "./bot-categorization";
export {
  BOT_DETECTION_NOT_ON_PLAN,
  BotDetectionApi,
  isBotDetectionNotOnPlan,
} from "./bot-detection";
export type { BotDetectionChange, BotDetectionConfiguration } from "./bot-detection";
export * from "./custom-pages";
export { EventLogsApi } from "./event-logs";
export type { EventLogEntry, EventLogPage, EventLogsClient, EventLogsOptions } from "./event-logs";
export {
  EVENT_LOG_DIMENSIONS,
  EVENT_LOG_FILTER_OPERATORS,
  EventLogSearchApi,
  EventLogSearchStream,
  MAX_EVENT_LOG_SEARCH_PAGE_SIZE,
  MAX_SPARKLINE_BUCKETS,
} from "./event-log-search";
export type {
  EventLogDimension,
  EventLogFilter,
  EventLogFilterOperator,
  EventLogSearchGroup,
  EventLogSearchOptions,
  EventLogSearchRequest,
  EventLogSearchRow,
} from "./event-log-search";
export {
  DETAILED_METRICS_FEATURES,
  METRICS_OVERVIEW_DAILY,
  METRICS_OVERVIEW_FEATURES,
  MetricsApi,
} from "./metrics";
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
} from "./metrics";
export { DdosApi } from "./ddos";
export { PromotionsApi } from "./promotions";
export { MAX_RULE_VALUE_LENGTH, RateLimitsApi, WafCustomRulesApi } from "./rules";
export type {
  RateLimitCreate,
  RateLimitRule,
  RateLimitUpdate,
  WafCustomRule,
  WafCustomRuleCreate,
  WafCustomRuleReplacement,
  WafCustomRuleUpdate,
} from "./rules";
export { SearchApi } from "./search";
export type {
  SearchAllParams,
  SearchClient,
  SearchPage,
  SearchParams,
  SearchResult,
} from "./search";
export { ShieldZonesApi } from "./shield-zones";
export type {
  ShieldZone,
  ShieldZoneDefaults,
  ShieldZonePullZone,
  ShieldZoneSettings,
} from "./shield-zones";
export { UploadScanningApi } from "./upload-scanning";
export type { UploadScanningChange, UploadScanningConfiguration } from "./upload-scanning";
export { WafRulesApi, wafEngineSettings } from "./waf-rules";
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
} from "./waf-rules";

/** Makes an area's sub-client on the client's transport, as `view` shows it (default: itself). */
function area<A extends object>(Api: new (transport: Transport) => A): (transport: Transport) => A;
function area<A extends object, V extends object>(
  Api: new (transport: Transport) => A,
  view: (api: A) => V,
): (transport: Transport) => V;
function area(
  Api: new (transport: Transport) => object,
  view = (api: object) => api,
): (transport: Transport) => object {
  return (transport) => view(new Api(transport));
}

/**
 * Every area, by the name of its getter on `ShieldClient`, with the getter's documentation:
 * the client's getters and their types are made from this list, in this order. The default
 * export, so that `export *` of this folder leaves it out of the public API.
 */
export default {
  /**
   * Shield zones: get, getByPullZone, list, create, createUnderAttack, update, getDefaults,
   * listPullZoneMapping.
   */
  shieldZones: area(ShieldZonesApi),
  /** A zone's bot detection: get, update. */
  botDetection: area(BotDetectionApi),
  /** A zone's upload scanning: get, update. */
  uploadScanning: area(UploadScanningApi),
  /**
   * A zone's access lists: list, updateConfiguration, custom lists' get, create, update,
   * delete, and getEnums.
   */
  accessLists: area(AccessListsApi),
  /** A zone's custom WAF rules: list, get, create, update, replace, delete. */
  wafCustomRules: area(WafCustomRulesApi),
  /** A zone's rate limits: list, get, create, update, delete. */
  rateLimits: area(RateLimitsApi),
  /**
   * The managed WAF rules and the WAF's reference data: list, listGroups, listByPlan,
   * listTriggered, reviewTriggered, getTriggeredRecommendation, listProfiles, getEngineConfig,
   * getEnums.
   */
  wafRules: area(WafRulesApi),
  /** API Guardian: get, update, uploadSpecification, updateSpecification, updateEndpoint, getEnums. */
  apiGuardian: area(ApiGuardianApi),
  /** A zone's custom response pages (block, challenge, ratelimit): get, upload, delete. */
  customPages: area(CustomPagesApi),
  /** A zone's event logs over a time window, filtered and searched: rows, groups, export. */
  eventLogSearch: area(EventLogSearchApi),
  /**
   * A zone's metrics: overview, detailed, botDetection, uploadScanning, apiGuardian,
   * apiGuardianEndpoint, wafRule, rateLimits, rateLimit, overages.
   */
  metrics: area(MetricsApi),
  /** Bot categorization: list, setCategoryAction, setBotAction. */
  botCategorization: area(BotCategorizationApi),
  /** DDoS protection's reference data: getEnums. */
  ddos: area(DdosApi),
  /** The account's promotions: getState. */
  promotions: area(PromotionsApi),
  /**
   * A zone's event logs for one UTC day: get (a page), list (every entry). Also callable, as
   * 0.1.0's method was: `client.eventLogs(zone, date, options)` is `client.eventLogs.list(…)`.
   */
  eventLogs: area(EventLogsApi, (api): EventLogsClient => callable(api, api.list)),
  /**
   * The platform-wide search: get (a page), list (every result). Also callable, as 0.1.0's
   * method was: `client.search(params)` is `client.search.get(params)`.
   */
  search: area(SearchApi, (api): SearchClient => callable(api, api.get)),
};
