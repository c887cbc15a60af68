/**
 * The HTTP transport shared by every operation: authentication, JSON, keep-alive
 * connections, timeouts through AbortController, retries with backoff that honour
 * `Retry-After`, shared identical reads, and the mapping of every failure onto the error model.
 */
import { getEventListeners } from "node:events";
import * as http from "node:http";
import * as https from "node:https";
import type { Response } from "node-fetch";
import {
  ApiErrorDetails,
  AuthenticationError,
  ConflictError,
  ConnectionError,
  InvalidResponseError,
  NotFoundError,
  PlanRestrictionError,
  ProblemDetails,
  RateLimitError,
  ServerError,
  ShieldApiError,
  TimeoutError,
  ValidationError,
} from "./errors";
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

const RETRYABLE_STATUSES = new Set([429, 502, 503, 504]);

// One keep-alive agent per protocol for the whole process: each data function call builds a
// client, and the sockets must outlive those clients to be reused.
const agents: { http?: http.Agent; https?: https.Agent } = {};
function agentFor(baseUrl: string): http.Agent {
  // A bounded pool: a stack of hundreds of resources queues here instead of
  // opening hundreds of sockets at once.
  const options = { keepAlive: true, maxSockets: 32 };
  if (baseUrl.startsWith("http:")) {
    return (agents.http ??= failTruncatedBodies(new http.Agent(options)));
  }
  return (agents.https ??= failTruncatedBodies(new https.Agent(options)));
}

/**
 * node-fetch 2 neither ends nor fails a body whose connection closes before its
 * Content-Length arrived (node-fetch#1604), so reading it would hang until the timeout.
 * Reporting that premature close on the request makes node-fetch fail the body at once
 * (as it already does for chunked bodies), and the attempt becomes a retryable ConnectionError.
 */
function failTruncatedBodies<A extends http.Agent>(agent: A): A {
  type AddRequest = (request: http.ClientRequest, options: unknown) => void;
  const internals = agent as unknown as { addRequest: AddRequest };
  const addRequest = internals.addRequest.bind(agent);
  internals.addRequest = (request, options) => {
    // Shared listeners, not closures per request: this runs on every call.
    request.on("response", watchForPrematureClose);
    addRequest(request, options);
  };
  return agent;
}

function watchForPrematureClose(response: http.IncomingMessage): void {
  response.on("close", failIfIncomplete);
}

function failIfIncomplete(this: http.IncomingMessage): void {
  if (this.complete) return;
  const error = Object.assign(new Error("Premature close"), { code: "ERR_STREAM_PREMATURE_CLOSE" });
  // `req` is the ClientRequest of a client-side response.
  (this as http.IncomingMessage & { req: http.ClientRequest }).req.emit("error", error);
}

/**
 * AbortControllers whose signal never fired, kept for later attempts. In Node 20, making an
 * AbortSignal costs more than all the rest of the client's own work on a call (measured
 * against bare node-fetch: about +12% wall time per call with a new signal each time, nothing
 * with a reused one). A signal that never fired and has no listener left is as good as new.
 */
const idleControllers: AbortController[] = [];
const MAX_IDLE_CONTROLLERS = 64;

function takeController(): AbortController {
  return idleControllers.pop() ?? new AbortController();
}

/** Keeps `controller` for reuse if its signal never fired and nothing listens to it any more. */
function releaseController(controller: AbortController): void {
  const { signal } = controller;
  if (
    !signal.aborted &&
    idleControllers.length < MAX_IDLE_CONTROLLERS &&
    getEventListeners(signal, "abort").length === 0
  ) {
    idleControllers.push(controller);
  }
}

let fetchImplementation: typeof import("node-fetch").default | undefined;
function nodeFetch(): typeof import("node-fetch").default {
  // Required lazily so that loading the package (and serializing providers) stays cheap,
  // and kept: resolving the module again costs tens of microseconds per call.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (fetchImplementation ??= require("node-fetch"));
}

/** Sends requests to the API. Holds the key in a private field, out of inspection and JSON. */
export class Transport {
  readonly #settings: Omit<TransportSettings, "apiKey">;
  // The headers of every request, made once (they hold the key, so they stay private).
  readonly #headers: Headers;
  readonly #agent: http.Agent;
  // Which clients' identical reads may share one request (see single-flight.ts).
  readonly #identity: string;

  constructor(settings: TransportSettings) {
    const { apiKey, ...rest } = settings;
    this.#settings = rest;
    // Keeping answers changes nothing in them: such a client shares reads with the others.
    const { keepReads: _keep, ...shared } = rest;
    this.#identity = identityOf([apiKey, shared]);
    const headersFor = (answer: BodyKind, body?: BodyKind) =>
      Object.freeze({
        AccessKey: apiKey,
        Accept: ACCEPT[answer],
        "User-Agent": rest.userAgent,
        ...(body && { "Content-Type": CONTENT_TYPE[body] }),
      });
    const byBody = (answer: BodyKind) => ({
      none: headersFor(answer),
      json: headersFor(answer, "json"),
      text: headersFor(answer, "text"),
    });
    this.#headers = { json: byBody("json"), text: byBody("text") };
    this.#agent = agentFor(rest.baseUrl);
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
    if (request.method === "GET") return this.read(request, (response) => response, "");
    const url = this.#url(request);
    return request.readOnly ? this.#send(request, url) : this.#write(request, url);
  }

  /**
   * Sends a GET and returns its answer through `parse`. Identical reads in flight at once
   * (`parse` being named by `variant`) share the request, its retries and the parsed answer,
   * which is then frozen (single-flight.ts).
   * @throws {ShieldApiError} a subclass saying what failed and what to do next
   */
  read<T>(request: ApiRequest, parse: (response: ApiResponse) => T, variant: string): Promise<T> {
    const url = this.#url(request);
    const key = `${this.#identity} ${variant} ${request.operation} ${url}`;
    return sharedRead(
      request.path,
      key,
      async () => parse(await this.#send(request, url)),
      this.#settings.keepReads,
    );
  }

  #url(request: ApiRequest): string {
    // Every path segment is already encoded (pathOf), so the URL is a plain concatenation.
    return this.#settings.baseUrl + request.path + queryString(request.query);
  }

  async #write(request: ApiRequest, url: string): Promise<ApiResponse> {
    closeReads(request.path);
    try {
      return await this.#send(request, url);
    } finally {
      closeReads(request.path);
    }
  }

  async #send(request: ApiRequest, url: string): Promise<ApiResponse> {
    const { maxRetries, maxRateLimitRetries, deadlineMs, timeoutMs } = this.#settings;
    const deadline = Date.now() + deadlineMs;
    // 429s (the service pacing us) and other failures each have their own budget.
    const retried = { rateLimit: 0, other: 0 };
    // Besides a GET, only what is read-only or idempotent is retried after any failure. A POST
    // creates: repeated after a lost answer, it could create twice, so `idempotent` does not
    // cover it; it is retried only when the service refused it unread (refusedUnapplied).
    const retrySafe =
      request.method === "GET" ||
      request.readOnly === true ||
      (request.idempotent === true && request.method !== "POST");
    for (let attempt = 0; ; attempt++) {
      const remaining = deadline - Date.now();
      const attemptTimeout = Math.min(timeoutMs, remaining);
      let failure: ShieldApiError;
      try {
        return await this.#attempt(request, url, attemptTimeout, attemptTimeout < timeoutMs);
      } catch (error) {
        if (!(error instanceof ShieldApiError)) throw error;
        failure = error;
      }
      const mayRetry = retrySafe || refusedUnapplied(failure);
      const kind = failure instanceof RateLimitError ? "rateLimit" : "other";
      const budget = kind === "rateLimit" ? maxRateLimitRetries : maxRetries;
      if (!mayRetry || retried[kind] >= budget || !isRetryable(failure)) throw failure;
      retried[kind]++;
      const wait = this.#retryDelay(failure, attempt);
      if (wait === undefined || Date.now() + wait >= deadline) throw failure;
      await new Promise((resolve) => setTimeout(resolve, wait));
      // A timer can fire late (a busy event loop): never start an attempt with no time left.
      if (Date.now() >= deadline) throw failure;
    }
  }

  /** The wait before the next attempt, or undefined when the service asks for more than we allow. */
  #retryDelay(failure: ShieldApiError, attempt: number): number | undefined {
    const { retryBaseDelayMs, maxRetryDelayMs } = this.#settings;
    if (failure instanceof RateLimitError && failure.retryAfterMs !== undefined) {
      return failure.retryAfterMs <= maxRetryDelayMs ? failure.retryAfterMs : undefined;
    }
    const ceiling = Math.min(maxRetryDelayMs, retryBaseDelayMs * 2 ** attempt);
    return ceiling / 2 + Math.random() * (ceiling / 2);
  }

  async #attempt(
    request: ApiRequest,
    url: string,
    timeoutMs: number,
    deadlineBound: boolean,
  ): Promise<ApiResponse> {
    const sent = request.body === undefined ? "none" : (request.bodyKind ?? "json");
    const controller = takeController();
    const timer = setTimeout(() => controller.abort(), Math.max(0, timeoutMs));
    let response: Response;
    let text: string;
    try {
      response = await nodeFetch()(url, {
        method: request.method,
        headers: this.#headers[request.answerKind ?? "json"][sent],
        body: sent === "none" ? undefined : ENCODE[sent](request.body),
        agent: this.#agent,
        // Never follow redirects: node-fetch would send the AccessKey header to any host.
        redirect: "manual",
        signal: controller.signal,
      });
      text = await response.text();
    } catch (error) {
      // The controller is not reused: node-fetch may still listen to its signal.
      throw transportFailure(error, request, timeoutMs, deadlineBound, this.#settings.baseUrl);
    } finally {
      clearTimeout(timer);
    }
    // The body was read to its end, where node-fetch removes its abort listener.
    releaseController(controller);

    const status = response.status;
    const details: ApiErrorDetails = {
      operation: request.operation,
      method: request.method,
      path: request.path,
      status,
    };
    const textAnswer = request.answerKind === "text" && status >= 200 && status < 300;
    let body: unknown;
    if (textAnswer && !/json/i.test(response.headers.get("content-type") ?? "")) {
      body = text.length > 0 ? text : undefined;
    } else if (text.length > 0) {
      try {
        body = JSON.parse(text);
      } catch (cause) {
        // A text labelled JSON that is not JSON is still the text. A gateway's HTML page on a
        // 5xx or 429 is still that status; elsewhere it is a broken answer.
        if (!textAnswer && status < 500 && status !== 429) {
          throw new InvalidResponseError(describeNonJson(text), {
            ...details,
            cause,
            hint: "Check that the API URL points at the bunny.net API.",
          });
        }
        body = text;
      }
    }
    const failure = describeFailure(body);
    if (status >= 200 && status < 300 && !failure) return { status, body };
    throw failureFor(
      status,
      { ...details, ...failure, body },
      response.headers.get("retry-after"),
      text,
    );
  }
}

/** The service's own words about a failure, from any of its error shapes. */
interface ServiceFailure {
  errorKey?: string;
  serviceMessage?: string;
  problem?: ProblemDetails;
  envelopeStatus?: number;
}

/**
 * Reads a failure out of a body: a status envelope (`error`, `errorResponse`, or the
 * whole body, as DELETEs answer) with `success: false` and a message or key, a
 * ProblemDetails, or a core-API `{ErrorKey, Message}`. An envelope with `success: false`
 * and neither a message nor a key is the service's empty default, not a failure.
 */
export function describeFailure(body: unknown): ServiceFailure | undefined {
  if (!isRecord(body)) return undefined;
  for (const envelope of [body.error, body.errorResponse, body]) {
    if (isRecord(envelope) && envelope.success === false) {
      const errorKey = nonEmpty(envelope.errorKey);
      const serviceMessage = nonEmpty(envelope.message);
      if (errorKey || serviceMessage) {
        const envelopeStatus =
          typeof envelope.statusCode === "number" ? envelope.statusCode : undefined;
        return { errorKey, serviceMessage, envelopeStatus };
      }
    }
  }
  if (nonEmpty(body.ErrorKey) || nonEmpty(body.Message)) {
    const field = nonEmpty(body.Field);
    const message = nonEmpty(body.Message);
    return {
      errorKey: nonEmpty(body.ErrorKey),
      serviceMessage: field && message ? `${message} (field ${field})` : message,
    };
  }
  if (nonEmpty(body.title) || nonEmpty(body.detail)) {
    const problem = body as ProblemDetails;
    const serviceMessage = [nonEmpty(problem.title), nonEmpty(problem.detail)]
      .filter(Boolean)
      .join(": ");
    return { serviceMessage, problem };
  }
  return undefined;
}

function failureFor(
  status: number,
  details: ApiErrorDetails,
  retryAfter: string | null,
  text: string,
): ShieldApiError {
  const d = details;
  const key = d.errorKey ?? "";
  if (key.startsWith("not_found")) {
    return new NotFoundError("The object does not exist, or this account cannot see it.", {
      ...d,
      hint: "Check the zone and object ids, and that the API key belongs to the account that owns them.",
    });
  }
  if (
    /^(invalid_plan_type|not_available|feature_not_available|plan_change_blocked|limit_reached)/.test(
      key,
    )
  ) {
    return new PlanRestrictionError("The zone's Shield plan does not allow this change.", {
      ...d,
      hint: "Upgrade the zone's Shield plan in the bunny.net dashboard, or leave this setting as it is.",
    });
  }
  if (key === "invalid_datetime_window.event_logs") {
    return new ValidationError("That day is outside the event-log window.", {
      ...d,
      hint: "Event logs are kept for today and the two days before it (UTC); ask for one of those days.",
    });
  }
  const effective = retryStatus(status, d.envelopeStatus);
  if (effective === 401 || effective === 403) {
    return new AuthenticationError("The API key was refused.", {
      ...d,
      hint:
        "Use the account's main API key (team members' keys are refused), set with " +
        "`pulumi config set --secret bunnynet:apiKey <key>` or BUNNYNET_API_KEY.",
    });
  }
  if (effective === 409) {
    return new ConflictError("It already exists.", {
      ...d,
      hint:
        "Read the existing object and update it instead of creating it " +
        "(for a shield zone: `shieldZones.getByPullZone(pullZoneId)`, then `shieldZones.update`).",
    });
  }
  if (effective === 404) {
    return new NotFoundError("Not found.", {
      ...d,
      hint: "Check the ids, and that the API URL points at the bunny.net API.",
    });
  }
  if (effective === 429) {
    const retryAfterMs = parseRetryAfter(retryAfter);
    return new RateLimitError(
      "Too many requests.",
      {
        ...d,
        hint:
          retryAfterMs === undefined
            ? "Retry later, or lower the parallelism (`pulumi up --parallel N`)."
            : `The service asked to wait ${Math.ceil(retryAfterMs / 1000)} s; retry then, or lower the parallelism (\`pulumi up --parallel N\`).`,
      },
      retryAfterMs,
    );
  }
  if (effective === 400 || effective === 422) {
    return new ValidationError("The service refused the request as invalid.", {
      ...d,
      hint: "Correct the value the service names.",
    });
  }
  if (effective >= 500) {
    return new ServerError(
      `The service failed${text.length === 0 ? " with an empty answer" : ""}.`,
      {
        ...d,
        hint: "This is on the service's side; retry later.",
      },
    );
  }
  const summary =
    status >= 200 && status < 300
      ? "The service reported a failure."
      : `Unexpected answer (HTTP ${status}).`;
  return new ShieldApiError(summary, {
    ...d,
    hint:
      status >= 300 && status < 400
        ? "Redirects are not followed (they would carry the API key elsewhere); " +
          "check that the API URL points at the bunny.net API."
        : undefined,
  });
}

/**
 * The status a failure is classed and retried by: the HTTP status, except for a 2xx whose
 * envelope carries a status of its own (the service reports a 503 inside a 200, too).
 */
function retryStatus(status: number, envelopeStatus: number | undefined): number {
  return status >= 200 && status < 300 ? (envelopeStatus ?? status) : status;
}

/**
 * An HTTP 429: the service turned the request away without acting on it, so even a POST may
 * be sent again after the wait it asks for. A 429 inside a 2xx envelope does not say as much.
 */
function refusedUnapplied(failure: ShieldApiError): boolean {
  return failure instanceof RateLimitError && failure.status === 429;
}

function isRetryable(failure: ShieldApiError): boolean {
  if (failure instanceof ConnectionError) return true;
  if (!(failure instanceof RateLimitError || failure instanceof ServerError)) return false;
  if (failure.status === undefined) return false;
  const status = retryStatus(failure.status, failure.envelopeStatus);
  if (RETRYABLE_STATUSES.has(status)) return true;
  // A bare 500 is the service's documented transient failure; a 500 with a body explains itself.
  return status === 500 && failure.body === undefined;
}

/** Milliseconds to wait from a `Retry-After` header: delta-seconds or an HTTP date. */
export function parseRetryAfter(header: string | null, now = Date.now()): number | undefined {
  if (header === null || header.trim() === "") return undefined;
  const text = header.trim();
  if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000);
  const date = Date.parse(text);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

function transportFailure(
  error: unknown,
  { operation, method, path }: ApiRequest,
  timeoutMs: number,
  deadlineBound: boolean,
  baseUrl: string,
): ShieldApiError {
  const name = (error as { name?: string } | null)?.name;
  if (name === "AbortError") {
    return new TimeoutError(`No answer within ${timeoutMs} ms.`, {
      operation,
      method,
      path,
      cause: error,
      hint: deadlineBound
        ? "The call's overall deadline ran out; retry later or raise `deadlineMs`."
        : "Retry later, or raise `timeoutMs`.",
    });
  }
  const code = (error as { code?: string } | null)?.code;
  return new ConnectionError(`The connection failed${code ? ` (${code})` : ""}.`, {
    operation,
    method,
    path,
    cause: error,
    hint: `Check the network and the API URL (${baseUrl}, from bunnynet:apiUrl or BUNNYNET_API_URL).`,
  });
}

/** `?a=1&b=2` for a query, or "" for none. */
function queryString(query: ApiRequest["query"]): string {
  if (query === undefined) return "";
  const params = new URLSearchParams();
  for (const name in query) params.set(name, String(query[name]));
  const text = params.toString();
  return text === "" ? "" : `?${text}`;
}

function describeNonJson(text: string): string {
  return /^\s*</.test(text)
    ? "The answer was an HTML page, not JSON."
    : `The answer was not JSON (it began ${JSON.stringify(text.slice(0, 40))}).`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function nonEmpty(value: unknown): string | undefined {
  return typeof value === "string" && value.length > 0 ? value : undefined;
}
