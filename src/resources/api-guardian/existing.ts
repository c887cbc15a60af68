/**
 * `generate`'s part for `ApiGuardian`: the zone's configuration and endpoints, and the OpenAPI
 * document when the caller gives it (the service never shows one back).
 */
import type { ApiGuardianEndpoint } from "../../client/areas/api-guardian";
import { UnmatchedPathAction, WafExecutionMode, WafPayloadLimitAction } from "../../client/enums";
import { ShieldError } from "../../client/errors";
import { EachMember } from "../../generate/defaults";
import {
  count,
  existingKind,
  memberField,
  normalized,
  pickMembers,
  selectorId,
  serviceDefaults,
  type ZoneRead,
} from "../../generate/existing";
import {
  DocumentError,
  endpointKey,
  parseOpenApiDocument,
  type OpenApiDocument,
} from "../../openapi/document";
import { declaration } from "./declaration";
import { inputSchema } from "./spec";

/**
 * API Guardian of a zone that never used it: off, logging, blocking bodies over the limit,
 * logging unmatched paths, as the service (and the emulator after it) reads it then.
 */
const UNUSED = {
  isEnabled: false,
  executionMode: WafExecutionMode.Log,
  bodyLimitAction: WafPayloadLimitAction.Block,
  unmatchedPathAction: UnmatchedPathAction.Log,
};

/**
 * An endpoint as an upload of its document makes it: enforced, with nothing else switched on
 * and a rate limit of 100 requests a minute that applies once switched on. Whether its request
 * bodies are validated depends on the operation having one, which only the document says.
 */
const UPLOADED_ENDPOINT = {
  isEnabled: true,
  validateResponseBodySchema: false,
  validateAuthorization: false,
  injectionDetectionParameters: { Path: [], Query: [], Header: [], Cookie: [] },
  detectParameterXss: false,
  detectParameterSqli: false,
  rateLimitingEnabled: false,
  rateLimitingType: "Global",
  rateLimitingRequestCount: 100,
  rateLimitingTimeframe: 60,
};

/**
 * The document given for a zone, parsed; it must be the zone's own (the same operations as its
 * endpoints), since the program would upload it over the zone's.
 */
function documentOf(
  read: ZoneRead,
  endpoints: readonly ApiGuardianEndpoint[],
  text: string,
): OpenApiDocument {
  const zone = read.zone.shieldZoneId;
  let document;
  try {
    document = parseOpenApiDocument(text);
  } catch (error) {
    if (!(error instanceof DocumentError)) throw error;
    throw new ShieldError(
      `the OpenAPI document given for shield zone ${zone} does not parse: ${error.message}.`,
    );
  }
  const given = document.operations.map((o) => o.key).sort();
  const live = endpoints
    .map((e) => `${(e.requestMethod ?? "").toUpperCase()} ${e.requestPath ?? ""}`)
    .sort();
  if (live.length > 0 && given.join("\n") !== live.join("\n")) {
    throw new ShieldError(
      `the OpenAPI document given for shield zone ${zone} is not the zone's: its operations are ${given.join(", ") || "none"}, the zone's endpoints ${live.join(", ")}. Declaring it would upload it over the zone's document.`,
    );
  }
  return document;
}

/**
 * The configuration and each endpoint by its operation's key, compared with {@link UNUSED} and
 * {@link UPLOADED_ENDPOINT}; the document given declared as `openApiSpec`, from a file.
 */
export const existing = existingKind({
  declaration,
  inputs: inputSchema,
  read: ({ client, zoneId, step, progress }) =>
    step("its API Guardian", () => client.apiGuardian.get(zoneId)).then((guardian) => {
      progress(`API Guardian: ${count(guardian.endpoints.length, "endpoint")}`);
      return guardian;
    }),
  describe: (context, { configuration, endpoints }) => {
    const text = context.openApiDocument;
    const openApi =
      text === undefined
        ? undefined
        : { text, document: documentOf(context.read, endpoints, text) };
    const byKey = Object.fromEntries(
      [...endpoints]
        .sort((a, b) => a.apiGuardianEndpointId - b.apiGuardianEndpointId)
        .map((e) => [endpointKey(e.requestMethod ?? "", e.requestPath ?? ""), e]),
    );
    const operations = new Map(openApi?.document.operations.map((o) => [o.key, o]));
    const comments: string[] = [];
    const hasDocument = configuration.title != null || endpoints.length > 0;
    const title =
      configuration.title == null
        ? ""
        : ` (${JSON.stringify(configuration.title)}${configuration.version == null ? "" : ` ${configuration.version}`})`;
    if (hasDocument && !openApi) {
      comments.push(
        `The zone's OpenAPI document${title} is not declared: the service never shows it back. Give it to the generator (--openapi ${selectorId(context.read.selector)}=<file>) to declare it as openApiSpec.`,
      );
    }
    const raw: Record<string, unknown> = {
      ...pickMembers(configuration, inputSchema.fields),
      shieldZoneId: context.zone,
      endpoints: byKey,
    };
    if (openApi) {
      const extension = openApi.text.trimStart().startsWith("{") ? "json" : "yaml";
      raw.openApiSpec = context.file(`${context.filePrefix}openapi.${extension}`, openApi.text);
    }
    return [
      {
        name: context.names.take("api guardian", "", "api-guardian"),
        raw,
        defaults: {
          ...serviceDefaults(inputSchema, UNUSED),
          endpoints: new EachMember((key) =>
            normalized(memberField(inputSchema, "endpoints"), {
              ...UPLOADED_ENDPOINT,
              ...(operations.has(key)
                ? { validateRequestBodySchema: operations.get(key)!.hasRequestBody }
                : {}),
            }),
          ),
        },
        comments,
        argumentComments: openApi
          ? {
              openApiSpec: [
                "The document given to the generator (the service never shows one back): a first `pulumi up` uploads it only if the zone's yields another title, version or endpoints.",
              ],
            }
          : undefined,
      },
    ];
  },
});
