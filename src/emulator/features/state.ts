/**
 * What each feature keeps, as a state file holds it: a feature with state adds one line here,
 * and its `state.ts` exports `zoneFields` (on a zone) and `snapshotFields` (its own data in
 * the file), and adds their types to `ZoneRecord` and `StateSnapshot`. The snapshot's check is
 * assembled from this list. Fields a version-1 file already had are `version1ZoneFields` and
 * `version1SnapshotFields` instead (access lists, bot detection, search items, event-log
 * volumes); the others are optional, unless every zone has had them since version 2 (the shield
 * zone's settings, upload scanning), which a version-1 zone takes from the seed.
 */
export * as accessLists from "./access-lists/state";
export * as apiGuardian from "./api-guardian/state";
export * as botCategorization from "./bot-categorization/state";
export * as botDetection from "./bot-detection/state";
export * as customPages from "./custom-pages/state";
export * as eventLogs from "./event-logs/state";
export * as search from "./search/state";
export * as shieldZones from "./shield-zones/state";
export * as uploadScanning from "./upload-scanning/state";
export * as wafRules from "./waf-rules/state";
