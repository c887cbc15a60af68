/** The metrics routes: a zone's overview, and its detailed series over a window. */
import type { RouteDefinition } from "../../route";
import { AREAS } from "./activity";
import { DETAILED_MAPS, getDetailedMetricsOverview } from "./detailed";
import { getMetricsOverview } from "./overview";

// Maps keyed by day, series name or bucket time: drift adds nothing to them. The features'
// counter objects are spec objects, and drift adds to those.
const DAILY_MAPS = ["data.overviewPastTwentyEightDays"].concat(
  AREAS.filter((area) => area !== "waf").map((area) => `data.${area}OverviewPastTwentyEightDays`),
);

/** The metrics routes, for the router. */
export const metricsRoutes: readonly RouteDefinition[] = [
  {
    name: "getMetricsOverview",
    method: "GET",
    pattern: /^\/shield\/metrics\/overview\/(?<shieldZoneId>[^/]+)\/?$/i,
    constraints: { shieldZoneId: "int32" },
    handler: getMetricsOverview,
    envelope: "data",
    maps: DAILY_MAPS,
  },
  {
    name: "getDetailedMetricsOverview",
    method: "GET",
    pattern: /^\/shield\/metrics\/overview\/(?<shieldZoneId>[^/]+)\/detailed\/?$/i,
    constraints: { shieldZoneId: "int32" },
    handler: getDetailedMetricsOverview,
    envelope: "data",
    maps: DETAILED_MAPS,
  },
];
