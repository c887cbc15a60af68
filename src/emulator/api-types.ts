/**
 * Wire shapes of the emulated API, transcribed from the public OpenAPI files
 * (shield-api-v1.0.0.json and the core API's /search subset). Enums are the integers the
 * service sends; their types are open (`number`), since the service adds values and the
 * emulator serves whatever a test puts in its state. The comments list the published ones.
 */

/** ShieldPlanType: 0 Basic, 1 Advanced, 2 Business, 3 Enterprise. */
export type ShieldPlanType = number;
/** Named values of {@link ShieldPlanType}. */
export const ShieldPlan = { Basic: 0, Advanced: 1, Business: 2, Enterprise: 3 } as const;

/** AccessListAction: 0 None, 1 Allow, 2 Block, 3 Challenge, 4 Log, 5 Bypass. */
export type AccessListAction = number;
/** Named values of {@link AccessListAction}. */
export const AccessListActions = {
  None: 0,
  Allow: 1,
  Block: 2,
  Challenge: 3,
  Log: 4,
  Bypass: 5,
} as const;

/** AccessListType: 0 IP, 1 CIDR, 2 ASN, 3 Country, 4 Organization, 5 JA4. */
export type AccessListType = number;

/** AccessListCategory: a flag value (0 None, 1 VPNs, 2 Datacenters, … 8192 InternetTools). */
export type AccessListCategory = number;

/** `GenericRequestResponse`: the status envelope carried by every Shield answer. */
export interface GenericRequestResponse {
  statusCode: number;
  success: boolean;
  message: string | null;
  errorKey: string | null;
}

/** `AccessListDetails`. */
export interface AccessListDetails {
  listId: number;
  configurationId: number;
  name: string | null;
  description: string | null;
  isEnabled: boolean;
  type: AccessListType;
  category: AccessListCategory;
  action: AccessListAction;
  requiredPlan: ShieldPlanType;
  entryCount: number;
  /** A .NET TimeSpan such as `01:00:00` or `1.00:00:00`; null for custom lists. */
  updateFrequency: string | null;
  /** ISO 8601 date-time. */
  lastUpdated: string;
}

/** `AccessListsDetailsResponse`. */
export interface AccessListsDetailsResponse {
  managedLists: AccessListDetails[] | null;
  customLists: AccessListDetails[] | null;
  customEntryCount: number | null;
  customEntryLimit: number | null;
  customListCount: number | null;
  customListLimit: number | null;
  error: GenericRequestResponse;
}

/** `UpdateAccessListConfigurationRequest`, also the `data` of the PATCH answer. */
export interface UpdateAccessListConfiguration {
  isEnabled?: boolean | null;
  action?: AccessListAction;
}

// API Guardian's records as 0.2.0 exported them from this module (its state declares them).
export type {
  ApiGuardianEndpointRecord,
  ApiGuardianRecord,
  ParameterNames,
} from "./features/api-guardian/state";

/** `Labels` of an event log entry. */
export interface EventLogLabels {
  asn: string | null;
  country: string | null;
  ruleId: string | null;
  severity: string | null;
  method: string | null;
  ruleGroup: string | null;
  status: string | null;
  serverZone: string | null;
}

/** `Log`: one event log entry. */
export interface EventLogEntry {
  logId: string | null;
  /** Milliseconds since the epoch. */
  timestamp: number;
  log: string | null;
  labels: EventLogLabels;
}

/** `WafLoggingResponse`: one page of event logs. */
export interface WafLoggingResponse {
  logs: EventLogEntry[] | null;
  hasMoreData: boolean;
  continuationToken: string | null;
  startToken: string | null;
  errorResponse: GenericRequestResponse;
}

/** `EventLogsFilter`: one clause of an event-log search. */
export interface EventLogsFilter {
  field: string | null;
  /** `eq`, `in`, `contains`, `cidr` (ip only) or `wildcard`. */
  op: string | null;
  value: string[] | null;
}

/** `EventRow`: one event of a flat (ungrouped) search. */
export interface EventRow {
  logId: string | null;
  /** Milliseconds since the epoch. */
  timestamp: number;
  /** The request context (a JSON object). */
  log: Record<string, unknown> | null;
  fields: Record<string, string> | null;
}

/** `EventGroup`: the events of a search that share the values of the `groupBy` dimensions. */
export interface EventGroup {
  key: Record<string, string> | null;
  count: number;
  firstSeen: number;
  lastSeen: number;
  context: Record<string, unknown> | null;
  /** Events per time bucket over the window; null unless the request set `buckets`. */
  sparkline: number[] | null;
}

/** `EventLogsSearchResponse`: exactly one of `rows` and `groups` is set. */
export interface EventLogsSearchResponse {
  rows: EventRow[] | null;
  groups: EventGroup[] | null;
  total: number;
  totalPages: number;
  page: number;
  errorResponse: GenericRequestResponse;
}

/** Counters of one Shield feature in the metrics overview (`Waf`, `DDoS`, …), by name. */
export type MetricCounters = Record<string, number>;

/** `ShieldZoneMetrics`: the overview of a zone (counters per feature, and per day). */
export interface ShieldZoneMetrics {
  [area: string]: MetricCounters | Record<string, MetricCounters> | number | null;
  totalCleanRequestsLimit: number;
  totalBillableRequests: number;
}

/** `OverviewMetric`: one feature's series (name → bucket time → count) and totals. */
export interface OverviewMetric {
  metrics: Record<string, Record<string, number>> | null;
  totals: Record<string, number> | null;
}

/** `ShieldOverviewMetricsData`: the detailed overview of a zone over a window. */
export interface ShieldOverviewMetricsData {
  [area: string]: OverviewMetric | number;
  totalCleanRequestsLimit: number;
  totalBillableRequestsThisMonth: number;
  /** `MetricsOverviewResolution`: 1 TwoMinutes … 6 Monthly (never 0 Auto in an answer). */
  resolution: number;
}

/** Search result `Type` values. */
export const SEARCH_ITEM_TYPES = ["cdn", "storage", "dns", "script", "stream"] as const;
/** One of {@link SEARCH_ITEM_TYPES}. */
export type SearchItemType = (typeof SEARCH_ITEM_TYPES)[number];

/** `SearchResultItemModel` (PascalCase, core API). */
export interface SearchResultItem {
  Type: SearchItemType;
  Id: number;
  Name: string;
}

/** `SearchResultsModel` (PascalCase, core API). */
export interface SearchResults {
  Query: string | null;
  Total: number;
  From: number;
  Size: number;
  SearchResults: SearchResultItem[];
}

/** A core API error such as `/search` sends. */
export interface CoreApiError {
  ErrorKey: string;
  Field: string | null;
  Message: string;
}

/** RFC 9457 problem details as ASP.NET writes them. */
export interface ProblemDetails {
  type: string | null;
  title: string | null;
  status: number | null;
  detail: string | null;
  instance: string | null;
}

/** `CustomAccessList`: a custom list's own content (its configuration is an `AccessListDetails`). */
export interface CustomAccessList {
  id: number;
  name: string | null;
  description: string | null;
  type: AccessListType;
  /** The entries, one per line. */
  content: string | null;
  checksum: string | null;
  entryCount: number | null;
  lastModified: string | null;
}
