/**
 * The fields each feature keeps on a zone, as a state file holds them: a feature with state
 * adds one line here, and its `state.ts` adds the fields' types to `ZoneRecord`. The snapshot's
 * check of a zone is assembled from this list.
 */
export { zoneFields as apiGuardian } from "./api-guardian/state";
export { zoneFields as botCategorization } from "./bot-categorization/state";
export { zoneFields as customPages } from "./custom-pages/state";
export { zoneFields as wafRules } from "./waf-rules/state";
