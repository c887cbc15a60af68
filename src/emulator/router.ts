/**
 * Maps method and path to an operation, the way the service's ASP.NET routing does: literal
 * segments match case-insensitively, a trailing slash is ignored, and a numeric parameter that
 * fails its int32/int64 constraint means "no such route" (404), not a validation error.
 */
import features from "./features";
import type { Constraint, RouteDefinition } from "./route";
import type { RouteName } from "./route-names";

/** Every route, each feature's from its folder under features/ (listed in features/index.ts). */
export const ROUTES: readonly RouteDefinition<RouteName>[] = Object.values(features).flatMap(
  (feature): readonly RouteDefinition<RouteName>[] => feature.routes,
);

/** The outcome of routing one request. */
export type RouteMatch =
  | {
      readonly kind: "route";
      readonly route: RouteDefinition<RouteName>;
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
      return { kind: "route", route, params };
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
