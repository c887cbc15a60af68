/** The core API's platform-wide search. */
import { defineRoutes } from "../../route";
import { search } from "./search";

export const searchRoutes = defineRoutes([
  {
    name: "search",
    method: "GET",
    pattern: /^\/search\/?$/i,
    constraints: {},
    handler: search,
    envelope: "core",
  },
]);
