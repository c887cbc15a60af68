/**
 * The API operations the emulator serves, named like the client methods that call them.
 * Fault specs and request records refer to routes by these names.
 */
export const ROUTE_NAMES = [
  "getEventLogs",
  "searchEventLogs",
  "listAccessLists",
  "updateAccessListConfiguration",
  "getCustomAccessList",
  "createCustomAccessList",
  "updateCustomAccessList",
  "deleteCustomAccessList",
  "getBotDetection",
  "updateBotDetection",
  "getUploadScanning",
  "updateUploadScanning",
  "getShieldZone",
  "getShieldZoneByPullZone",
  "listShieldZones",
  "createShieldZone",
  "updateShieldZone",
  "listWafRules",
  "listWafCustomRules",
  "getWafCustomRule",
  "createWafCustomRule",
  "updateWafCustomRule",
  "deleteWafCustomRule",
  "listRateLimits",
  "getRateLimit",
  "createRateLimit",
  "updateRateLimit",
  "deleteRateLimit",
  "search",
  "getApiGuardian",
  "updateApiGuardian",
  "uploadApiGuardianSpecification",
  "updateApiGuardianSpecification",
  "updateApiGuardianEndpoint",
  "getCustomPage",
  "uploadCustomPage",
  "deleteCustomPage",
  "getMetricsOverview",
  "getDetailedMetricsOverview",
  "listBotCategorization",
  "setBotCategoryAction",
  "setBotAction",
] as const;

/** One of {@link ROUTE_NAMES}. */
export type RouteName = (typeof ROUTE_NAMES)[number];

/** True when `value` is one of {@link ROUTE_NAMES}. */
export function isRouteName(value: unknown): value is RouteName {
  return typeof value === "string" && (ROUTE_NAMES as readonly string[]).includes(value);
}
