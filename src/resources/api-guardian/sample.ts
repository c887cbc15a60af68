import { zoneIn, type KindSample } from "../kit/sample";

/**
 * A small OpenAPI document at `version`: the operation the sample's endpoint settings name, and
 * two more (the same three in every version; the API Guardian tests use it too).
 */
export function petsDocument(version = "1.0.0"): string {
  return [
    "openapi: 3.0.3",
    `info: { title: Pets, version: "${version}" }`,
    "paths:",
    "  /pets:",
    "    post:",
    "      requestBody: { content: { application/json: { schema: { type: object } } } }",
    "      responses: { '201': { description: created } }",
    "  /pets/{petId}:",
    "    parameters: [{ name: petId, in: path, required: true, schema: { type: string } }]",
    "    get:",
    "      parameters: [{ name: fields, in: query, schema: { type: string } }]",
    "      responses: { '200': { description: a pet } }",
    "    delete:",
    "      responses: { '204': { description: gone } }",
    "",
  ].join("\n");
}

/** The kind's part in the stack benchmarks (see `kit/sample.ts`). */
export const sample: KindSample = {
  maxPerZone: 1,
  inputs: (zone) => ({
    shieldZoneId: zone.shieldZoneId,
    isEnabled: true,
    openApiSpec: petsDocument(),
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
};
