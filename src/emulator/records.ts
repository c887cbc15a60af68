/**
 * The records the emulator's state is made of, as data: what the state, its seed, its
 * snapshot and the features share, with no behaviour (so that none of them imports another).
 */
import type { ShieldPlanType } from "./api-types";
// The features' fields of ZoneRecord and StateSnapshot: the published declarations reach every
// feature's `declare module` through this import (nothing else imports them all).
import "./features";

/** A Shield zone. */
export interface ZoneRecord {
  readonly shieldZoneId: number;
  /** The zone's plan; lists whose `requiredPlan` is above it cannot be changed. */
  planType: ShieldPlanType;
  /** The zone's pull zone (state version 2; a version-1 zone takes the seed's). Unique among zones. */
  readonly pullZoneId: number;
  // Each feature with state adds its own fields, from its folder (see features/index.ts).
}

/** The two collections of rules, by their key in `rules`; ids are global per collection. */
export type RuleCollection = "wafCustomRules" | "rateLimits";
/** @deprecated The name of {@link RuleCollection} in 0.2.0. */
export type RuleKind = RuleCollection;

/** The JSON form of the state, as written to the state file and served by `/_emulator/state`. */
export interface StateSnapshot {
  /** 2; files of version 1 still load (see snapshot.ts). */
  version: 2;
  zones: ZoneRecord[];
  // Each feature with data of its own adds its fields, from its folder (see features/index.ts).
}
