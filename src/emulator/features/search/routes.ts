/** The core API's platform-wide search. */
import type { RouteDefinition } from "../../route";
import { search } from "./search";

export const searchRoutes: readonly RouteDefinition[] = [
  {
    name: "search",
    method: "GET",
    pattern: /^\/search\/?$/i,
    constraints: {},
    handler: search,
    envelope: "core",
  },
];
