/**
 * The HTTP transport shared by every operation: authentication, the request and what its
 * answer becomes, each attempt's time, and shared identical reads. Connections, the exchange
 * itself and its timeout are in connection.ts, retries in retries.ts, and what a failed answer
 * becomes in errors.ts.
 */
import { ACCEPT_ENCODING, exchange, targetOf, type Answer, type Target } from "./connection";
import {
  ApiErrorDetails,
  describeFailure,
  describeNonJson,
  errorFor,
  InvalidResponseError,
  maintenanceError,
  transportFailure,
} from "./errors";
import {
  isRetrySafe,
  parseRetryAfter,
  withRetries,
  type RequestOptions,
  type RetryPolicy,
} from "./retries";
import { closeReads, identityOf, sharedRead } from "./single-flight";

/** Settings of a {@link Transport}; every field is resolved (see `ShieldClientOptions`). */
export interface TransportSettings {
  apiKey: string;
  baseUrl: string;
  /** Time allowed for one attempt, response body included. */
  timeoutMs: number;
  /** Attempts after the first one, for failures other than 429s. */
  maxRetries: number;
  /** Attempts after the first one, for 429s. */
  maxRateLimitRetries: number;
  /** Time allowed for the whole call, retries and waits included. */
  deadlineMs: number;
  /** First backoff delay; doubles at each retry, with jitter. */
  retryBaseDelayMs: number;
  /** Longest backoff delay, and longest `Retry-After` honoured. */
  maxRetryDelayMs: number;
  userAgent: string;
  /** Keep the answers of GETs until a write to their zone (see single-flight.ts). */
  keepReads: boolean;
}

/** The HTTP methods the API uses. */
export type HttpMethod = "GET" | "POST" | "PATCH" | "PUT" | "DELETE";

/** How a body travels: as JSON, or as plain text. */
export type BodyKind = "json" | "text";

/** One call to the API, as an operation describes it. */
export interface ApiRequest {
  /** The client method, for messages (e.g. `getBotDetection`). */
  operation: string;
  method: HttpMethod;
  /** Path with every segment already encoded. */
  path: string;
  query?: Record<string, string | number>;
  body?: unknown;
  /** How `body` is sent: as JSON (the default), or, for `text`, a string sent as it is. */
  bodyKind?: BodyKind;
  /**
   * How a 2xx answer is read: as JSON (the default), or, for `text`, as the raw text, or as the
   * JSON value its content type announces (the service may send a text as a JSON string).
   */
  answerKind?: BodyKind;
  /**
   * True when repeating the request cannot do harm (it sets absolute values, or deletes): only
   * then is a PATCH, PUT or DELETE retried after a failure. A GET always may be; a POST only
   * when `readOnly`. Any request is retried after an HTTP 429, which says the service did
   * nothing with it.
   */
  idempotent?: boolean;
  /**
   * True for a request other than a GET that changes nothing (the event-log search, a POST
   * for its body): retried like a GET, and no write, so it closes no shared reads.
   */
  readOnly?: boolean;
}

/** A 2xx answer whose body carries no failure envelope. */
export interface ApiResponse {
  status: number;
  /** The parsed JSON body (the text, for a text answer), or undefined when the body was empty. */
  body: unknown;
}

/** What each body kind accepts and sends; a text answer may come as a JSON string too. */
const ACCEPT: Record<BodyKind, string> = {
  json: "application/json",
  text: "text/plain, text/csv, application/json;q=0.9",
};
const CONTENT_TYPE: Record<BodyKind, string> = {
  json: "application/json",
  text: "text/plain; charset=utf-8",
};
const ENCODE: Record<BodyKind, (body: unknown) => string> = {
  json: (body) => JSON.stringify(body),
  text: String,
};

/** The headers of every request, by answer kind, then by body kind ("none" without a body). */
type Headers = Record<BodyKind, Record<BodyKind | "none", Readonly<Record<string, string>>>>;

/** Sends requests to the API. Holds the key in a private field, out of inspection and JSON. */
export class Transport {
  readonly #settings: Omit<TransportSettings, "apiKey">;
  // The budgets of a view (`withOptions`) over the settings'.
  readonly #options: RequestOptions;
  // The settings with the view's budgets over them, as the retries read them: made once, not per call.
  readonly #policy: RetryPolicy & { timeoutMs: number };
  // The headers of every request, made once (they hold the key, so they stay private).
  readonly #headers: Headers;
  // Where requests go, on the shared keep-alive agent.
  readonly #target: Target;
  // Which clients' identical reads may share one request (see single-flight.ts).
  readonly #identity: string;

  /** A transport with `settings`, or a view of `shared` (its connections, headers and reads) with other budgets. */
  constructor(settings: TransportSettings | Transport, options: RequestOptions = {}) {
    this.#options = options;
    if (settings instanceof Transport) {
      this.#settings = settings.#settings;
      this.#headers = settings.#headers;
      this.#target = settings.#target;
      this.#identity = settings.#identity;
      this.#policy = { ...this.#settings, ...options };
      return;
    }
    const { apiKey, ...rest } = settings;
    this.#settings = rest;
    this.#policy = { ...rest, ...options };
    // Keeping answers changes nothing in them: such a client shares reads with the others.
    const { keepReads: _keep, ...shared } = rest;
    this.#identity = identityOf([apiKey, shared]);
    const headersFor = (answer: BodyKind, body?: BodyKind) =>
      Object.freeze({
        AccessKey: apiKey,
        Accept: ACCEPT[answer],
        "Accept-Encoding": ACCEPT_ENCODING,
        "User-Agent": rest.userAgent,
        ...(body && { "Content-Type": CONTENT_TYPE[body] }),
      });
    const byBody = (answer: BodyKind) => ({
      none: headersFor(answer),
      json: headersFor(answer, "json"),
      text: headersFor(answer, "text"),
    });
    this.#headers = { json: byBody("json"), text: byBody("text") };
    this.#target = targetOf(rest.baseUrl);
  }

  /** This transport, sending with `options` over its own budgets. */
  withOptions(options: RequestOptions): Transport {
    return new Transport(this, { ...this.#options, ...options });
  }

  /** The API's base URL, without a trailing slash. */
  get baseUrl(): string {
    return this.#settings.baseUrl;
  }

  /**
   * Sends a request, retrying where that is safe, and returns the 2xx answer. A GET goes
   * through {@link read}; a write (not `readOnly`) closes its zone's reads in flight to
   * newcomers (single-flight.ts).
   * @throws {ShieldApiError} a subclass saying what failed and what to do next
   */
  send(request: ApiRequest): Promise<ApiResponse> {
    if (request.method === "GET") return this.read(request, asIs, "");
    const target = targetPath(request);
    return request.readOnly ? this.#send(request, target, asIs) : this.#write(request, target);
  }

  /**
   * Sends a GET and returns its answer through `parse`. Identical reads in flight at once
   * (`parse` being named by `variant`) share the request, its retries and the parsed answer,
   * which is then frozen (single-flight.ts).
   * @throws {ShieldApiError} a subclass saying what failed and what to do next
   */
  read<T>(request: ApiRequest, parse: (response: ApiResponse) => T, variant: string): Promise<T> {
    const target = targetPath(request);
    // The identity names the base URL among the client's settings.
    const key = `${this.#identity} ${variant} ${request.operation} ${target}`;
    return sharedRead(
      request.path,
      key,
      () => this.#send(request, target, parse),
      this.#settings.keepReads,
    );
  }

  async #write(request: ApiRequest, target: string): Promise<ApiResponse> {
    closeReads(request.path);
    try {
      return await this.#send(request, target, asIs);
    } finally {
      closeReads(request.path);
    }
  }

  /**
   * Sends `request` with its retries and gives the 2xx answer through `parse`. Each attempt
   * parses its own answer: one promise fewer per call than parsing after the retries, and the
   * same outcome, since a parse failure (an InvalidResponseError) is never retried.
   */
  #send<T>(request: ApiRequest, target: string, parse: (response: ApiResponse) => T): Promise<T> {
    return withRetries(request, this.#policy, (timeoutMs, deadlineBound) =>
      this.#attempt(request, target, timeoutMs, deadlineBound, parse),
    );
  }

  async #attempt<T>(
    request: ApiRequest,
    target: string,
    timeoutMs: number,
    deadlineBound: boolean,
    parse: (response: ApiResponse) => T,
  ): Promise<T> {
    const sent = request.body === undefined ? "none" : (request.bodyKind ?? "json");
    let response: Answer;
    try {
      response = await exchange(
        this.#target,
        {
          method: request.method,
          path: target,
          headers: this.#headers[request.answerKind ?? "json"][sent],
          body: sent === "none" ? undefined : ENCODE[sent](request.body),
        },
        timeoutMs,
      );
    } catch (error) {
      throw transportFailure(error, request, timeoutMs, deadlineBound, this.#settings.baseUrl);
    }

    const status = response.status;
    const success = status >= 200 && status < 300;
    const textAnswer = request.answerKind === "text" && success;
    let body: unknown;
    const { text } = response;
    if (textAnswer && !/json/i.test(response.headers["content-type"] ?? "")) {
      body = text.length > 0 ? text : undefined;
    } else if (text.length > 0) {
      try {
        body = JSON.parse(text);
      } catch (cause) {
        // A text labelled JSON that is not JSON is still the text. A 2xx that is not JSON is
        // the service's maintenance page (retried like a 503 where that is safe). A gateway's
        // HTML page on a 5xx or 429 is still that status; elsewhere it is a broken answer.
        if (!textAnswer && success) {
          const retryAfterMs = retryAfterOf(response);
          const details = detailsOf(request, status);
          throw maintenanceError({ ...details, cause }, text, retryAfterMs, isRetrySafe(request));
        }
        if (!textAnswer && status < 500 && status !== 429) {
          throw new InvalidResponseError(describeNonJson(text), {
            ...detailsOf(request, status),
            cause,
            hint: "Check that the API URL points at the bunny.net API.",
          });
        }
        body = text;
      }
    }
    const failure = describeFailure(body);
    if (success && !failure) return parse({ status, body });
    const details = { ...detailsOf(request, status), ...failure, body };
    throw errorFor(status, details, retryAfterOf(response), text);
  }
}

/** An answer as it came. */
const asIs = (response: ApiResponse): ApiResponse => response;

/** What an error says of the request and its answer's status: made only for a failure. */
function detailsOf(request: ApiRequest, status: number): ApiErrorDetails {
  return { operation: request.operation, method: request.method, path: request.path, status };
}

/** The wait a failed answer asks for (its `Retry-After`). */
function retryAfterOf(response: Answer): number | undefined {
  return parseRetryAfter(response.headers["retry-after"] ?? null);
}

/**
 * The request's path and query under the base URL. Every path segment is already encoded
 * (pathOf), so it is a plain concatenation.
 */
function targetPath(request: ApiRequest): string {
  return request.path + queryString(request.query);
}

/** `?a=1&b=2` for a query, or "" for none. */
function queryString(query: ApiRequest["query"]): string {
  if (query === undefined) return "";
  const params = new URLSearchParams();
  for (const name in query) params.set(name, String(query[name]));
  const text = params.toString();
  return text === "" ? "" : `?${text}`;
}
