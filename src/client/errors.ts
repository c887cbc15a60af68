/**
 * The one error model of the package, after the Stainless-generated SDKs: every
 * error is a {@link ShieldError}; every failure reported by (or on the way to)
 * the service is a {@link ShieldApiError} subclass that says what went wrong
 * and what to do next. Errors never hold the API key or request headers.
 */

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
  constructor(
    summary: string,
    details: ApiErrorDetails,
    /** The wait the service asked for, in milliseconds, if it said. */
    readonly retryAfterMs?: number,
  ) {
    super(summary, details);
  }
}

/** 5xx: the service failed. */
export class ServerError extends ShieldApiError {
  override readonly name = "ServerError";
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
    // JSON.stringify leaves DEL and C1 controls raw; show them, since they are often the problem.
    return JSON.stringify(shown).replace(
      /[\u007f-\u009f]/g,
      (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
    );
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
