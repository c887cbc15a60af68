/**
 * A local emulator of the bunny.net Shield and search API, for tests, benchmarks and examples.
 *
 * ```ts
 * const emulator = await startEmulator();
 * // point the client at emulator.url with emulator.apiKey, then:
 * emulator.state.accessList(1001, 100101)!.isEnabled = false; // drift
 * emulator.faults.add({ route: "updateAccessListConfiguration", status: 429, retryAfter: 1 });
 * await emulator.close();
 * ```
 *
 * @module pulumi-bunnynet-shield/emulator
 */
export { startEmulator, type Emulator, type EmulatorOptions } from "./server";
export {
  EmulatorState,
  type AccessListRecord,
  type AddZoneOptions,
  type RuleCollection,
  type RuleKind,
  type SearchItemRecord,
  type StateSnapshot,
  type ZoneRecord,
} from "./state";
export {
  DEFAULT_SEED,
  FIRST_ZONE_ID,
  planForZone,
  PULL_ZONE_ID_OFFSET,
  type SeedOptions,
} from "./seed";
export {
  FAULT_KINDS,
  type FaultHandle,
  type FaultInjector,
  type FaultKind,
  type FaultSpec,
} from "./faults";
export {
  DEFAULT_REQUEST_LOG_LIMITS,
  MAX_RECORDED_JSON_DEPTH,
  type RecordedRequest,
  type RequestLogLimits,
} from "./request-log";
export { ROUTE_NAMES, type RouteName } from "./route-names";
export {
  ABSENCE_STYLES,
  ERRORS,
  objectAbsences,
  type Absence,
  type AbsenceStyle,
} from "./responses";
export { DRIFT_FIELDS } from "./drift";
export { formatEventLogDate, RETENTION_DAYS } from "./dates";
export * from "./api-types";
export * from "./features";
