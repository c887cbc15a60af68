/** The API client: `ShieldClient`, its types, errors and enums. */
export * from "./errors";
export * from "./enums";
export { ShieldClient, DEFAULT_BASE_URL } from "./shield-client";
export type { ShieldClientOptions } from "./shield-client";
export { MAX_SEARCH_PAGE_SIZE, MAX_SEARCH_QUERY_LENGTH } from "./arguments";
export type {
  AccessList,
  AccessLists,
  AccessListActionValue,
  AccessListConfigurationChange,
  AccessListConfigurationState,
} from "./operations/access-lists";
export type { BotDetectionConfiguration } from "./operations/bot-detection";
export type { EventLogEntry, EventLogPage, EventLogsOptions } from "./operations/event-logs";
export type { SearchAllParams, SearchPage, SearchParams, SearchResult } from "./operations/search";
export type { StatusEnvelope } from "./schemas";
