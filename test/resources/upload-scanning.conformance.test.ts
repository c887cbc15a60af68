import type { Emulator } from "../../src/emulator";
import { adoptedConformance } from "./conformance";

const ZONE = 1001;
/** The API's scanner modes by number, written out so that the tests do not check the package against itself. */
const MODE = ["Disabled", "Log", "Block"] as const;

const named = (value: number) => MODE[value] ?? String(value);
const settingsOf = (emu: Emulator, inputs: Record<string, unknown>) =>
  emu.state.zone(Number(inputs.shieldZoneId))!.uploadScanning;

adoptedConformance({
  kind: "UploadScanning",
  keyFields: ["shieldZoneId"],
  // Seeded zone 1001: scanning on, CSAM Block, antivirus Log.
  inputs: () => ({
    shieldZoneId: ZONE,
    isEnabled: false,
    csamScanningMode: "Log",
    antivirusScanningMode: 2,
  }),
  updated: (inputs) => ({ ...inputs, isEnabled: true, antivirusScanningMode: "Disabled" }),
  bad: {
    inputs: {
      shieldZoneId: "1001",
      isEnabled: 1,
      csamScanningMode: "Quarantine",
      antivirusScanningMode: 3,
      colour: 1,
    },
    properties: [
      "shieldZoneId",
      "isEnabled",
      "csamScanningMode",
      "antivirusScanningMode",
      "colour",
    ],
  },
  live: (emu, inputs) => {
    const u = settingsOf(emu, inputs);
    return {
      isEnabled: u.isEnabled,
      csamScanningMode: named(u.csamScanningMode),
      antivirusScanningMode: named(u.antivirusScanningMode),
    };
  },
  drift: (emu, inputs) => {
    settingsOf(emu, inputs).csamScanningMode = 0;
    return { field: "csamScanningMode", value: "Disabled" };
  },
  remove: (emu, inputs) => {
    emu.state.removeZone(Number(inputs.shieldZoneId));
  },
  readRoute: "getUploadScanning",
  writeRoute: "updateUploadScanning",
});
