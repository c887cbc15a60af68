/** `GET /search`: the platform-wide search of the core API (PascalCase answers). */
import { z } from "zod";
import {
  boundedString,
  integerInRange,
  MAX_SEARCH_PAGE_SIZE,
  MAX_SEARCH_QUERY_LENGTH,
  onlyKnownFields,
} from "../arguments";
import { InvalidArgumentError } from "../errors";
import { parseResponse } from "../response";
import type { Transport } from "../transport";

/** `SearchResultItemModel`. `Type` is one of cdn, storage, dns, script, stream. */
export const searchResultSchema = z.strictObject({
  Type: z.string().nullable().optional(),
  Id: z.number().int(),
  Name: z.string().nullable().optional(),
});
/** One search hit, in the service's PascalCase. */
export type SearchResult = z.infer<typeof searchResultSchema>;

/** `SearchResultsModel`, with a missing `SearchResults` given as an empty array. */
export const searchPageSchema = z.strictObject({
  Query: z.string().nullable().optional(),
  Total: z.number().int(),
  From: z.number().int(),
  Size: z.number().int(),
  SearchResults: z
    .array(searchResultSchema)
    .nullable()
    .optional()
    .transform((results) => results ?? []),
});
/** One page of search results. */
export type SearchPage = z.output<typeof searchPageSchema>;

/** Arguments of {@link search}. */
export interface SearchParams {
  /** Text to look for in names. */
  query: string;
  /** Results to skip; default 0. */
  from?: number;
  /** Page size, 1 to {@link MAX_SEARCH_PAGE_SIZE}; default 20. */
  size?: number;
}

/** Arguments of {@link searchAll}. */
export interface SearchAllParams {
  query: string;
  /** Page size, 1 to {@link MAX_SEARCH_PAGE_SIZE}; default {@link MAX_SEARCH_PAGE_SIZE}. */
  pageSize?: number;
}

function validateParams<T extends object>(params: unknown, allowed: readonly string[]): T {
  if (typeof params !== "object" || params === null || Array.isArray(params)) {
    throw new InvalidArgumentError("params", params, "expected an object with a query");
  }
  onlyKnownFields(params, allowed, "params");
  boundedString((params as { query?: unknown }).query, "query", MAX_SEARCH_QUERY_LENGTH);
  return params as T;
}

/** Reads one page of search results. */
export async function search(transport: Transport, params: SearchParams): Promise<SearchPage> {
  const {
    query,
    from = 0,
    size = 20,
  } = validateParams<SearchParams>(params, ["query", "from", "size"]);
  const request = {
    operation: "search",
    method: "GET" as const,
    path: "/search",
    query: {
      search: query,
      from: integerInRange(from, "from", 0, 2_147_483_647),
      size: integerInRange(size, "size", 1, MAX_SEARCH_PAGE_SIZE),
    },
  };
  return parseResponse(searchPageSchema, await transport.send(request), request);
}

/** Every search result, across pages, read lazily. */
export async function* searchAll(
  transport: Transport,
  params: SearchAllParams,
): AsyncGenerator<SearchResult, void, undefined> {
  const { query, pageSize = MAX_SEARCH_PAGE_SIZE } = validateParams<SearchAllParams>(params, [
    "query",
    "pageSize",
  ]);
  const size = integerInRange(pageSize, "pageSize", 1, MAX_SEARCH_PAGE_SIZE);
  for (let from = 0; ;) {
    const page = await search(transport, { query, from, size });
    yield* page.SearchResults;
    from += page.SearchResults.length;
    // An empty page ends the walk even if Total promised more, so a miscount cannot loop forever.
    if (page.SearchResults.length === 0 || from >= page.Total) return;
  }
}
