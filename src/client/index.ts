/** The API client: `ShieldClient`, its sub-clients, types, errors and enums. */
export * from "./errors";
export * from "./enums";
export { ShieldClient, DEFAULT_BASE_URL } from "./shield-client";
export type { ShieldClientOptions } from "./shield-client";
export type { RequestOptions } from "./retries";
export { MAX_NAME_LENGTH, MAX_SEARCH_PAGE_SIZE, MAX_SEARCH_QUERY_LENGTH } from "./arguments";
export type { Integer } from "./arguments";
export { DEFAULT_PER_PAGE, MAX_PER_PAGE, PagedList } from "./pagination";
export type { ListOptions } from "./pagination";
export * from "./areas";
export type { EnumMap, StatusEnvelope } from "./schemas";
