import { AccessListAction, AccessListType, enumName } from "../../src/client/enums";
import type { Emulator } from "../../src/emulator";
import { ownedConformance } from "./owned-conformance";

const ZONE = 1002; // Advanced: five custom lists, two of them seeded

const listNamed = (emu: Emulator, name: string) =>
  emu.state.zone(ZONE)!.customLists.find((l) => l.name === name);

ownedConformance({
  kind: "AccessList",
  // With latency, writes of one zone would overlap without the provider's lock.
  emulator: { latencyMs: 5 },
  zone: ZONE,
  // The Advanced plan's five custom lists less the two seeded ones.
  distinct: 3,
  inputs: (n) => ({
    shieldZoneId: ZONE,
    name: `list ${n}`,
    type: "CIDR",
    entries: ["203.0.113.0/24", "198.51.100.0/25"],
    action: "Challenge",
  }),
  updated: (inputs) => ({
    ...inputs,
    entries: ["192.0.2.0/24"],
    isEnabled: false,
    action: "Log",
  }),
  equivalent: (inputs) => ({
    ...inputs,
    entries: [" 198.51.100.0/25", "203.0.113.0/24", "198.51.100.0/25 "],
  }),
  bad: {
    inputs: {
      shieldZoneId: ZONE,
      name: "bad",
      type: "CIDR",
      entries: ["203.0.113.0/24", "not-a-network"],
      action: "Explode",
      colour: 1,
    },
    properties: ["entries", "action", "colour"],
  },
  count: (emu) => emu.state.zone(ZONE)!.customLists.length,
  live(emu, name) {
    const list = listNamed(emu, name);
    if (!list) return undefined;
    const zone = emu.state.zone(ZONE)!;
    const entries = emu.state
      .customListContent(zone, list)
      .split("\n")
      .map((e) => e.trim())
      .filter((e) => e !== "");
    return {
      shieldZoneId: ZONE,
      name: list.name,
      description: list.description,
      type: enumName(AccessListType, list.type),
      entries: [...new Set(entries)].sort(),
      isEnabled: list.isEnabled,
      action: enumName(AccessListAction, list.action),
    };
  },
  drift(emu, name) {
    listNamed(emu, name)!.isEnabled = false;
    return { field: "isEnabled", value: false };
  },
  remove(emu, name) {
    const zone = emu.state.zone(ZONE)!;
    zone.customLists = zone.customLists.filter((l) => l.name !== name);
  },
  fill(emu) {
    emu.state.zone(ZONE)!.planType = 0; // Basic: one custom list, and the seed gave it two
  },
  limitName: "customListLimit",
  createRoute: "createCustomAccessList",
  readRoute: "getCustomAccessList",
});
