import type { Emulator } from "../../src/emulator";
import type { ApiGuardianEndpointRecord } from "../../src/emulator/api-types";
import { adoptedConformance } from "./conformance";
import { guardianDocument, seedGuardian } from "./api-guardian.fixtures";

const ZONE = 1001;
/** The API's enums by number, written out so that the tests do not check the package against itself. */
const EXECUTION = ["Log", "Block"];
const ACTION = ["Block", "Log", "Ignore"];
const TIMEFRAME: Record<number, string> = {
  1: "PerSecond",
  60: "PerOneMinute",
  3600: "PerOneHour",
};

const named = (names: readonly string[] | Record<number, string>, value: number) =>
  (names as Record<number, string>)[value] ?? String(value);
const guardianOf = (emu: Emulator) => emu.state.zone(ZONE)!.apiGuardian!;

function endpointSettings(e: ApiGuardianEndpointRecord) {
  return {
    isEnabled: e.isEnabled,
    validateRequestBodySchema: e.validateRequestBodySchema,
    validateResponseBodySchema: e.validateResponseBodySchema,
    validateAuthorization: e.validateAuthorization,
    injectionDetectionParameters: structuredClone(e.injectionDetectionParameters),
    detectParameterXss: e.detectParameterXss,
    detectParameterSqli: e.detectParameterSqli,
    rateLimitingEnabled: e.rateLimitingEnabled,
    rateLimitingType: e.rateLimitingType,
    rateLimitingRequestCount: e.rateLimitingRequestCount,
    rateLimitingTimeframe: named(TIMEFRAME, e.rateLimitingTimeframe),
  };
}

adoptedConformance({
  kind: "ApiGuardian",
  keyFields: ["shieldZoneId"],
  writeOnly: ["openApiSpec"],
  // Zone 1001 starts with version 1 of the document uploaded (so that its endpoints have
  // priors); the resource uploads version 2, whose operations are the same.
  inputs: (emu) => {
    seedGuardian(emu, ZONE);
    return {
      shieldZoneId: ZONE,
      isEnabled: true,
      executionMode: "Block",
      unmatchedPathAction: 2,
      openApiSpec: guardianDocument("2.0.0"),
      endpoints: {
        "get /pets/{petId}": {
          injectionDetectionParameters: { Query: ["fields"] },
          detectParameterSqli: true,
        },
        "POST /pets": { rateLimitingEnabled: true, rateLimitingTimeframe: "PerSecond" },
      },
    };
  },
  updated: (inputs) => ({
    ...inputs,
    bodyLimitAction: "Log",
    endpoints: {
      "GET /pets/{petId}": { isEnabled: false, injectionDetectionParameters: { Path: ["petId"] } },
    },
  }),
  bad: {
    inputs: {
      shieldZoneId: "1001",
      isEnabled: 1,
      executionMode: "Quarantine",
      openApiSpec: "title: no paths here",
      endpoints: { "FETCH /pets": {} },
      colour: 1,
    },
    properties: [
      "shieldZoneId",
      "isEnabled",
      "executionMode",
      "openApiSpec",
      "endpoints",
      "colour",
    ],
  },
  live: (emu) => {
    const g = guardianOf(emu);
    return {
      isEnabled: g.isEnabled,
      executionMode: named(EXECUTION, g.executionMode),
      bodyLimitAction: named(ACTION, g.bodyLimitAction),
      unmatchedPathAction: named(ACTION, g.unmatchedPathAction),
      endpoints: Object.fromEntries(
        g.endpoints.map((e) => [`${e.requestMethod} ${e.requestPath}`, endpointSettings(e)]),
      ),
    };
  },
  drift: (emu) => {
    guardianOf(emu).executionMode = 0;
    return { field: "executionMode", value: "Log" };
  },
  remove: (emu) => {
    emu.state.removeZone(ZONE);
  },
  readRoute: "getApiGuardian",
  writeRoute: "updateApiGuardian",
});
