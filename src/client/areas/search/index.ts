/** `GET /search`: the platform-wide search of the core API (PascalCase answers). */
import { z } from "zod";
import {
  boundedString,
  integerInRange,
  MAX_SEARCH_PAGE_SIZE,
  MAX_SEARCH_QUERY_LENGTH,
  onlyKnownFields,
} from "../../arguments";
import { InvalidArgumentError } from "../../errors";
import { AreaClient } from "../../area-client";
import { lenientText, listOrEmpty } from "../../schemas";

/**
 * `SearchResultItemModel`. `Type` is one of cdn, storage, dns, script, stream. The id is
 * read (strict); the type and name are shown (lenient).
 */
const searchResultSchema = z.object({
  Type: lenientText,
  Id: z.number().int(),
  Name: lenientText,
});
/** One search hit, in the service's PascalCase. */
export type SearchResult = z.output<typeof searchResultSchema>;

/** `SearchResultsModel`, with a missing `SearchResults` given as an empty array. The paging figures are read: strict. */
export const searchPageSchema = z.object({
  Query: lenientText,
  Total: z.number().int(),
  From: z.number().int(),
  Size: z.number().int(),
  SearchResults: listOrEmpty(searchResultSchema),
});
/** One page of search results. */
export type SearchPage = z.output<typeof searchPageSchema>;

/** Arguments of {@link SearchApi.get}. */
export interface SearchParams {
  /** Text to look for in names. */
  query: string;
  /** Results to skip; default 0. */
  from?: number;
  /** Page size, 1 to {@link MAX_SEARCH_PAGE_SIZE}; default 20. */
  size?: number;
}

/** Arguments of {@link SearchApi.list}. */
export interface SearchAllParams {
  /** Text to look for in names. */
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

/**
 * `client.search`: the platform-wide search of the core API, over pull zones, storage zones,
 * DNS zones, scripts and stream libraries by name. Called as a function,
 * `client.search(params)`, it is 0.1.0's form of {@link get}.
 */
export class SearchApi extends AreaClient {
  /** One page of results. */
  async get(params: SearchParams): Promise<SearchPage> {
    const {
      query,
      from = 0,
      size = 20,
    } = validateParams<SearchParams>(params, ["query", "from", "size"]);
    return this.request({
      operation: "search",
      method: "GET",
      path: "/search",
      query: {
        search: query,
        from: integerInRange(from, "from", 0, 2_147_483_647),
        size: integerInRange(size, "size", 1, MAX_SEARCH_PAGE_SIZE),
      },
      schema: searchPageSchema,
    });
  }

  /** Every result, across pages, read lazily. */
  async *list(params: SearchAllParams): AsyncGenerator<SearchResult, void, undefined> {
    const { query, pageSize = MAX_SEARCH_PAGE_SIZE } = validateParams<SearchAllParams>(params, [
      "query",
      "pageSize",
    ]);
    const size = integerInRange(pageSize, "pageSize", 1, MAX_SEARCH_PAGE_SIZE);
    for (let from = 0; ;) {
      const page = await this.get({ query, from, size });
      yield* page.SearchResults;
      from += page.SearchResults.length;
      // An empty page ends the walk even if Total promised more, so a miscount cannot loop forever.
      if (page.SearchResults.length === 0 || from >= page.Total) return;
    }
  }
}

/** `client.search`: the sub-client, callable as 0.1.0's `search` method was. */
export type SearchClient = SearchApi & {
  /** @deprecated 0.1.0's form of `client.search.get`. */
  (params: SearchParams): Promise<SearchPage>;
};
