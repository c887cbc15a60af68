import type { Emulator } from "../../src/emulator";
import { ACTION_NAMES } from "../support/action-names";
import { adoptedConformance } from "./conformance";

const ZONE = 1001;
const list = (emu: Emulator, inputs: Record<string, unknown>) =>
  emu.state.accessList(Number(inputs.shieldZoneId), Number(inputs.configurationId))!;
/** A seeded list that is off, with an action other than Block and Log. */
const target = (emu: Emulator) =>
  emu.state.zone(ZONE)!.managedLists.find((l) => !l.isEnabled && l.action !== 2 && l.action !== 4)!;

adoptedConformance({
  kind: "AccessListConfiguration",
  keyFields: ["shieldZoneId", "configurationId"],
  inputs: (emu) => ({
    shieldZoneId: ZONE,
    configurationId: target(emu).configurationId,
    isEnabled: true,
    action: "Block",
  }),
  updated: (inputs) => ({ ...inputs, action: 4 }),
  bad: {
    inputs: {
      shieldZoneId: 0,
      configurationId: "x",
      isEnabled: "yes",
      action: "Explode",
      colour: 1,
    },
    properties: ["shieldZoneId", "configurationId", "isEnabled", "action", "colour"],
  },
  live: (emu, inputs) => {
    const l = list(emu, inputs);
    return { isEnabled: l.isEnabled, action: ACTION_NAMES[l.action] };
  },
  drift: (emu, inputs) => {
    list(emu, inputs).isEnabled = false;
    return { field: "isEnabled", value: false };
  },
  remove: (emu, inputs) => {
    emu.state.removeAccessList(Number(inputs.shieldZoneId), Number(inputs.configurationId));
  },
  readRoute: "listAccessLists",
  writeRoute: "updateAccessListConfiguration",
  deleteModes: { disable: () => ({ isEnabled: false }) },
});
