/** `search`: the platform-wide search of bunny.net, read-only, in camelCase. */
import type * as pulumi from "@pulumi/pulumi";
import {
  boundedString,
  integerInRange,
  MAX_SEARCH_PAGE_SIZE,
  MAX_SEARCH_QUERY_LENGTH,
} from "../client/arguments";
import { InvalidArgumentError } from "../client/errors";
import type { SearchResult } from "../client/areas/search";
import type { ShieldClient } from "../client/shield-client";
import type { Integer } from "../client/arguments";
import {
  argumentsRecord,
  FunctionInputs,
  FunctionSpec,
  invokeFunction,
  outputOf,
  ShieldFunctionOptions,
} from "./common";

/**
 * Most results `search({ all: true })` collects. A query that matches more is
 * refused with an error asking for a narrower query; nothing is cut silently.
 */
export const MAX_SEARCH_RESULTS = 10_000;

/** Page size used when no `size` is given, as the service does. */
const DEFAULT_SEARCH_SIZE = 20;
const INT32_MAX = 2_147_483_647;

/** Arguments of {@link search}. */
export interface SearchArgs {
  /** Text to look for in the names of pull zones, storage zones, DNS zones, scripts and video libraries. */
  query: string;
  /** Results to skip (one page only); default 0. Not allowed with `all`. */
  from?: Integer;
  /** Results in the page, 1 to 100 (one page only); default 20. Not allowed with `all`. */
  size?: Integer;
  /**
   * Collect every result across pages (up to {@link MAX_SEARCH_RESULTS}) instead of
   * one page. Default false.
   */
  all?: boolean;
}

/** Arguments of {@link searchOutput}: the same, as `pulumi.Input`s. */
export type SearchOutputArgs = FunctionInputs<SearchArgs>;

/** One search hit (`SearchResults[]` item: `Type`, `Id`, `Name`). */
export interface SearchResultItem {
  /** `cdn`, `storage`, `dns`, `script` or `stream`; null when the service sent none. */
  type: string | null;
  /** The object's id in its own API (e.g. the pull zone id). */
  id: Integer;
  /** The object's name; null when the service sent none. */
  name: string | null;
}

/** The result of {@link search}: plain JSON, absent values are null. */
export interface SearchResultPage {
  /** The query as the service echoed it (the query asked, when it echoed none). */
  query: string;
  /** Results matching the query: the service's `Total` for one page; with `all`, the number collected. */
  total: number;
  /** Results skipped before this page; 0 with `all`. */
  from: number;
  /** The page size asked for; with `all`, the number of results collected. */
  size: number;
  /** The results, in the service's order. */
  results: SearchResultItem[];
}

interface ValidSearchArgs {
  query: string;
  from: number;
  size: number;
  all: boolean;
}

const searchSpec: FunctionSpec<ValidSearchArgs, SearchResultPage> = {
  name: "search",
  validate(args) {
    const record = argumentsRecord(
      args,
      ["query", "from", "size", "all"],
      "expected { query, from?, size?, all? }",
    );
    const query = boundedString(record.query, "query", MAX_SEARCH_QUERY_LENGTH);
    if (record.all !== undefined && typeof record.all !== "boolean") {
      throw new InvalidArgumentError("all", record.all, "expected true or false");
    }
    const all = record.all === true;
    if (all) {
      for (const field of ["from", "size"] as const) {
        if (record[field] !== undefined) {
          throw new InvalidArgumentError(
            field,
            record[field],
            "cannot be combined with all: true, which reads every page itself",
          );
        }
      }
    }
    const from = record.from === undefined ? 0 : integerInRange(record.from, "from", 0, INT32_MAX);
    const size =
      record.size === undefined
        ? DEFAULT_SEARCH_SIZE
        : integerInRange(record.size, "size", 1, MAX_SEARCH_PAGE_SIZE);
    return { query, from, size, all };
  },
  async run(client, args) {
    if (args.all) return searchEverything(client, args.query);
    const page = await client.search.get({ query: args.query, from: args.from, size: args.size });
    return {
      query: page.Query ?? args.query,
      total: page.Total,
      from: page.From,
      size: page.Size,
      results: page.SearchResults.map(toItem),
    };
  },
};

async function searchEverything(client: ShieldClient, query: string): Promise<SearchResultPage> {
  // The first page tells the total: a query matching too much fails after one
  // request, and most queries fit in that one page.
  const first = await client.search.get({ query, from: 0, size: MAX_SEARCH_PAGE_SIZE });
  if (first.Total > MAX_SEARCH_RESULTS) throw tooMany(query, String(first.Total));
  let hits = first.SearchResults;
  if (hits.length < first.Total) {
    hits = [];
    for await (const hit of client.search.list({ query })) {
      // The results may have grown since the first page.
      if (hits.length === MAX_SEARCH_RESULTS) throw tooMany(query, `over ${MAX_SEARCH_RESULTS}`);
      hits.push(hit);
    }
  }
  const results = hits.map(toItem);
  return {
    query: first.Query ?? query,
    total: results.length,
    from: 0,
    size: results.length,
    results,
  };
}

function tooMany(query: string, matches: string): InvalidArgumentError {
  return new InvalidArgumentError(
    "query",
    query,
    `it matches ${matches} results, and all: true collects at most ${MAX_SEARCH_RESULTS} ` +
      "(MAX_SEARCH_RESULTS); use a narrower query, or read pages with from and size",
  );
}

function toItem(hit: SearchResult): SearchResultItem {
  return { type: hit.Type ?? null, id: hit.Id, name: hit.Name ?? null };
}

/**
 * Searches the account's pull zones, storage zones, DNS zones, scripts and video
 * libraries by name. Reads one page (`from`, `size`), or every result with
 * `all: true` (at most {@link MAX_SEARCH_RESULTS}; more is an error, never a
 * silent cut). The service's PascalCase fields come back in camelCase.
 *
 * @throws `InvalidArgumentError` for bad arguments (nothing is sent) or a query
 * that matches too much with `all`; `MissingCredentialsError` without an API key;
 * `AuthenticationError` for a refused key. Messages start with `search:`.
 *
 * @example
 * ```ts
 * import { search } from "pulumi-bunnynet-shield";
 *
 * const { total, results } = await search({ query: "shop", all: true });
 * const pullZoneIds = results.filter((r) => r.type === "cdn").map((r) => r.id);
 * ```
 */
export function search(
  args: SearchArgs,
  options?: ShieldFunctionOptions,
): Promise<SearchResultPage> {
  return invokeFunction(searchSpec, args, options);
}

/**
 * {@link search} for `pulumi.Input`s: the result is an Output, unknown while an
 * input is unknown (during preview), and secret when an input is secret.
 *
 * @example
 * ```ts
 * import { searchOutput } from "pulumi-bunnynet-shield";
 *
 * export const shopZones = searchOutput({ query: "shop", all: true }).results;
 * ```
 */
export function searchOutput(
  args: SearchOutputArgs,
  options?: ShieldFunctionOptions,
): pulumi.Output<SearchResultPage> {
  return outputOf(search, args, options);
}
