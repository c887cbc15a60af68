/**
 * Maps method and path to an operation, the way the service's ASP.NET routing does: literal
 * segments match case-insensitively, a trailing slash is ignored, and a numeric parameter that
 * fails its int32/int64 constraint means "no such route" (404), not a validation error.
 */
import type { RouteName } from "./route-names";
import type { RouteHandler } from "./routes/context";
import { getBotDetection } from "./routes/get-bot-detection";
import { getEventLogs } from "./routes/get-event-logs";
import { listAccessLists } from "./routes/list-access-lists";
import { search } from "./routes/search";
import { updateAccessListConfiguration } from "./routes/update-access-list-configuration";

type Constraint = "int32" | "int64";

interface RouteDefinition {
  readonly name: RouteName;
  readonly method: "GET" | "PATCH";
  /** Named groups are the path parameters. */
  readonly pattern: RegExp;
  readonly constraints: Readonly<Record<string, Constraint>>;
  readonly handler: RouteHandler;
}

const ROUTES: readonly RouteDefinition[] = [
  {
    name: "getEventLogs",
    method: "GET",
    // The token segment is optional: the first page is asked for without one (or with "").
    pattern:
      /^\/shield\/event-logs\/(?<shieldZoneId>[^/]+)\/(?<date>[^/]+)(?:\/(?<continuationToken>[^/]*))?\/?$/i,
    constraints: { shieldZoneId: "int32" },
    handler: getEventLogs,
  },
  {
    name: "listAccessLists",
    method: "GET",
    pattern: /^\/shield\/shield-zone\/(?<shieldZoneId>[^/]+)\/access-lists\/?$/i,
    constraints: { shieldZoneId: "int32" },
    handler: listAccessLists,
  },
  {
    name: "updateAccessListConfiguration",
    method: "PATCH",
    pattern:
      /^\/shield\/shield-zone\/(?<shieldZoneId>[^/]+)\/access-lists\/configurations\/(?<id>[^/]+)\/?$/i,
    constraints: { shieldZoneId: "int32", id: "int64" },
    handler: updateAccessListConfiguration,
  },
  {
    name: "getBotDetection",
    method: "GET",
    pattern: /^\/shield\/shield-zone\/(?<shieldZoneId>[^/]+)\/bot-detection\/?$/i,
    constraints: { shieldZoneId: "int32" },
    handler: getBotDetection,
  },
  {
    name: "search",
    method: "GET",
    pattern: /^\/search\/?$/i,
    constraints: {},
    handler: search,
  },
];

/** The outcome of routing one request. */
export type RouteMatch =
  | {
      readonly kind: "route";
      readonly name: RouteName;
      readonly handler: RouteHandler;
      readonly params: Readonly<Record<string, string | undefined>>;
    }
  | { readonly kind: "method-not-allowed"; readonly allow: readonly string[] }
  | { readonly kind: "not-found" };

/** Finds the operation for a request; `pathname` is the raw (still percent-encoded) path. */
export function matchRoute(method: string, pathname: string): RouteMatch {
  const allow: string[] = [];
  for (const route of ROUTES) {
    const params = matchPath(route, pathname);
    if (!params) continue;
    if (route.method === method) {
      return { kind: "route", name: route.name, handler: route.handler, params };
    }
    allow.push(route.method);
  }
  return allow.length > 0 ? { kind: "method-not-allowed", allow } : { kind: "not-found" };
}

function matchPath(
  route: RouteDefinition,
  pathname: string,
): Record<string, string | undefined> | undefined {
  const match = route.pattern.exec(pathname);
  if (!match) return undefined;
  const params: Record<string, string | undefined> = {};
  for (const [name, raw] of Object.entries(match.groups ?? {})) {
    let value: string | undefined;
    try {
      value = raw === undefined ? undefined : decodeURIComponent(raw);
    } catch {
      return undefined; // malformed percent-encoding matches no route
    }
    const constraint = route.constraints[name];
    if (constraint && !satisfies(value ?? "", constraint)) return undefined;
    params[name] = value;
  }
  return params;
}

const LIMITS: Record<Constraint, bigint> = { int32: 2n ** 31n, int64: 2n ** 63n };

/** .NET's int/long route constraints: optional sign, digits, within range. */
function satisfies(value: string, constraint: Constraint): boolean {
  if (!/^[+-]?\d+$/.test(value)) return false;
  const n = BigInt(value);
  return n >= -LIMITS[constraint] && n < LIMITS[constraint];
}
