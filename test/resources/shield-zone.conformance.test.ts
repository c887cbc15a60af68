import type { Emulator } from "../../src/emulator";
import { adoptedConformance } from "./conformance";

const ZONE = 1001;
/** The API's enums by number, written out so that the tests do not check the package against itself. */
const PLAN = ["Basic", "Advanced", "Business", "Enterprise"] as const;
const WAF_MODE = ["Log", "Block"] as const;
const PAYLOAD_ACTION = ["Block", "Log", "Ignore"] as const;
const DDOS_SENSITIVITY = ["Off", "Low", "Medium", "High", "Challenge"] as const;

const named = (names: readonly string[], value: number | null | undefined) =>
  value === null || value === undefined ? null : (names[value] ?? String(value));
const zoneOf = (emu: Emulator, inputs: Record<string, unknown>) =>
  emu.state.zoneByPullZone(Number(inputs.pullZoneId))!;

adoptedConformance({
  kind: "ShieldZone",
  keyFields: ["pullZoneId"],
  // Seeded zone 1001: Advanced, WAF on and blocking, rule 942100 off, DDoS Medium, window 3600.
  inputs: (emu) => ({
    pullZoneId: emu.state.zone(ZONE)!.pullZoneId,
    wafEnabled: false,
    learningMode: true,
    requestBodyLoggingEnabled: true,
    wafExecutionMode: "Log",
    wafDisabledRules: ["913100", "920100"],
    wafResponseBodyLimitAction: 2,
    ddosShieldSensitivity: "High",
    ddosChallengeWindow: 600,
  }),
  updated: (inputs) => ({
    ...inputs,
    wafExecutionMode: 1,
    wafDisabledRules: ["920100", "913100", "930100"],
    ddosChallengeWindow: 1200,
  }),
  bad: {
    inputs: {
      pullZoneId: 0,
      wafEnabled: "yes",
      wafExecutionMode: "Explode",
      wafDisabledRules: "913100",
      ddosChallengeWindow: -1,
      colour: 1,
    },
    properties: [
      "pullZoneId",
      "wafEnabled",
      "wafExecutionMode",
      "wafDisabledRules",
      "ddosChallengeWindow",
      "colour",
    ],
  },
  live: (emu, inputs) => {
    const zone = zoneOf(emu, inputs);
    const s = zone.settings;
    return {
      planType: named(PLAN, zone.planType),
      learningMode: s.learningMode,
      wafEnabled: s.wafEnabled,
      wafExecutionMode: named(WAF_MODE, s.wafExecutionMode),
      wafDisabledRules: s.wafDisabledRules,
      wafLogOnlyRules: s.wafLogOnlyRules,
      wafRequestHeaderLoggingEnabled: s.wafRequestHeaderLoggingEnabled,
      requestBodyLoggingEnabled: s.requestBodyLoggingEnabled,
      wafRequestIgnoredHeaders: s.wafRequestIgnoredHeaders,
      wafRealtimeThreatIntelligenceEnabled: s.wafRealtimeThreatIntelligenceEnabled,
      wafProfileId: s.wafProfileId,
      wafRequestBodyLimitAction: named(PAYLOAD_ACTION, s.wafRequestBodyLimitAction),
      wafResponseBodyLimitAction: named(PAYLOAD_ACTION, s.wafResponseBodyLimitAction),
      ddosShieldSensitivity: named(DDOS_SENSITIVITY, s.dDoSShieldSensitivity),
      ddosChallengeWindow: s.dDoSChallengeWindow,
      whitelabelResponsePages: s.whitelabelResponsePages,
    };
  },
  drift: (emu, inputs) => {
    zoneOf(emu, inputs).settings.dDoSShieldSensitivity = 1;
    return { field: "ddosShieldSensitivity", value: "Low" };
  },
  remove: (emu, inputs) => {
    emu.state.removeZone(zoneOf(emu, inputs).shieldZoneId);
  },
  readRoute: "getShieldZoneByPullZone",
  writeRoute: "updateShieldZone",
});
