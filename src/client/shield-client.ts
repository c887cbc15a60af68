/** `ShieldClient`: the one entry point to the API that the resource and the functions share. */
import { absentFrom } from "./absence";
import { integerInRange } from "./arguments";
import { insecureHttpFlag, normalizeBaseUrl } from "./base-url";
import { MissingCredentialsError } from "./errors";
import areas, {
  type AccessListConfigurationChange,
  type AccessListConfigurationState,
  type AccessLists,
  type BotDetectionConfiguration,
  type EventLogPage,
  type SearchAllParams,
  type SearchResult,
} from "./areas";
import type { RequestOptions } from "./retries";
import { Transport } from "./transport";

// How `withOptions` hands a view its transport; not exported, so no caller can pass one.
const SHARED_TRANSPORT = Symbol("shared transport");

/** The API's public address. */
export const DEFAULT_BASE_URL = "https://api.bunny.net";

/** Options of {@link ShieldClient}. */
export interface ShieldClientOptions {
  /** The account's main API key, sent in the `AccessKey` header. Required. */
  apiKey: string;
  /**
   * The API's address; default `https://api.bunny.net`. An http(s) URL without credentials,
   * query or fragment; `http://` only to a loopback host (localhost, 127.0.0.0/8, ::1) unless
   * `allowInsecureHttp`.
   */
  baseUrl?: string;
  /**
   * Accept an `http://` `baseUrl` whose host is not loopback; default false. The API key then
   * travels unencrypted: only for a network you trust (an emulator on another machine).
   */
  allowInsecureHttp?: boolean;
  /** Time allowed for one attempt, body included, in ms; default 30,000. */
  timeoutMs?: number;
  /** Attempts after the first for 502–504, bare 500s, maintenance pages, resets and timeouts (and 429s, unless `maxRateLimitRetries` is set); default 3. */
  maxRetries?: number;
  /** Attempts after the first for 429s, each after the wait the service asks for; default `maxRetries`. */
  maxRateLimitRetries?: number;
  /** Time allowed for a whole call, retries and waits included, in ms; default 120,000. */
  deadlineMs?: number;
  /** First backoff delay in ms (doubled per retry, with jitter); default 500. */
  retryBaseDelayMs?: number;
  /**
   * Longest backoff, and longest `Retry-After` honoured, in ms; default 120,000 (what the
   * tools that run against the live service honour). A longer `Retry-After` fails the call at
   * once, as does a wait that would end after `deadlineMs`.
   */
  maxRetryDelayMs?: number;
  /** The `User-Agent` header; default `pulumi-bunnynet-shield/<version>`. */
  userAgent?: string;
  /**
   * Keep the answer of every GET (frozen) for the life of the process, until a write to its
   * zone; default false. For a run that writes nothing, such as a preview, so that a zone that
   * many resources ask about is read once.
   */
  keepReads?: boolean;
}

/** The getters of the areas listed in `areas/index.ts`, with their types and documentation. */
type AreaGetters = { readonly [Name in keyof typeof areas]: ReturnType<(typeof areas)[Name]> };

// The class's getters are the list's (made in its static block); the interface types them.
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging, @typescript-eslint/no-empty-object-type
export interface ShieldClient extends AreaGetters {}

/**
 * A client for the Shield and Search API: validates arguments before sending,
 * validates what it reads of every answer (and tolerates the rest), retries what is
 * safe to retry, and throws the typed errors of `errors.ts`. Identical reads in flight at
 * once in the process share one request and one answer, which is then frozen.
 *
 * The operations are grouped in sub-clients (`client.shieldZones`, `client.accessLists`,
 * …); the flat methods of version 0.1.0 (`listAccessLists`, `getBotDetection`, …) remain as
 * deprecated forwarders to them, and `client.eventLogs(…)` and `client.search(…)` can still be
 * called.
 *
 * @example
 * ```ts
 * const client = new ShieldClient({ apiKey: process.env.BUNNYNET_API_KEY! });
 * const zone = await client.shieldZones.getByPullZone(4321);
 * const bots = await client.botDetection.get(zone.shieldZoneId);
 * for await (const rule of client.wafCustomRules.list(zone.shieldZoneId)) console.log(rule.ruleName);
 * for await (const entry of client.eventLogs.list(zone.shieldZoneId, new Date(), { limit: 500 })) {
 *   console.log(entry.labels?.severity, entry.log);
 * }
 * ```
 */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export class ShieldClient {
  readonly #transport: Transport;
  // Sub-clients are made on first use (a provider uses one or two of them) and kept in a
  // private field, so the client's JSON stays `{}`.
  readonly #subClients = new Map<keyof typeof areas, object>();

  constructor(options: ShieldClientOptions) {
    const shared = (options as { [SHARED_TRANSPORT]?: Transport })[SHARED_TRANSPORT];
    if (shared) {
      this.#transport = shared;
      return;
    }
    if (typeof options?.apiKey !== "string" || options.apiKey.trim() === "") {
      throw new MissingCredentialsError("ShieldClient");
    }
    const positive = (value: number | undefined, name: string, fallback: number) =>
      value === undefined ? fallback : integerInRange(value, name, 1, 24 * 60 * 60 * 1000);
    const retries = (value: number | undefined, name: string, fallback: number) =>
      value === undefined ? fallback : integerInRange(value, name, 0, 20);
    const maxRetries = retries(options.maxRetries, "maxRetries", 3);
    this.#transport = new Transport({
      apiKey: options.apiKey,
      baseUrl: normalizeBaseUrl(
        options.baseUrl ?? DEFAULT_BASE_URL,
        "baseUrl",
        insecureHttpFlag(options.allowInsecureHttp, "allowInsecureHttp"),
      ),
      timeoutMs: positive(options.timeoutMs, "timeoutMs", 30_000),
      deadlineMs: positive(options.deadlineMs, "deadlineMs", 120_000),
      retryBaseDelayMs: positive(options.retryBaseDelayMs, "retryBaseDelayMs", 500),
      maxRetryDelayMs: positive(options.maxRetryDelayMs, "maxRetryDelayMs", 120_000),
      maxRetries,
      maxRateLimitRetries: retries(options.maxRateLimitRetries, "maxRateLimitRetries", maxRetries),
      userAgent: options.userAgent ?? defaultUserAgent(),
      keepReads: options.keepReads === true,
    });
  }

  // The getters of the areas (`shieldZones`, `accessLists`, …), made from their list.
  static {
    for (const name of Object.keys(areas) as (keyof typeof areas)[]) {
      Object.defineProperty(ShieldClient.prototype, name, {
        configurable: true,
        get(this: ShieldClient) {
          return this.#sub(name);
        },
      });
    }
  }

  // An area's sub-client, made on first use.
  #sub(name: keyof typeof areas): object {
    let client = this.#subClients.get(name);
    if (!client) this.#subClients.set(name, (client = areas[name](this.#transport)));
    return client;
  }

  /**
   * This client with other retry budgets for every call made through the returned one: it
   * shares this client's connections and identical reads, and costs one small object. A
   * provider asks for more 429 retries this way, for example:
   * `client.withOptions({ maxRateLimitRetries: 8 }).shieldZones.get(id)`.
   * @throws {InvalidArgumentError} a budget that is not an integer from 0 to 20
   */
  withOptions(options: RequestOptions): ShieldClient {
    const budgets: RequestOptions = {};
    for (const name of ["maxRetries", "maxRateLimitRetries"] as const) {
      const value = options?.[name];
      if (value !== undefined) budgets[name] = integerInRange(value, name, 0, 20);
    }
    const view = { [SHARED_TRANSPORT]: this.#transport.withOptions(budgets) };
    return new ShieldClient(view as unknown as ShieldClientOptions);
  }

  /**
   * Whether `error`, the failure of a read, delete or write of one object of shield zone
   * `shieldZoneId` (a custom list, a rule, a page, an endpoint, a bot, a configuration), says
   * that the object does not exist. True when the service says so itself (its `not_found…`
   * errorKey), or when it answered a 404 of another shape (a bare ProblemDetails, as ASP.NET's
   * `NotFound()` sends) and the zone itself answers, or is absent too by the service's word:
   * one read of the zone decides it. False for anything else, a 404 of the zone too included (an
   * API URL pointing at the wrong place, a proxy), which confirms nothing. Never throws.
   *
   * @example
   * ```ts
   * try {
   *   await client.wafCustomRules.delete(ruleId);
   * } catch (error) {
   *   if (!(await client.absentFrom(error, shieldZoneId))) throw error; // gone already is fine
   * }
   * ```
   */
  absentFrom(error: unknown, shieldZoneId: number | undefined): Promise<boolean> {
    return absentFrom(error, shieldZoneId, (zone) => this.shieldZones.get(zone));
  }

  /** The API address this client talks to. */
  get baseUrl(): string {
    return this.#transport.baseUrl;
  }

  /**
   * Reads one page of a zone's event logs for a UTC day; no token reads the first page.
   * @deprecated 0.1.0's name of `client.eventLogs.get`.
   */
  getEventLogs(
    shieldZoneId: number,
    date: Date | string,
    continuationToken?: string,
  ): Promise<EventLogPage> {
    return this.eventLogs.get(shieldZoneId, date, continuationToken);
  }

  /**
   * Sets `isEnabled` and/or `action` of an access list configuration; returns what the service reports.
   * @deprecated 0.1.0's name of `client.accessLists.updateConfiguration`.
   */
  updateAccessListConfiguration(
    shieldZoneId: number,
    configurationId: number,
    change: AccessListConfigurationChange,
  ): Promise<AccessListConfigurationState> {
    return this.accessLists.updateConfiguration(shieldZoneId, configurationId, change);
  }

  /**
   * A zone's managed and custom access lists, each with its `configurationId`.
   * @deprecated 0.1.0's name of `client.accessLists.list`.
   */
  listAccessLists(shieldZoneId: number): Promise<AccessLists> {
    return this.accessLists.list(shieldZoneId);
  }

  /**
   * A zone's bot detection configuration.
   * @deprecated 0.1.0's name of `client.botDetection.get`.
   */
  getBotDetection(shieldZoneId: number): Promise<BotDetectionConfiguration> {
    return this.botDetection.get(shieldZoneId);
  }

  /**
   * Every result of a platform-wide search, across pages.
   * @deprecated 0.1.0's name of `client.search.list`.
   */
  searchAll(params: SearchAllParams): AsyncGenerator<SearchResult, void, undefined> {
    return this.search.list(params);
  }
}

let userAgent: string | undefined;
function defaultUserAgent(): string {
  // Made once: each data function call builds a client, and resolving the file costs each time.
  if (userAgent === undefined) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { name, version } = require("../../package.json") as { name: string; version: string };
    userAgent = `${name}/${version} node/${process.version}`;
  }
  return userAgent;
}
