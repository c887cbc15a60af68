/**
 * `ApiGuardian` on the kit: adopted settings of a zone's API Guardian, its OpenAPI document
 * (write-only: compared by digest, POSTed the first time and PATCHed after) and per-endpoint
 * overrides keyed by `"METHOD /path"`, resolved to endpoint ids from the live configuration.
 */
import { inputSchemaOf } from "../kit/check";
import { declaration, ENDPOINT_FLAGS, LOCATIONS, parsedDocument } from "./declaration";
import type { ApiGuardian, ApiGuardianEndpoint } from "../../client";
import {
  RateLimitTimeframe,
  UnmatchedPathAction,
  WafExecutionMode,
  WafPayloadLimitAction,
  enumName,
} from "../../client/enums";
import { ShieldError } from "../../client/errors";
import { endpointKey, type OpenApiDocument } from "../../openapi/document";
import { adoptedLifecycle } from "../kit/adopted";
import { writeUnlessGone } from "../kit/failures";
import { enumNumber } from "../kit/fields";
import { createOnce } from "../kit/lost-answer";
import { mergeDeep, own } from "../kit/values";
import { zoneSettingsSpec } from "../kit/zone-settings";

const KIND = declaration.kind;

const CONFIGURATION = {
  executionMode: WafExecutionMode,
  bodyLimitAction: WafPayloadLimitAction,
  unmatchedPathAction: UnmatchedPathAction,
} as const;
type ConfigurationEnum = keyof typeof CONFIGURATION;
const CONFIGURATION_ENUMS = Object.keys(CONFIGURATION) as ConfigurationEnum[];

/** The schemas of its inputs, from the declaration, and the rule holding endpoints to the document. */
export const inputSchema = inputSchemaOf(declaration, {
  // Endpoint keys are checked against the document when the program gives one.
  across(inputs: Record<string, unknown>) {
    if (typeof inputs.openApiSpec !== "string" || inputs.endpoints === undefined) return [];
    const known = parsedDocument(inputs.openApiSpec).operations.map((o) => o.key);
    return Object.keys(inputs.endpoints as object)
      .filter((key) => !known.includes(key))
      .map((key) => ({
        property: "endpoints",
        reason: `endpoints["${key}"] is not an operation of openApiSpec; its operations are ${known.join(", ") || "none"}.`,
      }));
  },
});

const keyOf = (e: ApiGuardianEndpoint) => endpointKey(e.requestMethod ?? "", e.requestPath ?? "");

/** An endpoint's settings in the inputs' vocabulary. */
function endpointSettings(e: ApiGuardianEndpoint): Record<string, unknown> {
  const injection = e.injectionDetectionParameters;
  return {
    ...Object.fromEntries(ENDPOINT_FLAGS.map((flag) => [flag, e[flag] ?? null])),
    injectionDetectionParameters: injection
      ? Object.fromEntries(LOCATIONS.map((l) => [l, injection[l]]))
      : null,
    rateLimitingType: e.rateLimitingType ?? null,
    rateLimitingRequestCount: e.rateLimitingRequestCount ?? null,
    rateLimitingTimeframe:
      e.rateLimitingTimeframe == null
        ? null
        : enumName(RateLimitTimeframe, e.rateLimitingTimeframe),
  };
}

/** An endpoint override as the API takes it: enum names back to numbers. */
function endpointBody(override: Record<string, unknown>): Record<string, unknown> {
  const { rateLimitingTimeframe, ...rest } = override;
  return {
    ...rest,
    ...(rateLimitingTimeframe == null
      ? {}
      : { rateLimitingTimeframe: enumNumber(RateLimitTimeframe, rateLimitingTimeframe) }),
  };
}

/** The error for endpoint keys the zone's document does not have, listing those it has. */
function unknownEndpoints(zone: number, keys: string[], known: string[]): ShieldError {
  const named = keys.map((key) => `endpoints["${key}"]`).join(", ");
  return new ShieldError(
    `${KIND} ${zone}: ${named} ${keys.length === 1 ? "is not an endpoint" : "are not endpoints"} of the zone's OpenAPI document; its endpoints are ${known.join(", ") || "none (upload a document with openApiSpec)"}.`,
  );
}

/**
 * How the zone's API Guardian differs from what `text` yields on upload, as far as the service
 * shows it (it never shows the document itself): the title, the version, the endpoints and the
 * parameters each one declares. Undefined when they all agree.
 */
export function documentDiffers(live: ApiGuardian, text: string): string | undefined {
  if (!hasDocument(live)) return "the zone has no document yet";
  let document: OpenApiDocument;
  try {
    document = parsedDocument(text);
  } catch {
    return "the declared document cannot be read";
  }
  const { title, version } = live.configuration;
  if ((title ?? null) !== document.title)
    return `title ${JSON.stringify(title ?? null)} => ${JSON.stringify(document.title)}`;
  if ((version ?? null) !== document.version)
    return `version ${JSON.stringify(version ?? null)} => ${JSON.stringify(document.version)}`;
  const liveEndpoints = new Map(live.endpoints.map((e) => [keyOf(e), e]));
  const declared = new Set(document.operations.map((o) => o.key));
  const added = [...declared].filter((key) => !liveEndpoints.has(key));
  const removed = [...liveEndpoints.keys()].filter((key) => !declared.has(key));
  if (added.length > 0 || removed.length > 0) {
    const list = (sign: string, keys: string[]) =>
      keys.length === 0
        ? []
        : [
            `${sign} ${keys.slice(0, 3).join(", ")}${keys.length > 3 ? ` and ${keys.length - 3} more` : ""}`,
          ];
    return ["endpoints", ...list("+", added), ...list("-", removed)].join(" ");
  }
  const sameNames = (a: readonly string[] = [], b: readonly string[] = []) =>
    new Set(a).size === new Set(b).size && a.every((name) => b.includes(name));
  for (const operation of document.operations) {
    const available = liveEndpoints.get(operation.key)!.availableParameters;
    if (!LOCATIONS.every((l) => sameNames(available?.[l] ?? [], operation.parameters[l])))
      return `the parameters of ${operation.key}`;
  }
  return undefined;
}

/** Whether the zone has a document: one has a title (OpenAPI requires it), or endpoints. */
const hasDocument = (live: ApiGuardian) =>
  live.configuration.title != null || live.endpoints.length > 0;

/** The lifecycle `dispatch` runs for this kind. */
export const lifecycle = adoptedLifecycle<ApiGuardian>({
  declaration,
  inputs: inputSchema,
  ...zoneSettingsSpec(declaration),
  managedFields: ["isEnabled", ...CONFIGURATION_ENUMS, "endpoints"],
  read: (client, keys) => client.apiGuardian.get(Number(keys.shieldZoneId)),
  // Without a document in the program, every endpoint key must be one of the zone's own, and
  // is checked before anything is written. (With one, check held the keys against it.)
  validate(live, inputs) {
    if (inputs.openApiSpec !== undefined || inputs.endpoints === undefined) return;
    const known = live.endpoints.map(keyOf);
    const unknown = Object.keys(inputs.endpoints as object).filter((key) => !known.includes(key));
    if (unknown.length > 0) throw unknownEndpoints(Number(inputs.shieldZoneId), unknown, known);
  },
  settings: (live) => ({
    isEnabled: live.configuration.isEnabled ?? null,
    ...Object.fromEntries(
      CONFIGURATION_ENUMS.map((field) => {
        const value = live.configuration[field];
        return [field, value === undefined ? null : enumName(CONFIGURATION[field], value)];
      }),
    ),
    endpoints: Object.fromEntries(live.endpoints.map((e) => [keyOf(e), endpointSettings(e)])),
  }),
  outputs: (live) => ({
    title: live.configuration.title ?? null,
    version: live.configuration.version ?? null,
    endpointIds: Object.fromEntries(live.endpoints.map((e) => [keyOf(e), e.apiGuardianEndpointId])),
  }),
  documents: {
    openApiSpec: {
      digestField: "openApiSpecSha256",
      differs: documentDiffers,
      async upload(client, keys, content, live) {
        const zone = Number(keys.shieldZoneId);
        if (hasDocument(live)) return client.apiGuardian.updateSpecification(zone, { content });
        // A lost POST answer: if a document is there now, PATCHing this one makes sure it is
        // ours (the same document twice is the same state); if none is, nothing was uploaded.
        return createOnce(
          `${KIND} ${zone}: uploading the OpenAPI document`,
          () => client.apiGuardian.uploadSpecification(zone, { content }),
          async () =>
            hasDocument(await client.apiGuardian.get(zone))
              ? client.apiGuardian.updateSpecification(zone, { content })
              : undefined,
        );
      },
    },
  },
  async write(client, outputs, change, restoring) {
    const zone = Number(outputs.shieldZoneId);
    const body: Record<string, unknown> = {};
    if (change.isEnabled !== undefined) body.isEnabled = change.isEnabled;
    for (const field of CONFIGURATION_ENUMS) {
      if (change[field] !== undefined)
        body[field] = enumNumber(CONFIGURATION[field], change[field]);
    }
    if (Object.keys(body).length > 0) await client.apiGuardian.update(zone, body);
    const ids = (outputs.endpointIds ?? {}) as Record<string, number>;
    for (const [key, override] of Object.entries(
      (change.endpoints ?? {}) as Record<string, Record<string, unknown>>,
    )) {
      const id = own(ids, key) as number | undefined;
      if (id === undefined) {
        // Put back only what still exists: an endpoint gone with its document has nothing to restore.
        if (restoring) continue;
        throw unknownEndpoints(zone, [key], Object.keys(ids));
      }
      // The parameters are sent whole: the locations not declared keep their live names.
      const current = own((outputs.endpoints ?? {}) as Record<string, unknown>, key) as
        Record<string, unknown> | undefined;
      const { injectionDetectionParameters: injection, ...rest } = override;
      // An endpoint gone since (its document replaced outside Pulumi) has nothing to restore.
      await writeUnlessGone(client, zone, restoring, () =>
        client.apiGuardian.updateEndpoint(
          zone,
          id,
          endpointBody({
            ...rest,
            ...(injection === undefined
              ? {}
              : {
                  injectionDetectionParameters: mergeDeep(
                    current?.injectionDetectionParameters ?? {},
                    injection,
                  ),
                }),
          }),
        ),
      );
    }
  },
});
