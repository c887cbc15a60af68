/** A small OpenAPI document and a zone with it already uploaded, for the API Guardian tests. */
import type { Emulator } from "../../src/emulator";
import type { ApiGuardianEndpointRecord } from "../../src/emulator/api-types";

/** The pet store document at `version`: the same three operations in every version. */
export { petsDocument as guardianDocument } from "../../src/resources/api-guardian/sample";

const none = () => ({ Path: [], Query: [], Header: [], Cookie: [] });

function endpoint(
  id: number,
  method: string,
  path: string,
  parameters: Partial<Record<"Path" | "Query", string[]>>,
): ApiGuardianEndpointRecord {
  return {
    apiGuardianEndpointId: id,
    requestMethod: method,
    requestPath: path,
    isEnabled: true,
    validateRequestBodySchema: method === "POST",
    validateResponseBodySchema: false,
    validateAuthorization: false,
    availableParameters: { ...none(), ...parameters },
    injectionDetectionParameters: none(),
    detectParameterXss: false,
    detectParameterSqli: false,
    rateLimitingEnabled: false,
    rateLimitingType: "Global",
    rateLimitingRequestCount: 100,
    rateLimitingTimeframe: 60,
    hasRequestBody: method === "POST",
    createdAt: "2026-01-01T00:00:00.000Z",
    updatedAt: null,
  };
}

/** Puts version 1.0.0 of {@link guardianDocument} on `zone`, as an upload would, with API Guardian off. */
export function seedGuardian(emu: Emulator, zone: number): void {
  const base = zone * 100_000;
  emu.state.zone(zone)!.apiGuardian = {
    isEnabled: false,
    executionMode: 0,
    bodyLimitAction: 0,
    unmatchedPathAction: 1,
    title: "Pets",
    version: "1.0.0",
    hasSpecification: true,
    enforceAuthorizationValidation: false,
    endpoints: [
      endpoint(base + 1, "POST", "/pets", {}),
      endpoint(base + 2, "GET", "/pets/{petId}", { Path: ["petId"], Query: ["fields"] }),
      endpoint(base + 3, "DELETE", "/pets/{petId}", { Path: ["petId"] }),
    ],
    createdAt: "2026-01-01T00:00:00.000Z",
    updatedAt: null,
  };
}
