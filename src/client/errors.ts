/**
 * The one error model of the package, after the Stainless-generated SDKs: every
 * error is a {@link ShieldError}; every failure reported by (or on the way to)
 * the service is a {@link ShieldApiError} subclass that says what went wrong
 * and what to do next. Errors never hold the API key or request headers.
 */
import { escapeUnsafe } from "../text-rules";

/** Fields of an RFC 7807 ProblemDetails body, as the service sends them on 401s. */
export interface ProblemDetails {
  type?: string | null;
  title?: string | null;
  status?: number | null;
  detail?: string | null;
  instance?: string | null;
  [extra: string]: unknown;
}

/** Base class of every error thrown by this package. */
export class ShieldError extends Error {
  override readonly name: string = "ShieldError";
}

/** An argument was refused before any request was sent. */
export class InvalidArgumentError extends ShieldError {
  override readonly name = "InvalidArgumentError";
  /**
   * @param argument the argument's name, as the caller wrote it (e.g. `shieldZoneId`)
   * @param value the refused value
   * @param expectation what a valid value looks like
   */
  constructor(
    readonly argument: string,
    readonly value: unknown,
    expectation: string,
  ) {
    super(`Invalid ${argument}: ${describeValue(value)}; ${expectation}.`);
  }
}

/** No API key was configured. */
export class MissingCredentialsError extends ShieldError {
  override readonly name = "MissingCredentialsError";
  constructor(context?: string) {
    super(
      `${context ? `${context}: ` : ""}no bunny.net API key is configured. ` +
        "Set it with `pulumi config set --secret bunnynet:apiKey <key>` " +
        "or the BUNNYNET_API_KEY environment variable (the account's main API key, " +
        "from the bunny.net dashboard's account settings).",
    );
  }
}

/** What every API error knows about the request that failed. */
export interface ApiErrorDetails {
  /** The client operation, e.g. `getBotDetection`. */
  operation: string;
  /** The request's HTTP method. */
  method: string;
  /** The request path (no host, no query, no credentials). */
  path: string;
  /** HTTP status, or undefined when no response arrived. */
  status?: number;
  /**
   * The status the service put inside a 2xx answer's envelope (`error.statusCode`), when it
   * reported the failure that way; it decides the class and whether the request is retried.
   */
  envelopeStatus?: number;
  /** The service's machine-readable error key (`errorKey` / `ErrorKey`). */
  errorKey?: string;
  /** The service's own message, verbatim. */
  serviceMessage?: string;
  /** ProblemDetails fields, when the body was one. */
  problem?: ProblemDetails;
  /** The parsed response body, when there was one. */
  body?: unknown;
  /** The wait the service asked for (`Retry-After`), in milliseconds, if it said. */
  retryAfterMs?: number;
  /** What the caller should do next; appended to the message. */
  hint?: string;
  /** The underlying error (a socket error, an abort, a zod error). */
  cause?: unknown;
}

/** A request to the service failed. Subclasses say how. */
export class ShieldApiError extends ShieldError {
  override readonly name: string = "ShieldApiError";
  /** The client operation, e.g. `getBotDetection`. */
  readonly operation: string;
  /** The request's HTTP method. */
  readonly method: string;
  /** The request path (no host, no query, no credentials). */
  readonly path: string;
  /** HTTP status, or undefined when no response arrived. */
  readonly status: number | undefined;
  /** The status inside a 2xx answer's envelope (`error.statusCode`), when the failure came that way. */
  readonly envelopeStatus: number | undefined;
  /** The service's machine-readable error key, e.g. `not_found.access_list`. */
  readonly errorKey: string | undefined;
  /** The service's own message, verbatim. */
  readonly serviceMessage: string | undefined;
  /** ProblemDetails fields, when the body was one. */
  readonly problem: ProblemDetails | undefined;
  /** The parsed response body, when there was one. */
  readonly body: unknown;
  /** The wait the service asked for (`Retry-After`), in milliseconds, if it said. */
  readonly retryAfterMs: number | undefined;

  constructor(summary: string, details: ApiErrorDetails) {
    super(composeMessage(summary, details), details.cause ? { cause: details.cause } : undefined);
    this.operation = details.operation;
    this.method = details.method;
    this.path = details.path;
    this.status = details.status;
    this.envelopeStatus = details.envelopeStatus;
    this.errorKey = details.errorKey;
    this.serviceMessage = details.serviceMessage;
    this.problem = details.problem;
    this.body = details.body;
    this.retryAfterMs = details.retryAfterMs;
  }
}

/** 401 or 403: the key is missing, wrong, or not allowed to do this. */
export class AuthenticationError extends ShieldApiError {
  override readonly name = "AuthenticationError";
}

/** 404, or an errorKey starting with `not_found`: the object does not exist or is not yours. */
export class NotFoundError extends ShieldApiError {
  override readonly name = "NotFoundError";
}

/** 409: the object to create already exists (e.g. the pull zone already has a shield zone). */
export class ConflictError extends ShieldApiError {
  override readonly name = "ConflictError";
}

/** 400: the service refused the request as invalid. */
export class ValidationError extends ShieldApiError {
  override readonly name = "ValidationError";
}

/** The zone's Shield plan does not allow this change (`invalid_plan_type.*`, `not_available.*`, `feature_not_available_on_plan`, limits). */
export class PlanRestrictionError extends ShieldApiError {
  override readonly name = "PlanRestrictionError";
}

/** 429: too many requests, still refused after the retries allowed. */
export class RateLimitError extends ShieldApiError {
  override readonly name = "RateLimitError";
  /** @param retryAfterMs the wait the service asked for, in milliseconds, if it said */
  constructor(summary: string, details: ApiErrorDetails, retryAfterMs?: number) {
    super(summary, { ...details, retryAfterMs: retryAfterMs ?? details.retryAfterMs });
  }
}

/** 5xx: the service failed. */
export class ServerError extends ShieldApiError {
  override readonly name: string = "ServerError";
}

/**
 * A 2xx answer whose body is not JSON: the page the service sends, with HTTP 200, while under
 * maintenance (or, if it persists, the API URL points at a web site). A read is retried like a
 * 503; a write is not sent again, since the service may have applied it.
 */
export class MaintenanceError extends ServerError {
  override readonly name = "MaintenanceError";
}

/** No usable response: the connection was refused, reset or broken mid-body. */
export class ConnectionError extends ShieldApiError {
  override readonly name: string = "ConnectionError";
}

/** No response within the timeout or the overall deadline. */
export class TimeoutError extends ConnectionError {
  override readonly name = "TimeoutError";
}

/** The response was not what the API defines: not JSON, or not the documented shape. */
export class InvalidResponseError extends ShieldApiError {
  override readonly name = "InvalidResponseError";
}

function composeMessage(summary: string, d: ApiErrorDetails): string {
  const where = `${d.operation} (${d.method} ${d.path}${d.status === undefined ? "" : ` → ${d.status}`})`;
  const said = [d.serviceMessage, d.errorKey ? `[${d.errorKey}]` : undefined]
    .filter(Boolean)
    .join(" ");
  return `${where}: ${summary}${said ? ` Service said: ${said}` : ""}${d.hint ? ` ${d.hint}` : ""}`;
}

/** Renders a refused value for a message: short, unambiguous, never huge. */
export function describeValue(value: unknown): string {
  if (typeof value === "string") {
    const shown = value.length > 80 ? `${value.slice(0, 77)}...` : value;
    // JSON.stringify leaves DEL, C1 controls and bidirectional overrides raw; show them, since
    // they are often the problem (and an override would turn the message itself around).
    return escapeUnsafe(JSON.stringify(shown));
  }
  if (typeof value === "number" || typeof value === "boolean" || value === null) {
    return String(value);
  }
  if (value === undefined) return "undefined";
  if (value instanceof Date)
    return `Date(${Number.isNaN(value.getTime()) ? "invalid" : value.toISOString()})`;
  try {
    const text = JSON.stringify(value);
    return text.length > 80 ? `${text.slice(0, 77)}...` : text;
  } catch {
    return Object.prototype.toString.call(value);
  }
}

/**
 * An address as messages may show it: scheme, host and port, with `***@` in place of
 * credentials and `/…` in place of a path, query or fragment. Text that is not a URL is not
 * shown at all: it may be a key.
 */
export function redactUrl(value: string | URL): string {
  let url: URL;
  try {
    url = typeof value === "string" ? new URL(value) : value;
  } catch {
    return "(not shown: not a URL)";
  }
  const credentials = url.username || url.password ? "***@" : "";
  const more = (url.pathname !== "/" && url.pathname !== "") || url.search || url.hash;
  if (url.host === "") return `${url.protocol}${more ? "…" : ""}`;
  return `${url.protocol}//${credentials}${url.host}${more ? "/…" : ""}`;
}

// ---------------------------------------------------------------------------------------
// From an answer (or its absence) to its error.

/** The service's own words about a failure, from any of its error shapes. */
export interface ServiceFailure {
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
  // The envelopes one by one, not through an array of them: this runs on every answer.
  const reported =
    envelopeFailure(body.error) ?? envelopeFailure(body.errorResponse) ?? envelopeFailure(body);
  if (reported) return reported;
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

/** The failure a status envelope reports: `success: false` with a message or a key. */
function envelopeFailure(envelope: unknown): ServiceFailure | undefined {
  if (!isRecord(envelope) || envelope.success !== false) return undefined;
  const errorKey = nonEmpty(envelope.errorKey);
  const serviceMessage = nonEmpty(envelope.message);
  if (!errorKey && !serviceMessage) return undefined;
  const envelopeStatus = typeof envelope.statusCode === "number" ? envelope.statusCode : undefined;
  return { errorKey, serviceMessage, envelopeStatus };
}

/**
 * The error of a failed answer: its class by the service's errorKey, then by status (an
 * envelope's status inside a 2xx), with a hint that says what to do next. `retryAfterMs` is
 * the wait a 429 asked for; `text` the raw body.
 */
export function errorFor(
  status: number,
  details: ApiErrorDetails,
  retryAfterMs: number | undefined,
  text: string,
): ShieldApiError {
  const d = { ...details, retryAfterMs };
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
    return new RateLimitError(
      "Too many requests.",
      {
        ...d,
        hint:
          retryAfterMs === undefined
            ? "Retry later, or lower the parallelism (`pulumi up --parallel N`)."
            : `The service asked to wait ${seconds(retryAfterMs)} s; retry then, or lower the parallelism (\`pulumi up --parallel N\`).`,
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
        hint: `This is on the service's side; ${retryLater(retryAfterMs)}.`,
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

/** "retry later", with the wait the service asked for (`Retry-After`) when it said. */
function retryLater(retryAfterMs: number | undefined): string {
  return retryAfterMs === undefined
    ? "retry later"
    : `retry later (the service asked to wait ${seconds(retryAfterMs)} s)`;
}

/** Whole seconds of a wait, rounded up. */
function seconds(ms: number): number {
  return Math.ceil(ms / 1000);
}

/**
 * The error of a 2xx answer whose body is not JSON (`text`): a maintenance page. `retried`
 * says whether the request is one that is sent again after it (a read), which decides what
 * the caller should do next.
 */
export function maintenanceError(
  details: ApiErrorDetails,
  text: string,
  retryAfterMs: number | undefined,
  retried: boolean,
): MaintenanceError {
  const status = details.status ?? 200;
  const summary = `${describeNonJson(text)} The service answers so, with HTTP ${status}, while under maintenance.`;
  const asked = retryAfterMs === undefined ? "" : ` (it asked to wait ${seconds(retryAfterMs)} s)`;
  const next = retried
    ? `This is on the service's side; ${retryLater(retryAfterMs)}.`
    : "The request was not sent again, since the service may have applied it: once the " +
      `service is back${asked}, check whether it did (\`pulumi refresh\`, or read the ` +
      "object), then run the update again.";
  return new MaintenanceError(summary, {
    ...details,
    retryAfterMs,
    hint: `${next} If this persists, check that the API URL points at the bunny.net API.`,
  });
}

/**
 * The status a failure is classed and retried by: the HTTP status, except for a 2xx whose
 * envelope carries a status of its own (the service reports a 503 inside a 200, too).
 */
export function retryStatus(status: number, envelopeStatus: number | undefined): number {
  return status >= 200 && status < 300 ? (envelopeStatus ?? status) : status;
}

/**
 * The error of a request that got no answer: a timeout, or a connection that failed. The
 * address is shown redacted (`redactUrl`).
 */
export function transportFailure(
  error: unknown,
  { operation, method, path }: Pick<ApiErrorDetails, "operation" | "method" | "path">,
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
    hint: `Check the network and the API URL (${redactUrl(baseUrl)}, from bunnynet:apiUrl or BUNNYNET_API_URL).`,
  });
}

/** What a body that should have been JSON was instead. */
export function describeNonJson(text: string): string {
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
