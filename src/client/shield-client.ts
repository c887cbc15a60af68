/** `ShieldClient`: the one entry point to the API that the resource and the functions share. */
import { integerInRange } from "./arguments";
import { InvalidArgumentError, MissingCredentialsError } from "./errors";
import * as accessLists from "./operations/access-lists";
import * as botDetection from "./operations/bot-detection";
import * as eventLogs from "./operations/event-logs";
import * as searchOps from "./operations/search";
import { Transport } from "./transport";

/** The API's public address. */
export const DEFAULT_BASE_URL = "https://api.bunny.net";

/** Options of {@link ShieldClient}. */
export interface ShieldClientOptions {
  /** The account's main API key, sent in the `AccessKey` header. Required. */
  apiKey: string;
  /** The API's address; default `https://api.bunny.net`. */
  baseUrl?: string;
  /** Time allowed for one attempt, body included, in ms; default 30,000. */
  timeoutMs?: number;
  /** Attempts after the first for 429, 502–504, bare 500s, resets and timeouts; default 3. */
  maxRetries?: number;
  /** Time allowed for a whole call, retries and waits included, in ms; default 120,000. */
  deadlineMs?: number;
  /** First backoff delay in ms (doubled per retry, with jitter); default 500. */
  retryBaseDelayMs?: number;
  /** Longest backoff, and longest `Retry-After` honoured, in ms; default 60,000. */
  maxRetryDelayMs?: number;
  /** The `User-Agent` header; default `pulumi-bunnynet-shield/<version>`. */
  userAgent?: string;
}

/**
 * A client for the Shield and Search API: validates arguments before sending,
 * validates every answer, retries what is safe to retry, and throws the typed
 * errors of `errors.ts`.
 *
 * @example
 * ```ts
 * const client = new ShieldClient({ apiKey: process.env.BUNNYNET_API_KEY! });
 * const bots = await client.getBotDetection(12345);
 * for await (const entry of client.eventLogs(12345, new Date(), { limit: 500 })) {
 *   console.log(entry.labels?.severity, entry.log);
 * }
 * ```
 */
export class ShieldClient {
  readonly #transport: Transport;

  constructor(options: ShieldClientOptions) {
    if (typeof options?.apiKey !== "string" || options.apiKey.trim() === "") {
      throw new MissingCredentialsError("ShieldClient");
    }
    const positive = (value: number | undefined, name: string, fallback: number) =>
      value === undefined ? fallback : integerInRange(value, name, 1, 24 * 60 * 60 * 1000);
    this.#transport = new Transport({
      apiKey: options.apiKey,
      baseUrl: normalizeBaseUrl(options.baseUrl ?? DEFAULT_BASE_URL, "baseUrl"),
      timeoutMs: positive(options.timeoutMs, "timeoutMs", 30_000),
      deadlineMs: positive(options.deadlineMs, "deadlineMs", 120_000),
      retryBaseDelayMs: positive(options.retryBaseDelayMs, "retryBaseDelayMs", 500),
      maxRetryDelayMs: positive(options.maxRetryDelayMs, "maxRetryDelayMs", 60_000),
      maxRetries:
        options.maxRetries === undefined
          ? 3
          : integerInRange(options.maxRetries, "maxRetries", 0, 20),
      userAgent: options.userAgent ?? defaultUserAgent(),
    });
  }

  /** The API address this client talks to. */
  get baseUrl(): string {
    return this.#transport.baseUrl;
  }

  /** Reads one page of a zone's event logs for a UTC day; no token reads the first page. */
  getEventLogs(
    shieldZoneId: number,
    date: Date | string,
    continuationToken?: string,
  ): Promise<eventLogs.EventLogPage> {
    return eventLogs.getEventLogs(this.#transport, shieldZoneId, date, continuationToken);
  }

  /** Every event-log entry of a zone for a UTC day, across pages, up to `options.limit`. */
  eventLogs(
    shieldZoneId: number,
    date: Date | string,
    options?: eventLogs.EventLogsOptions,
  ): AsyncGenerator<eventLogs.EventLogEntry, void, undefined> {
    return eventLogs.eventLogs(this.#transport, shieldZoneId, date, options);
  }

  /** Sets `isEnabled` and/or `action` of an access list configuration; returns what the service reports. */
  updateAccessListConfiguration(
    shieldZoneId: number,
    configurationId: number,
    change: accessLists.AccessListConfigurationChange,
  ): Promise<accessLists.AccessListConfigurationState> {
    return accessLists.updateAccessListConfiguration(
      this.#transport,
      shieldZoneId,
      configurationId,
      change,
    );
  }

  /** A zone's managed and custom access lists, each with its `configurationId`. */
  listAccessLists(shieldZoneId: number): Promise<accessLists.AccessLists> {
    return accessLists.listAccessLists(this.#transport, shieldZoneId);
  }

  /** A zone's bot detection configuration. */
  getBotDetection(shieldZoneId: number): Promise<botDetection.BotDetectionConfiguration> {
    return botDetection.getBotDetection(this.#transport, shieldZoneId);
  }

  /** One page of the platform-wide search. */
  search(params: searchOps.SearchParams): Promise<searchOps.SearchPage> {
    return searchOps.search(this.#transport, params);
  }

  /** Every result of a platform-wide search, across pages. */
  searchAll(
    params: searchOps.SearchAllParams,
  ): AsyncGenerator<searchOps.SearchResult, void, undefined> {
    return searchOps.searchAll(this.#transport, params);
  }
}

/** Checks an API address and drops a trailing slash. */
export function normalizeBaseUrl(value: unknown, argument: string): string {
  let url: URL | undefined;
  try {
    url = typeof value === "string" ? new URL(value) : undefined;
  } catch {
    url = undefined;
  }
  if (
    !url ||
    (url.protocol !== "https:" && url.protocol !== "http:") ||
    url.username ||
    url.password ||
    url.search ||
    url.hash
  ) {
    throw new InvalidArgumentError(
      argument,
      value,
      "expected an http(s) URL without credentials, query or fragment, such as https://api.bunny.net",
    );
  }
  return url.toString().replace(/\/+$/, "");
}

function defaultUserAgent(): string {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { name, version } = require("../../package.json") as { name: string; version: string };
  return `${name}/${version} node/${process.version}`;
}
