/**
 * What the stack benchmarks declare of each resource kind: the sample its folder exports
 * (`src/resources/<kind>/sample.ts`, see `src/resources/kit/sample.ts`), for every kind in KINDS
 * (a kind added to the registry fails here until it has one). A sample says how many resources
 * of the kind one zone may hold, the inputs of each (a program's arguments, written so that
 * create and update each change something on the service), the change an update makes, and
 * what the emulator holds of the resource, to check that delete put every zone back as it was.
 */
/* eslint-disable @typescript-eslint/no-require-imports */
import { EmulatorState, type StateSnapshot } from "../src/emulator";
import type { ZoneRecord } from "../src/emulator/state";
import type * as dynamic from "@pulumi/pulumi/dynamic";
import { KINDS, ShieldProvider, type Kind } from "../src/resources";
import { folderOf } from "../src/resources/kit/registry";
import { listsOf, type KindSample, type Props } from "../src/resources/kit/sample";
import type { ChildEmulator } from "./emulator-process";

export type { Props };

/** `kind`'s sample, from its folder; a kind without one fails, saying what to add. */
function sampleOf(kind: Kind): KindSample {
  const file = `src/resources/${folderOf(kind)}/sample.ts`;
  let sample: KindSample | undefined;
  try {
    ({ sample } = require(`../src/resources/${folderOf(kind)}/sample`) as { sample?: KindSample });
  } catch (error) {
    if ((error as { code?: string }).code !== "MODULE_NOT_FOUND") throw error;
    if (!String((error as Error).message).includes(`${folderOf(kind)}/sample'`)) throw error;
  }
  if (typeof sample?.inputs !== "function") {
    throw new Error(
      `${file} does not export the kind's sample for the stack benchmarks (\`export const sample: KindSample = { maxPerZone, inputs, changed, live }\`, see src/resources/kit/sample.ts)`,
    );
  }
  return sample;
}

/** Every kind of the registry: its folder's sample. */
export const STACK_KINDS: Readonly<Record<Kind, KindSample>> = Object.fromEntries(
  KINDS.map((kind) => [kind, sampleOf(kind)]),
) as Record<Kind, KindSample>;

/** One resource of a benchmark stack. */
export interface StackTarget {
  kind: Kind;
  inputs: Props;
  changed: Props;
}

const ADVANCED_PLAN = 1;

/**
 * `zones` Advanced zones (every list and setting may be changed), each with at least
 * `listsPerZone` access lists (the seed gives 6; more custom lists are added).
 */
export function benchZones(zones: number, listsPerZone: number): StateSnapshot {
  const state = EmulatorState.seeded({ zones: 0, searchItems: 0 });
  for (let z = 0; z < zones; z++) state.addZone({ planType: ADVANCED_PLAN });
  const snapshot = state.toJSON();
  for (const zone of snapshot.zones) {
    const template = zone.customLists[0]!;
    for (let n = 13; listsOf(zone).length < listsPerZone; n++) {
      zone.customLists.push({
        ...template,
        listId: zone.shieldZoneId * 1000 + n,
        configurationId: zone.shieldZoneId * 100 + n,
        name: `Benchmark list ${n}`,
        isEnabled: n % 2 === 0,
      });
    }
  }
  return snapshot;
}

/** A stack of one kind: `resources` spread evenly over the zones, zone after zone. */
export function singleKindStack(
  kind: Kind,
  resources: number,
  zones: number,
): { snapshot: StateSnapshot; targets: StackTarget[] } {
  const snapshot = benchZones(zones, Math.ceil(resources / zones));
  const targets = Array.from({ length: resources }, (_, i) =>
    target(kind, snapshot.zones[i % zones]!, Math.floor(i / zones)),
  );
  return { snapshot, targets };
}

/**
 * A stack of every kind: `resources` spread evenly over the zones; in each zone, one of each
 * zone-wide kind first, then the other kinds in turn, each up to its `maxPerZone`.
 */
export function mixedStack(
  resources: number,
  zones: number,
): { snapshot: StateSnapshot; targets: StackTarget[] } {
  const perZone = Math.ceil(resources / zones);
  const snapshot = benchZones(zones, 0);
  const single = KINDS.filter((k) => STACK_KINDS[k].maxPerZone === 1);
  const multi = KINDS.filter((k) => STACK_KINDS[k].maxPerZone > 1);
  const targets: StackTarget[] = [];
  for (const zone of snapshot.zones) {
    const counts = new Map<Kind, number>();
    const add = (kind: Kind) => {
      const n = counts.get(kind) ?? 0;
      counts.set(kind, n + 1);
      targets.push(target(kind, zone, n));
    };
    for (const kind of single.slice(0, perZone)) add(kind);
    let slot = Math.min(single.length, perZone);
    while (slot < perZone) {
      const open = multi.filter((k) => (counts.get(k) ?? 0) < STACK_KINDS[k].maxPerZone);
      if (open.length === 0) throw new RangeError(`${perZone} resources per zone are too many`);
      for (const kind of open.slice(0, perZone - slot)) {
        add(kind);
        slot++;
      }
    }
  }
  return { snapshot, targets: targets.slice(0, resources) };
}

function target(kind: Kind, zone: ZoneRecord, n: number): StackTarget {
  const inputs = STACK_KINDS[kind].inputs(zone, n);
  return { kind, inputs, changed: STACK_KINDS[kind].changed(inputs) };
}

/** A provider of `kind` configured, as the plugin configures it, for `emulator`. */
export async function configuredProvider(
  kind: Kind,
  emulator: Pick<ChildEmulator, "apiKey" | "url">,
): Promise<ShieldProvider> {
  const config = { "bunnynet:apiKey": emulator.apiKey, "bunnynet:apiUrl": emulator.url };
  const provider = new ShieldProvider(kind);
  await provider.configure({
    config: { get: (key: string) => config[key as keyof typeof config] },
  } as unknown as dynamic.ConfigureRequest);
  return provider;
}
