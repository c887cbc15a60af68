/**
 * Retries: which requests may be sent again, after which failures, how long to wait (the
 * service's `Retry-After`, or backoff with jitter), within which budgets and deadline.
 */
import {
  ConnectionError,
  MaintenanceError,
  RateLimitError,
  retryStatus,
  ServerError,
  ShieldApiError,
} from "./errors";

/** What the retries need to know of a request (an `ApiRequest`). */
export interface RetriedRequest {
  method: string;
  /** A request other than a GET that changes nothing: retried like a GET. */
  readOnly?: boolean;
  /** Repeating it cannot do harm: a PATCH, PUT or DELETE is then retried after any failure. */
  idempotent?: boolean;
}

/** How a client retries. */
export interface RetryPolicy {
  /** Retries after failures other than 429. */
  maxRetries: number;
  /** Retries after 429s, which each wait what the service asks. */
  maxRateLimitRetries: number;
  retryBaseDelayMs: number;
  maxRetryDelayMs: number;
  /** How long a call may take, its attempts and waits included. */
  deadlineMs: number;
}

/**
 * Retry budgets that replace a client's for the requests of one view of it
 * (`ShieldClient.withOptions`), for callers whose calls need another budget than the client's.
 */
export interface RequestOptions {
  /** Retries after failures other than 429; default the client's `maxRetries`. */
  maxRetries?: number;
  /** Retries after 429s, each after the wait the service asks; default the client's. */
  maxRateLimitRetries?: number;
}

const RETRYABLE_STATUSES = new Set([429, 502, 503, 504]);

/**
 * Whether `request` may be sent again after any retryable failure. Besides a GET, only what is
 * read-only or idempotent is. A POST creates: repeated after a lost answer, it could create
 * twice, so `idempotent` does not cover it; it is retried only when the service refused it
 * unread (an HTTP 429).
 */
export function isRetrySafe(request: RetriedRequest): boolean {
  return (
    request.method === "GET" ||
    request.readOnly === true ||
    (request.idempotent === true && request.method !== "POST")
  );
}

/**
 * Sends `request` through `attempt` (given the attempt's timeout, and whether the deadline
 * rather than `timeoutMs` bounds it) until an answer, retrying where that is safe and the
 * budgets and the deadline allow; throws the last failure otherwise.
 */
export function withRetries<T>(
  request: RetriedRequest,
  policy: RetryPolicy & { timeoutMs: number },
  attempt: (timeoutMs: number, deadlineBound: boolean) => Promise<T>,
): Promise<T> {
  const deadline = Date.now() + policy.deadlineMs;
  const timeoutMs = Math.min(policy.timeoutMs, deadline - Date.now());
  // The first attempt outside the retry loop: most calls need no other, and an async function
  // around each one costs a promise and its turns of the microtask queue.
  return attempt(timeoutMs, timeoutMs < policy.timeoutMs).catch((error: unknown) =>
    retryAfter(error, request, policy, attempt, deadline),
  );
}

/**
 * After the first attempt failed with `firstError`: the retries where that is safe and the
 * budgets and the deadline allow, until an answer; throws the last failure otherwise.
 */
async function retryAfter<T>(
  firstError: unknown,
  request: RetriedRequest,
  policy: RetryPolicy & { timeoutMs: number },
  attempt: (timeoutMs: number, deadlineBound: boolean) => Promise<T>,
  deadline: number,
): Promise<T> {
  const { maxRetries, maxRateLimitRetries } = policy;
  // 429s (the service pacing us) and other failures each have their own budget.
  const retried = { rateLimit: 0, other: 0 };
  const retrySafe = isRetrySafe(request);
  let error = firstError;
  for (let n = 0; ; n++) {
    if (!(error instanceof ShieldApiError)) throw error;
    const failure = error;
    const mayRetry = retrySafe || refusedUnapplied(failure);
    const kind = failure instanceof RateLimitError ? "rateLimit" : "other";
    const budget = kind === "rateLimit" ? maxRateLimitRetries : maxRetries;
    if (!mayRetry || retried[kind] >= budget || !isRetryable(failure)) throw failure;
    retried[kind]++;
    const wait = retryDelay(failure, n, policy);
    if (wait === undefined || Date.now() + wait >= deadline) throw failure;
    await new Promise((resolve) => setTimeout(resolve, wait));
    // A timer can fire late (a busy event loop): never start an attempt with no time left.
    if (Date.now() >= deadline) throw failure;
    const timeoutMs = Math.min(policy.timeoutMs, deadline - Date.now());
    try {
      return await attempt(timeoutMs, timeoutMs < policy.timeoutMs);
    } catch (next) {
      error = next;
    }
  }
}

/**
 * The wait before the next attempt: what the service asked for (`Retry-After`, on a 429, a
 * 5xx or a maintenance page), else backoff with jitter; undefined when the service asks for
 * more than `maxRetryDelayMs` (retrying sooner than it said would only be refused again).
 */
function retryDelay(
  failure: ShieldApiError,
  attempt: number,
  { retryBaseDelayMs, maxRetryDelayMs }: RetryPolicy,
): number | undefined {
  if (failure.retryAfterMs !== undefined) {
    return failure.retryAfterMs <= maxRetryDelayMs ? failure.retryAfterMs : undefined;
  }
  const ceiling = Math.min(maxRetryDelayMs, retryBaseDelayMs * 2 ** attempt);
  return ceiling / 2 + Math.random() * (ceiling / 2);
}

/**
 * An HTTP 429: the service turned the request away without acting on it, so even a POST may
 * be sent again after the wait it asks for. A 429 inside a 2xx envelope does not say as much.
 */
function refusedUnapplied(failure: ShieldApiError): boolean {
  return failure instanceof RateLimitError && failure.status === 429;
}

/**
 * Whether another attempt may succeed: a lost connection, a 429, a transient 5xx, or a
 * maintenance page (a 200 that is not JSON, which the service sends while it is down).
 */
function isRetryable(failure: ShieldApiError): boolean {
  if (failure instanceof ConnectionError || failure instanceof MaintenanceError) return true;
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
