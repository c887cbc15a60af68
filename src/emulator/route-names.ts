/**
 * The names of the API operations the emulator serves, named like the client methods that
 * call them and gathered from every feature's routes. Fault specs and request records refer
 * to routes by these names.
 */
import features from "./features";

/** One of {@link ROUTE_NAMES}. */
export type RouteName = (typeof features)[keyof typeof features]["routes"][number]["name"];

/** Every route's name, in the order the features list them. */
export const ROUTE_NAMES: readonly RouteName[] = Object.values(features).flatMap((feature) =>
  feature.routes.map((route) => route.name),
);

/** True when `value` is one of {@link ROUTE_NAMES}. */
export function isRouteName(value: unknown): value is RouteName {
  return typeof value === "string" && (ROUTE_NAMES as readonly string[]).includes(value);
}
