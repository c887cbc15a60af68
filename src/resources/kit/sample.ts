/**
 * A kind's sample for the stack benchmarks (`bench/stack-kinds.ts`), which its folder's
 * `sample.ts` exports as `sample`: how many resources of the kind one zone may hold, the inputs
 * of each (a program's arguments, written so that create and update each change something on
 * the service), the change an update makes, and what the emulator holds of the resource, to
 * check that delete put every zone back as it was. Here are that shape and the helpers the
 * samples share.
 */
import type { StateSnapshot } from "../../emulator";
import type { ZoneRecord } from "../../emulator/state";

/** Inputs or outputs of a resource. */
export type Props = Record<string, unknown>;

/** One kind's part in a benchmark stack. */
export interface KindSample {
  /** Most resources of the kind in one zone (1 for a zone's own settings). */
  maxPerZone: number;
  /** The inputs of the kind's `n`th resource in `zone` (n from 0). */
  inputs(zone: ZoneRecord, n: number): Props;
  /** The inputs after the change that the update phase writes. */
  changed(inputs: Props): Props;
  /** What the emulator holds of the resource whose inputs these are (undefined: nothing). */
  live(state: StateSnapshot, inputs: Props): unknown;
}

/** The zone of `state` that inputs naming a `shieldZoneId` write to. */
export const zoneIn = (state: StateSnapshot, inputs: Props): ZoneRecord | undefined =>
  state.zones.find((z) => z.shieldZoneId === inputs.shieldZoneId);

/** A zone's access lists: the managed ones, then the custom ones. */
export const listsOf = (zone: ZoneRecord): ZoneRecord["customLists"] => [
  ...zone.managedLists,
  ...zone.customLists,
];

/** The condition of the rules' samples. */
export const SAMPLE_CONDITION = {
  variable: "REQUEST_URI",
  operator: "BEGINSWITH",
  value: "/admin",
};

/** The rule of `rules` in the zone and of the name the inputs give. */
export const ruleNamed = (
  rules: StateSnapshot["wafCustomRules"] | StateSnapshot["rateLimits"],
  inputs: Props,
): NonNullable<StateSnapshot["wafCustomRules"]>[number] | undefined =>
  rules?.find((r) => r.shieldZoneId === inputs.shieldZoneId && r.ruleName === inputs.name);
