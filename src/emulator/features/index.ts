/**
 * Every feature of the emulated API, by its routes: adding a feature is one line here. The
 * router, the route names and the request log take them from this list, in this order.
 */
export { eventLogRoutes as eventLogs } from "./event-logs/routes";
export { accessListRoutes as accessLists } from "./access-lists/routes";
export { botDetectionRoutes as botDetection } from "./bot-detection/routes";
export { searchRoutes as search } from "./search/routes";
export { shieldZoneRoutes as shieldZones } from "./shield-zones/routes";
export { uploadScanningRoutes as uploadScanning } from "./upload-scanning/routes";
export { wafRuleRoutes as wafRules } from "./waf-rules/routes";
export { apiGuardianRoutes as apiGuardian } from "./api-guardian/routes";
export { customPageRoutes as customPages } from "./custom-pages/routes";
export { metricsRoutes as metrics } from "./metrics/routes";
export { botCategorizationRoutes as botCategorization } from "./bot-categorization/routes";
export { enumRoutes as enums } from "./enums/routes";
export { promoRoutes as promo } from "./promo/routes";
