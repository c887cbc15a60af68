/** What a route is: its name, method and path, how it fails, and its handler. */
import type { EmulatorState } from "./state";
import type { ApiResponse, ErrorEnvelope } from "./responses";

/** The request as a handler sees it; authentication has already been checked. */
export interface RouteContext {
  readonly state: EmulatorState;
  /** Path parameters, percent-decoded; numeric ones already passed their route constraint. */
  readonly params: Readonly<Record<string, string | undefined>>;
  readonly query: URLSearchParams;
  /** The request body as text ("" when there is none). */
  readonly rawBody: string;
  /** The request path, for ProblemDetails `instance`. */
  readonly path: string;
  /** The emulator clock's reading for this request. */
  readonly now: Date;
  readonly eventLogPageSize: number;
  /** Drift mode (drift.ts): a handler may then show what the spec does not list yet. */
  readonly drift: boolean;
  /**
   * Refuse a request property the service does not know (400), instead of dropping it as the
   * live service does (see request-body.ts).
   */
  readonly strictBodies: boolean;
}

/** Handles one operation synchronously, so that state changes happen in arrival order. */
export type RouteHandler = (context: RouteContext) => ApiResponse;

/** The .NET route constraints the emulator knows. */
export type Constraint = "int32" | "int64";

/** One operation of the emulated API. */
export interface RouteDefinition<Name extends string = string> {
  /** Like the client method that calls it; fault specs and request records use it. */
  readonly name: Name;
  readonly method: "GET" | "POST" | "PATCH" | "PUT" | "DELETE";
  /** Named groups are the path parameters. */
  readonly pattern: RegExp;
  readonly constraints: Readonly<Record<string, Constraint>>;
  readonly handler: RouteHandler;
  readonly envelope: ErrorEnvelope;
  /**
   * For a write: the zone it changes, known before it is handled (from the path, the body or
   * the state). Overlapping writes to one zone fail like the service's (see server.ts).
   */
  readonly writes?: (context: RouteContext) => number | undefined;
  /**
   * Paths (dotted, `*` for every element of an array) of answer fields that no client reads,
   * which drift mode sends with another JSON type than the spec's.
   */
  readonly unreadFields?: readonly string[];
  /** Paths of answer objects whose keys are data (maps), to which drift mode adds nothing. */
  readonly maps?: readonly string[];
}

/**
 * The pattern of a path (named groups are its parameters), as ASP.NET matches it:
 * case-insensitive, with or without a trailing slash.
 */
export const pathPattern = (text: string): RegExp =>
  new RegExp(`^${text.replace(/\//g, "\\/")}\\/?$`, "i");

/** The `shieldZoneId` of a JSON body, for {@link RouteDefinition.writes}; undefined if none. */
export function zoneInBody({ rawBody }: RouteContext): number | undefined {
  try {
    const body: unknown = JSON.parse(rawBody);
    const id =
      typeof body === "object" && body !== null
        ? (body as Record<string, unknown>).shieldZoneId
        : undefined;
    return Number.isSafeInteger(id) ? (id as number) : undefined;
  } catch {
    return undefined;
  }
}

/** The zone id in a route's path, for {@link RouteDefinition.writes}. */
export function zoneInPath({ params }: RouteContext): number | undefined {
  return params.shieldZoneId === undefined ? undefined : Number(params.shieldZoneId);
}

/**
 * A feature's routes, typed so that their names stay literals: the emulator's `RouteName` is
 * the union of every feature's.
 */
export const defineRoutes = <const Name extends string>(
  routes: readonly RouteDefinition<Name>[],
): readonly RouteDefinition<Name>[] => routes;
