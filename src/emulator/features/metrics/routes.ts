/**
 * The metrics routes: a zone's overview and its detailed series over a window; one feature's,
 * rule's, rate limit's or endpoint's figures; a month's overages.
 */
import { pathPattern as path, defineRoutes } from "../../route";
import { AREAS } from "./activity";
import { DETAILED_MAPS, getDetailedMetricsOverview } from "./detailed";
import {
  getApiGuardianEndpointMetrics,
  getApiGuardianMetrics,
  getBotDetectionMetrics,
  getRateLimitMetrics,
  getShieldOverages,
  getUploadScanningMetrics,
  getWafRuleMetrics,
  getZoneRateLimitMetrics,
} from "./features";
import { getMetricsOverview } from "./overview";

const ZONE = "/shield/metrics/shield-zone/(?<shieldZoneId>[^/]+)";

// Maps keyed by day, series name or bucket time: drift adds nothing to them. The features'
// counter objects are spec objects, and drift adds to those.
const DAILY_MAPS = ["data.overviewPastTwentyEightDays"].concat(
  AREAS.filter((area) => area !== "waf").map((area) => `data.${area}OverviewPastTwentyEightDays`),
);

/** The metrics routes, for the router. */
export const metricsRoutes = defineRoutes([
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
  {
    name: "getBotDetectionMetrics",
    method: "GET",
    pattern: path(`${ZONE}/bot-detection`),
    constraints: { shieldZoneId: "int32" },
    handler: getBotDetectionMetrics,
    envelope: "data",
    maps: ["data.overviewPastTwentyEightDays"],
  },
  {
    name: "getUploadScanningMetrics",
    method: "GET",
    pattern: path(`${ZONE}/upload-scanning`),
    constraints: { shieldZoneId: "int32" },
    handler: getUploadScanningMetrics,
    envelope: "data",
    maps: ["data.overviewPastTwentyEightDays"],
  },
  {
    name: "getApiGuardianMetrics",
    method: "GET",
    pattern: path(`${ZONE}/api-guardian`),
    constraints: { shieldZoneId: "int32" },
    handler: getApiGuardianMetrics,
    envelope: "data",
    maps: ["data.overviewPastTwentyEightDays"],
  },
  {
    name: "getApiGuardianEndpointMetrics",
    method: "GET",
    pattern: path(`${ZONE}/api-guardian/endpoint/(?<endpointId>[^/]+)`),
    constraints: { shieldZoneId: "int32", endpointId: "int64" },
    handler: getApiGuardianEndpointMetrics,
    envelope: "data",
    maps: ["data.overviewPastTwentyEightDays"],
  },
  {
    name: "getWafRuleMetrics",
    method: "GET",
    pattern: path(`${ZONE}/waf-rule/(?<ruleId>[A-Za-z0-9_-]{1,64})`),
    constraints: { shieldZoneId: "int32" },
    handler: getWafRuleMetrics,
    envelope: "data",
    maps: ["data.overviewPastTwentyEightDays"],
  },
  {
    name: "listRateLimitMetrics",
    method: "GET",
    pattern: path("/shield/metrics/rate-limits/(?<shieldZoneId>[^/]+)"),
    constraints: { shieldZoneId: "int32" },
    handler: getZoneRateLimitMetrics,
    envelope: "data",
    maps: ["data.*.ratelimitOverviewPastTwentyEightDays"],
  },
  {
    name: "getRateLimitMetrics",
    method: "GET",
    pattern: path("/shield/metrics/rate-limit/(?<id>[^/]+)"),
    constraints: { id: "int32" },
    handler: getRateLimitMetrics,
    envelope: "data",
    maps: ["data.ratelimitOverviewPastTwentyEightDays"],
  },
  {
    name: "getShieldOverages",
    method: "GET",
    pattern: path("/shield/metrics/overages/(?<shieldZoneId>[^/]+)"),
    constraints: { shieldZoneId: "int32" },
    handler: getShieldOverages,
    envelope: "status",
  },
]);
