/**
 * What each feature keeps, as a state file holds it: a feature with state adds one line here,
 * and its `state.ts` exports `zoneFields` (on a zone) and `snapshotFields` (its own data in
 * the file), and adds their types to `ZoneRecord` and `StateSnapshot`. The snapshot's check is
 * assembled from this list.
 */
export * as apiGuardian from "./api-guardian/state";
export * as botCategorization from "./bot-categorization/state";
export * as customPages from "./custom-pages/state";
export * as wafRules from "./waf-rules/state";
