/**
 * Every feature of the emulated API, each from its folder: an import and an entry in the list
 * below, and an `export *` of its index when it has types that the emulator's public API names.
 *
 * A feature's `index.ts` exports, by default, its `routes` and, when it keeps something, its
 * `state`: the module (`state.ts`) that exports `zoneFields` (on a zone) and `snapshotFields`
 * (its own data in the file), adds their types to `ZoneRecord` and `StateSnapshot` by
 * `declare module`, and may export `snapshotSeeds` (what a fresh state holds). Fields a
 * version-1 file already had are `version1ZoneFields` and `version1SnapshotFields` instead
 * (access lists, bot detection, search items, event-log volumes); the others are optional,
 * unless every zone has had them since version 2 (the shield zone's settings, upload
 * scanning), which a version-1 zone takes from the seed. The snapshot's check is assembled
 * from the list. A feature that keeps something on every zone also exports, by default, its
 * `seedZone` (a `ZoneSeed`: its fields of a zone the seed creates); `seed.ts` assembles a seeded
 * zone from them, in the list's order.
 */
import eventLogs from "./event-logs";
import accessLists from "./access-lists";
import botDetection from "./bot-detection";
import search from "./search";
import shieldZones from "./shield-zones";
import uploadScanning from "./upload-scanning";
import wafRules from "./waf-rules";
import apiGuardian from "./api-guardian";
import customPages from "./custom-pages";
import metrics from "./metrics";
import botCategorization from "./bot-categorization";
import enums from "./enums";
import promo from "./promo";

export * from "./bot-detection";
export * from "./shield-zones";
export * from "./upload-scanning";
export * from "./waf-rules";
export * from "./custom-pages";
export * from "./bot-categorization";

/**
 * The features, in the order the router tries their routes (and the route names and the
 * request log list them). The default export: the emulator's `export *` leaves it out.
 */
const features = {
  eventLogs,
  accessLists,
  botDetection,
  search,
  shieldZones,
  uploadScanning,
  wafRules,
  apiGuardian,
  customPages,
  metrics,
  botCategorization,
  enums,
  promo,
};
export default features;
