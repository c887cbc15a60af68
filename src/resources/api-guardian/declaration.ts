/** `ApiGuardian` declared once: resource.ts is generated from it (`npm run generate`). */
import { z } from "zod";
import { MAX_OPENAPI_SPEC_LENGTH } from "../../client/areas/api-guardian";
import {
  ApiGuardianRateLimitTypes,
  RateLimitTimeframe,
  UnmatchedPathAction,
  WafExecutionMode,
  WafPayloadLimitAction,
} from "../../client/enums";
import {
  DocumentError,
  endpointKey,
  HTTP_METHODS,
  parseOpenApiDocument,
  type OpenApiDocument,
} from "../../openapi/document";
import { refuse } from "../kit/refuse";
import {
  declareKind,
  onDeleteOutput,
  settingsPriorsOutput,
  restoreOrKeepInput,
  zoneKeyInput,
  zoneOutput,
} from "../kit/declaration";
import { booleanInput, choiceInput, enumInput, integerInput, INT32_MAX } from "../kit/fields";
import { objectMeta } from "../kit/shape";

/** Where an endpoint's parameters travel: the keys of its parameter names. */
export const LOCATIONS = ["Path", "Query", "Header", "Cookie"] as const;

/** An endpoint's on/off settings, each with its TSDoc. */
const SWITCHES = {
  isEnabled: "Whether the endpoint is enforced.",
  validateRequestBodySchema:
    "Validate request bodies against the operation's schema (when it has one).",
  validateResponseBodySchema: "Validate response bodies against the operation's response schemas.",
  validateAuthorization: "Enforce the document's security schemes.",
  detectParameterXss: "Detect XSS in the parameters of `injectionDetectionParameters`.",
  detectParameterSqli: "Detect SQL injection in the parameters of `injectionDetectionParameters`.",
  rateLimitingEnabled: "Whether the endpoint has its own rate limit.",
} as const;

/** The names of an endpoint's on/off settings, as the inputs and the service both call them. */
export const ENDPOINT_FLAGS = Object.keys(SWITCHES) as Array<keyof typeof SWITCHES>;

/** An endpoint setting: optional (left as the service has it), with its TSDoc. */
const setting = <S extends z.ZodType>(schema: S, doc: string) => schema.meta({ doc }).optional();

const parameterNames = z
  .strictObject(
    Object.fromEntries(
      LOCATIONS.map((location) => [
        location,
        setting(
          z.array(z.string().min(1).max(256)).max(1000).describe("an array of parameter names"),
          `${location} parameters.`,
        ),
      ]),
    ),
  )
  .describe("an object { Path, Query, Header, Cookie } of parameter names")
  .meta(
    objectMeta("ApiGuardianParameterNames", "Parameter names by where they travel.", {
      inputName: "ApiGuardianParameterNames",
    }),
  );

const endpointSettings = {
  ...Object.fromEntries(
    ENDPOINT_FLAGS.map((flag) => [flag, setting(booleanInput, SWITCHES[flag])]),
  ),
  injectionDetectionParameters: setting(
    parameterNames,
    `Parameters to run injection detection on, by location; each must be a parameter the
operation declares. A location omitted keeps its live names.`,
  ),
  rateLimitingType: setting(
    choiceInput(ApiGuardianRateLimitTypes, "ApiGuardianRateLimitType"),
    "Count requests for everyone (`Global`) or per client address (`IP`).",
  ),
  rateLimitingRequestCount: setting(
    integerInput(1, INT32_MAX, "a whole number of requests"),
    "Requests allowed per timeframe.",
  ),
  rateLimitingTimeframe: setting(
    enumInput(RateLimitTimeframe, "ApiGuardianTimeframe"),
    "The timeframe, by name or in seconds (1, 10, 60, 300, 900, 3600).",
  ),
};

const endpointOverride = z
  .strictObject(endpointSettings)
  .describe(`an object of endpoint settings (${Object.keys(endpointSettings).join(", ")})`)
  .meta(
    objectMeta(
      "ApiGuardianEndpoint",
      "The settings of one endpoint; each is left as the service has it when omitted.",
    ),
  );

const KEY = new RegExp(`^(${HTTP_METHODS.join("|")}) (/\\S*)$`, "i");
/** `"get  /users"` → `"GET /users"`; undefined for a text that is not a method and a path. */
function normalizeKey(key: string): string | undefined {
  const match = KEY.exec(key.trim().replace(/\s+/, " "));
  return match ? endpointKey(match[1]!, match[2]!) : undefined;
}

const endpoints = z
  .record(z.string(), endpointOverride)
  .superRefine((value, ctx) => {
    for (const key of Object.keys(value)) {
      if (normalizeKey(key) === undefined) {
        refuse(
          ctx,
          `endpoints["${key}"] is not a key "METHOD /path" (e.g. "GET /users/{id}"); the method is one of ${HTTP_METHODS.join(", ")}.`,
          [key],
        );
      }
    }
  })
  .transform((value) =>
    Object.fromEntries(Object.entries(value).map(([key, v]) => [normalizeKey(key)!, v])),
  )
  .describe('an object of endpoint settings keyed by "METHOD /path"');

// The last document parsed: check reads it twice (the field, then endpoints against it), and
// the document's comparison with the live configuration once more.
let lastParsed: { text: string; document: OpenApiDocument } | undefined;
/** The OpenAPI document in `text`, parsed once for repeated reads; throws a DocumentError. */
export function parsedDocument(text: string): OpenApiDocument {
  if (lastParsed?.text !== text) lastParsed = { text, document: parseOpenApiDocument(text) };
  return lastParsed.document;
}

const openApiSpec = z
  .string()
  .max(MAX_OPENAPI_SPEC_LENGTH)
  .superRefine((text, ctx) => {
    try {
      parsedDocument(text);
    } catch (error) {
      if (!(error instanceof DocumentError)) throw error;
      refuse(ctx, `openApiSpec must be an OpenAPI document (JSON or YAML), but ${error.message}.`);
    }
  })
  .describe(
    `the text of an OpenAPI document (JSON or YAML, at most ${MAX_OPENAPI_SPEC_LENGTH} characters)`,
  );

/** What API Guardian does with a body over its limit, or a path the document lacks. */
const ACTION = "ApiGuardianAction";

export const declaration = declareKind({
  kind: "ApiGuardian",
  summary: "`ApiGuardian`: schema validation of a zone's API from its OpenAPI document.",
  doc: `The API Guardian of a shield zone: it validates requests (and, if asked, responses) against
the zone's OpenAPI document. It exists with the zone, so declaring it adopts it: the values
before Pulumi's first write are kept in \`priors\` and put back on delete.

@example
\`\`\`ts
import * as fs from "node:fs";

new ApiGuardian("api", {
  shieldZoneId: zone.shieldZoneId,
  isEnabled: true,
  executionMode: "Block",
  unmatchedPathAction: "Log",
  openApiSpec: fs.readFileSync("openapi.yaml", "utf8"),
  endpoints: {
    "GET /users/{id}": {
      injectionDetectionParameters: { Path: ["id"] },
      detectParameterSqli: true,
    },
    "POST /users": { rateLimitingEnabled: true, rateLimitingRequestCount: 10, rateLimitingTimeframe: "PerOneMinute" },
  },
});
\`\`\``,
  argsDoc:
    "Arguments of {@link ApiGuardian}. Each setting is left as the service has it when omitted.",
  inputs: {
    shieldZoneId: zoneKeyInput,
    isEnabled: {
      schema: booleanInput,
      doc: "Whether API Guardian is on for the zone.",
      docs: {
        default: "left as the service has it",
        text: "Whether API Guardian is on for the zone.",
      },
    },
    executionMode: {
      schema: enumInput(WafExecutionMode, "ApiGuardianExecutionMode"),
      doc: "What a request failing validation gets: `Log` or `Block`.",
      docs: {
        default: "left as the service has it",
        text: "What a request failing validation gets.",
      },
    },
    bodyLimitAction: {
      schema: enumInput(WafPayloadLimitAction, ACTION),
      doc: "What a body over the size limit gets: `Block`, `Log` or `Ignore`.",
      docs: {
        default: "left as the service has it",
        text: "What a body over the size limit gets.",
      },
    },
    unmatchedPathAction: {
      schema: enumInput(UnmatchedPathAction, ACTION),
      doc: "What a request to a path the document does not define gets: `Block`, `Log` or `Ignore`.",
      docs: {
        default: "left as the service has it",
        text: "What a request to a path the document does not define gets.",
      },
    },
    openApiSpec: {
      schema: openApiSpec,
      doc: `The OpenAPI document (3.x or Swagger 2.0) as text, JSON or YAML, e.g. read with
\`fs.readFileSync("openapi.yaml", "utf8")\`. Uploaded with a POST the first time and a PATCH
when its content changes; state keeps its SHA-256, not a second copy. The service cannot
show a document back, so a change made outside Pulumi is not seen, and delete leaves the
document in place.`,
      docs: {
        default: "none",
        text: "The OpenAPI document (3.x or Swagger 2.0) as text, JSON or YAML, at most 10,000,000 characters; checked before any request (it must parse and have an `openapi` or `swagger` field and `paths`).",
      },
    },
    endpoints: {
      schema: endpoints,
      doc: `Settings of endpoints, keyed by method and path as the document writes them
(\`"GET /users/{id}"\`). Keys are checked against \`openApiSpec\` when it is given, and
resolved to the service's endpoint ids from the live configuration.`,
      set: true,
      docs: {
        default: "left as the service has it",
        text: 'Settings of endpoints, keyed `"METHOD /path"` as the document writes the path (`"get  /pets"` is read as `"GET /pets"`).',
      },
    },
    onDelete: restoreOrKeepInput("the settings and endpoint settings"),
  },
  outputs: {
    shieldZoneId: zoneOutput,
    isEnabled: {
      type: z.boolean().nullable(),
      doc: "Whether API Guardian is on, as the service reports it.",
      docs: {
        text: "Whether API Guardian is on, as the service reports it.",
      },
    },
    executionMode: {
      type: z.string().nullable(),
      doc: "The execution mode by name (or its number's text for one this version does not name).",
      docs: {
        text: "By name (a number this version does not name as its text).",
      },
    },
    bodyLimitAction: {
      type: z.string().nullable(),
      doc: "The body limit action by name.",
      docs: { text: "By name." },
    },
    unmatchedPathAction: {
      type: z.string().nullable(),
      doc: "The unmatched path action by name.",
      docs: { text: "By name." },
    },
    title: {
      from: ["openApiSpec"],
      type: z.string().nullable(),
      doc: "The title of the uploaded document, as the service read it.",
      docs: {
        text: "The uploaded document's title, as the service read it.",
      },
    },
    version: {
      from: ["openApiSpec"],
      type: z.string().nullable(),
      doc: "The version of the uploaded document, as the service read it.",
      docs: {
        text: "The uploaded document's version, as the service read it.",
      },
    },
    openApiSpecSha256: {
      from: ["openApiSpec"],
      type: z.string().optional(),
      doc: "SHA-256 (hex) of the document Pulumi last uploaded.",
      docs: {
        text: "SHA-256 (hex) of the document Pulumi last uploaded; state keeps no second copy of it.",
      },
    },
    endpoints: {
      type: z.record(z.string(), z.record(z.string(), z.unknown())),
      doc: 'Every endpoint\'s settings, keyed by `"METHOD /path"`.',
      docs: {
        text: 'Every endpoint\'s settings, keyed `"METHOD /path"`.',
      },
    },
    endpointIds: {
      from: ["openApiSpec", "endpoints"],
      type: z.record(z.string(), z.number().int()),
      doc: 'Every endpoint\'s id, keyed by `"METHOD /path"`.',
      docs: {
        text: 'Every endpoint\'s id, keyed `"METHOD /path"`.',
      },
    },
    onDelete: onDeleteOutput,
    priors: settingsPriorsOutput(
      "The declared settings and endpoint settings before Pulumi's first write.",
    ),
  },
});
