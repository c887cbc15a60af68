/**
 * The answers the emulator builds: JSON bodies, the Shield status envelope, each route's
 * error envelope, ProblemDetails and core-API errors. Handlers return an {@link ApiResponse};
 * the server writes it.
 */
import { randomBytes } from "node:crypto";
import { STATUS_CODES } from "node:http";
import type {
  AccessListsDetailsResponse,
  CoreApiError,
  GenericRequestResponse,
  ProblemDetails,
  WafLoggingResponse,
} from "./api-types";

/**
 * The body a route fails with (for faults with `envelopeErrorKey`): `data` is `{data, error}`,
 * `accessLists` the access-lists answer with null data, `eventLogs` an event-log page,
 * `status` the bare status envelope, `rule` `{errorResponse}` (rules, the event-log search),
 * `core` the core API's PascalCase error, `categories` a list of categories answered with
 * null categories.
 */
export type ErrorEnvelope =
  "data" | "accessLists" | "eventLogs" | "status" | "rule" | "core" | "categories";

/** A complete answer, ready to be written. */
export interface ApiResponse {
  status: number;
  contentType: string;
  body: string;
  headers?: Record<string, string>;
  /** True when handling it changed the state (the server then saves the state file). */
  mutated?: boolean;
  /**
   * True when it says that the object the request names does not exist (made by
   * {@link absent}): the server then sends it as it is, or as ASP.NET's bare `NotFound()`
   * (see {@link AbsenceStyle}).
   */
  absence?: boolean;
}

/**
 * How the emulator answers "no such object" (a custom page, list, configuration, rule, endpoint
 * or bot a request names): `envelope`, the route's own error envelope with the feature's
 * `not_found.*` errorKey (the default); `problem`, the bare ProblemDetails 404 of an ASP.NET
 * `NotFound()` (`bareNotFound`), with no errorKey. A missing zone is answered with its
 * envelope either way.
 */
export type AbsenceStyle = "envelope" | "problem";

/** The styles of {@link AbsenceStyle}, for option checks. */
export const ABSENCE_STYLES: readonly AbsenceStyle[] = ["envelope", "problem"];

/** A feature's "no such object": its errorKey (`not_found.*`) and message. */
export interface Absence {
  readonly errorKey: string;
  readonly message: string;
}

const absences = new Map<string, Absence>();

/**
 * Declares a feature's "no such object" answer (answered through {@link absent}), so that
 * {@link objectAbsences} lists it: the tests try every reader against each, in both styles.
 */
export function absence(errorKey: string, message: string): Absence {
  const declared = absences.get(errorKey) ?? { errorKey, message };
  absences.set(errorKey, declared);
  return declared;
}

/** Every "no such object" the features declare (those of the features loaded). */
export function objectAbsences(): readonly Absence[] {
  return [...absences.values()];
}

/** `response`, a route's envelope saying the object it names does not exist, marked as such. */
export function absent(response: ApiResponse): ApiResponse {
  return { ...response, absence: true };
}

/**
 * ASP.NET Core's answer to a controller's bare `NotFound()`: a ProblemDetails without `detail`,
 * `instance` or any errorKey, with a `traceId` (W3C trace context, as ASP.NET writes it).
 */
export function bareNotFound(): ApiResponse {
  const traceId = `00-${randomBytes(16).toString("hex")}-${randomBytes(8).toString("hex")}-00`;
  return {
    status: 404,
    contentType: PROBLEM_TYPE,
    body: JSON.stringify({ type: null, title: "Not Found", status: 404, traceId }),
  };
}

/** Content type of ordinary answers. */
export const JSON_TYPE = "application/json; charset=utf-8";
/** Content type of text answers (an HTML page sent as text). */
export const TEXT_TYPE = "text/plain; charset=utf-8";
/** Content type of ProblemDetails answers. */
export const PROBLEM_TYPE = "application/problem+json; charset=utf-8";

/** Error keys and messages the real service uses. */
export const ERRORS = {
  zoneNotFound: {
    errorKey: "not_found_or_unauthorised_access.shieldzone",
    message: "Shield Zone not found or Unauthorized access.",
  },
  configurationNotFound: absence(
    "not_found.access_list_configuration",
    "Access list configuration not found.",
  ),
  customListNotFound: absence("not_found.access_list", "Access list not found."),
  ruleNotFound: absence("not_found.waf_rule", "Rule not found."),
  planTooLow: {
    // The key the live service sends for a managed list the plan lacks (bunny.net's Terraform
    // provider tests for it); the message is the emulator's own.
    errorKey: "not_available.access_list",
    message: "This access list is not available on the Shield Zone's current plan.",
  },
  botDetectionPlanTooLow: {
    errorKey: "invalid_plan_type.bot_detection",
    message: "Unable to make changes whilst on the Basic tier of Bunny Shield.",
  },
  shieldZoneExists: {
    errorKey: "already_exists.shieldzone",
    message: "This pull zone already has a Shield Zone; update that one instead.",
  },
  dateOutsideWindow: {
    errorKey: "invalid_datetime_window.event_logs",
    message:
      "Event logs are only available for today and the two previous days (UTC), as MM-dd-yyyy.",
  },
  featureNotOnPlan: {
    errorKey: "feature_not_available_on_plan",
    message: "This feature is not available on the Shield Zone's current plan.",
  },
  searchWindowOutsideRetention: {
    errorKey: "invalid_datetime_window.event_logs",
    message:
      "The search window must end after it starts and lie within today and the two previous days (UTC).",
  },
  metricsWindow: {
    // The emulator's own key (the spec documents none), modelled on the event logs' one.
    errorKey: "invalid_datetime_window.metrics",
    message: "EndDate must be after StartDate, at most 366 days later.",
  },
  badContinuationToken: {
    errorKey: "invalid_continuation_token.event_logs",
    message: "The continuation token is invalid or does not belong to this zone and date.",
  },
} as const;

/** A JSON answer. */
export function json(status: number, value: unknown, mutated = false): ApiResponse {
  return { status, contentType: JSON_TYPE, body: JSON.stringify(value), mutated };
}

/** The envelope of a successful Shield answer. */
export function successStatus(): GenericRequestResponse {
  return { statusCode: 200, success: true, message: null, errorKey: null };
}

/** The envelope of a failed Shield answer. */
export function errorStatus(
  statusCode: number,
  error: { errorKey: string | null; message: string | null },
): GenericRequestResponse {
  return { statusCode, success: false, message: error.message, errorKey: error.errorKey };
}

/** An event-log page that carries only an error. */
export function eventLogError(status: GenericRequestResponse): WafLoggingResponse {
  return {
    logs: null,
    hasMoreData: false,
    continuationToken: "",
    startToken: null,
    errorResponse: status,
  };
}

/** An access-lists answer that carries only an error (every data field null, as .NET writes). */
export function accessListsError(status: GenericRequestResponse): AccessListsDetailsResponse {
  return {
    managedLists: null,
    customLists: null,
    customEntryCount: null,
    customEntryLimit: null,
    customListCount: null,
    customListLimit: null,
    error: status,
  };
}

/** A `{data, error}` answer that carries only an error. */
export function dataEnvelopeError(status: GenericRequestResponse): {
  data: null;
  error: GenericRequestResponse;
} {
  return { data: null, error: status };
}

/** A `{data: null, error}` answer with this status, in the body and the envelope. */
export function dataError(
  status: number,
  error: { errorKey: string | null; message: string | null },
): ApiResponse {
  return json(status, dataEnvelopeError(errorStatus(status, error)));
}

/** A core-API (PascalCase) error, as `/search` sends. */
export function coreError(status: number, error: CoreApiError): ApiResponse {
  return json(status, error);
}

/**
 * The failure body of a route for a Shield errorKey: its own envelope with `success: false`
 * (`core`: the core API's error, which has no envelope).
 */
export function routeErrorBody(
  envelope: ErrorEnvelope,
  statusCode: number,
  errorKey: string,
  message: string | null,
): unknown {
  const status = errorStatus(statusCode, { errorKey, message });
  switch (envelope) {
    case "eventLogs":
      return eventLogError(status);
    case "accessLists":
      return accessListsError(status);
    case "data":
      return dataEnvelopeError(status);
    case "status":
      return status;
    case "rule":
      return { errorResponse: status };
    case "categories":
      return { categories: null, error: status };
    case "core":
      return { ErrorKey: errorKey, Field: null, Message: message ?? "" } satisfies CoreApiError;
  }
}

/** The `type` link ASP.NET writes into ProblemDetails, per status. */
const PROBLEM_TYPES: Record<number, string> = {
  400: "https://tools.ietf.org/html/rfc9110#section-15.5.1",
  401: "https://tools.ietf.org/html/rfc9110#section-15.5.2",
  403: "https://tools.ietf.org/html/rfc9110#section-15.5.4",
  404: "https://tools.ietf.org/html/rfc9110#section-15.5.5",
  405: "https://tools.ietf.org/html/rfc9110#section-15.5.6",
  409: "https://tools.ietf.org/html/rfc9110#section-15.5.10",
  413: "https://tools.ietf.org/html/rfc9110#section-15.5.14",
  429: "https://tools.ietf.org/html/rfc6585#section-4",
  500: "https://tools.ietf.org/html/rfc9110#section-15.6.1",
  502: "https://tools.ietf.org/html/rfc9110#section-15.6.3",
  503: "https://tools.ietf.org/html/rfc9110#section-15.6.4",
  504: "https://tools.ietf.org/html/rfc9110#section-15.6.5",
};

/** A ProblemDetails body like ASP.NET's. */
export function problemDetails(
  status: number,
  instance: string,
  detail: string | null = null,
): ProblemDetails {
  return {
    type: PROBLEM_TYPES[status] ?? null,
    title: STATUS_CODES[status] ?? null,
    status,
    detail,
    instance,
  };
}

/** A ProblemDetails answer. */
export function problem(
  status: number,
  instance: string,
  detail: string | null = null,
): ApiResponse {
  return {
    status,
    contentType: PROBLEM_TYPE,
    body: JSON.stringify(problemDetails(status, instance, detail)),
  };
}
