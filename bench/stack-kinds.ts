/**
 * What the stack benchmarks declare of each resource kind: one table entry per kind in KINDS
 * (a kind added to the registry does not compile here until it has one). An entry says how
 * many resources of the kind one zone may hold, the inputs of each (a program's arguments,
 * written so that create and update each change something on the service), the change an
 * update makes, and what the emulator holds of the resource, to check that delete put every
 * zone back as it was.
 */
import {
  AccessListAction,
  BotDetectionExecutionMode,
  CustomPageTypes,
  enumName,
  type CustomPageType,
} from "../src/client";
import { EmulatorState, type StateSnapshot } from "../src/emulator";
import type { ZoneRecord } from "../src/emulator/state";
import type * as dynamic from "@pulumi/pulumi/dynamic";
import { KINDS, ShieldProvider, type Kind } from "../src/resources";
import { guardianDocument } from "../test/resources/api-guardian.fixtures";
import type { ChildEmulator } from "./emulator-process";

/** Inputs or outputs of a resource. */
export type Props = Record<string, unknown>;

/** One kind's part in a benchmark stack. */
export interface KindCase {
  /** Most resources of the kind in one zone (1 for a zone's own settings). */
  maxPerZone: number;
  /** The inputs of the kind's `n`th resource in `zone` (n from 0). */
  inputs(zone: ZoneRecord, n: number): Props;
  /** The inputs after the change that the update phase writes. */
  changed(inputs: Props): Props;
  /** What the emulator holds of the resource whose inputs these are (undefined: nothing). */
  live(state: StateSnapshot, inputs: Props): unknown;
}

const zoneIn = (state: StateSnapshot, inputs: Props): ZoneRecord | undefined =>
  state.zones.find((z) => z.shieldZoneId === inputs.shieldZoneId);

const listsOf = (zone: ZoneRecord) => [...zone.managedLists, ...zone.customLists];

const condition = { variable: "REQUEST_URI", operator: "BEGINSWITH", value: "/admin" };

const ruleNamed = (rules: StateSnapshot["wafCustomRules"], inputs: Props) =>
  rules?.find((r) => r.shieldZoneId === inputs.shieldZoneId && r.ruleName === inputs.name);

/** Every kind of the registry: its type requires an entry for each. */
export const STACK_KINDS: Record<Kind, KindCase> = {
  AccessListConfiguration: {
    // The seeded lists of a zone (benchZones adds more for a stack of this kind alone).
    maxPerZone: 6,
    inputs(zone, n) {
      const list = listsOf(zone)[n];
      if (!list) throw new RangeError(`zone ${zone.shieldZoneId} has no list number ${n}`);
      // The opposite of the live value, so that create writes.
      return {
        shieldZoneId: zone.shieldZoneId,
        configurationId: list.configurationId,
        isEnabled: !list.isEnabled,
        action: "Log",
      };
    },
    changed: (inputs) => ({ ...inputs, isEnabled: !inputs.isEnabled }),
    live(state, inputs) {
      const list = listsOf(zoneIn(state, inputs)!).find(
        (l) => l.configurationId === inputs.configurationId,
      );
      return list && [list.isEnabled, enumName(AccessListAction, list.action)];
    },
  },
  ShieldZone: {
    maxPerZone: 1,
    inputs: (zone) => ({
      pullZoneId: zone.pullZoneId,
      wafRequestHeaderLoggingEnabled: !zone.settings.wafRequestHeaderLoggingEnabled,
    }),
    changed: (inputs) => ({
      ...inputs,
      wafRequestHeaderLoggingEnabled: !inputs.wafRequestHeaderLoggingEnabled,
    }),
    live: (state, inputs) =>
      state.zones.find((z) => z.pullZoneId === inputs.pullZoneId)?.settings
        .wafRequestHeaderLoggingEnabled,
  },
  BotDetection: {
    maxPerZone: 1,
    inputs: (zone) => ({
      shieldZoneId: zone.shieldZoneId,
      executionMode: enumName(BotDetectionExecutionMode, 1 - zone.botDetection.executionMode),
    }),
    changed: (inputs) => ({
      ...inputs,
      executionMode: inputs.executionMode === "Challenge" ? "LogOnly" : "Challenge",
    }),
    live: (state, inputs) => zoneIn(state, inputs)?.botDetection,
  },
  UploadScanning: {
    maxPerZone: 1,
    inputs: (zone) => ({
      shieldZoneId: zone.shieldZoneId,
      isEnabled: !zone.uploadScanning.isEnabled,
    }),
    changed: (inputs) => ({ ...inputs, isEnabled: !inputs.isEnabled }),
    live: (state, inputs) => zoneIn(state, inputs)?.uploadScanning,
  },
  AccessList: {
    // The plan's custom lists (5 on Advanced) less the two seeded ones.
    maxPerZone: 3,
    inputs: (zone, n) => ({
      shieldZoneId: zone.shieldZoneId,
      name: `Benchmark list ${n}`,
      type: "IP",
      entries: [`192.0.2.${n + 1}`],
    }),
    changed: (inputs) => ({
      ...inputs,
      entries: [...(inputs.entries as string[]), "198.51.100.1"],
    }),
    live: (state, inputs) => zoneIn(state, inputs)?.customLists.find((l) => l.name === inputs.name),
  },
  WafCustomRule: {
    maxPerZone: 10,
    inputs: (zone, n) => ({
      shieldZoneId: zone.shieldZoneId,
      name: `Benchmark rule ${n}`,
      action: "Block",
      conditions: [condition],
    }),
    changed: (inputs) => ({ ...inputs, action: "Log" }),
    live: (state, inputs) => ruleNamed(state.wafCustomRules, inputs),
  },
  RateLimit: {
    maxPerZone: 10,
    inputs: (zone, n) => ({
      shieldZoneId: zone.shieldZoneId,
      name: `Benchmark limit ${n}`,
      action: "RateLimit",
      conditions: [condition],
      requestCount: 10,
      timeframe: 60,
      blockTime: 300,
    }),
    changed: (inputs) => ({ ...inputs, requestCount: 20 }),
    live: (state, inputs) => ruleNamed(state.rateLimits, inputs),
  },
  ApiGuardian: {
    maxPerZone: 1,
    inputs: (zone) => ({
      shieldZoneId: zone.shieldZoneId,
      isEnabled: true,
      openApiSpec: guardianDocument("1.0.0"),
      endpoints: { "GET /pets/{petId}": { detectParameterSqli: true } },
    }),
    changed: (inputs) => ({
      ...inputs,
      endpoints: { "GET /pets/{petId}": { detectParameterSqli: true, detectParameterXss: true } },
    }),
    // The document stays (the service cannot give the earlier one back); a zone never
    // written has API Guardian off, in Log mode.
    live(state, inputs) {
      const guardian = zoneIn(state, inputs)?.apiGuardian;
      return [guardian?.isEnabled ?? false, guardian?.executionMode ?? 0];
    },
  },
  BotCategorization: {
    maxPerZone: 1,
    inputs: (zone) => ({
      shieldZoneId: zone.shieldZoneId,
      categories: { AIScraper: "Block" },
      bots: { GPTBot: "Allow" },
    }),
    changed: (inputs) => ({ ...inputs, bots: { GPTBot: "Ignore" } }),
    // Actions never written (or put back to None) are not held.
    live(state, inputs) {
      const actions = zoneIn(state, inputs)?.botCategorization;
      return [actions?.categories ?? {}, actions?.bots ?? {}];
    },
  },
  CustomPage: {
    // A zone has one page of each type.
    maxPerZone: CustomPageTypes.length,
    inputs: (zone, n) => ({
      shieldZoneId: zone.shieldZoneId,
      pageType: CustomPageTypes[n],
      html: `<p>The ${CustomPageTypes[n]} page of zone ${zone.shieldZoneId}.</p>`,
    }),
    changed: (inputs) => ({ ...inputs, html: `${String(inputs.html)}<p>Changed.</p>` }),
    live: (state, inputs) =>
      zoneIn(state, inputs)?.customPages?.[inputs.pageType as CustomPageType],
  },
};

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
