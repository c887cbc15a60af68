/** `ApiGuardian` declared once: resource.ts is generated from it (`npm run generate`). */
import {
  declareKind,
  onDeleteOutput,
  settingsPriorsOutput,
  restoreOrKeepInput,
  zoneKeyInput,
  zoneOutput,
} from "../kit/declaration";

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
  imports: ['import type { API_GUARDIAN_ON_DELETE } from "./spec";'],
  types: `
/** What API Guardian does with a request that fails validation: \`Log\` or \`Block\` (or 0, 1). */
export type ApiGuardianExecutionModeName = "Log" | "Block";
/** What API Guardian does with a body over its limit, or a path the document lacks: \`Block\`, \`Log\` or \`Ignore\` (or 0, 1, 2). */
export type ApiGuardianActionName = "Block" | "Log" | "Ignore";
/** The window an endpoint's rate limit counts over. */
export type ApiGuardianTimeframeName =
  | "PerSecond"
  | "PerTenSeconds"
  | "PerOneMinute"
  | "PerFiveMinutes"
  | "PerFifteenMinutes"
  | "PerOneHour";
/** Parameter names by where they travel. */
export interface ApiGuardianParameterNames {
  /** Path parameters. */
  Path?: pulumi.Input<pulumi.Input<string>[]>;
  /** Query parameters. */
  Query?: pulumi.Input<pulumi.Input<string>[]>;
  /** Header parameters. */
  Header?: pulumi.Input<pulumi.Input<string>[]>;
  /** Cookie parameters. */
  Cookie?: pulumi.Input<pulumi.Input<string>[]>;
}
/** The settings of one endpoint; each is left as the service has it when omitted. */
export interface ApiGuardianEndpointArgs {
  /** Whether the endpoint is enforced. */
  isEnabled?: pulumi.Input<boolean>;
  /** Validate request bodies against the operation's schema (when it has one). */
  validateRequestBodySchema?: pulumi.Input<boolean>;
  /** Validate response bodies against the operation's response schemas. */
  validateResponseBodySchema?: pulumi.Input<boolean>;
  /** Enforce the document's security schemes. */
  validateAuthorization?: pulumi.Input<boolean>;
  /**
   * Parameters to run injection detection on, by location; each must be a parameter the
   * operation declares. A location omitted keeps its live names.
   */
  injectionDetectionParameters?: pulumi.Input<ApiGuardianParameterNames>;
  /** Detect XSS in the parameters above. */
  detectParameterXss?: pulumi.Input<boolean>;
  /** Detect SQL injection in the parameters above. */
  detectParameterSqli?: pulumi.Input<boolean>;
  /** Whether the endpoint has its own rate limit. */
  rateLimitingEnabled?: pulumi.Input<boolean>;
  /** Count requests for everyone (\`Global\`) or per client address (\`IP\`). */
  rateLimitingType?: pulumi.Input<"Global" | "IP">;
  /** Requests allowed per timeframe. */
  rateLimitingRequestCount?: pulumi.Input<number>;
  /** The timeframe, by name or in seconds (1, 10, 60, 300, 900, 3600). */
  rateLimitingTimeframe?: pulumi.Input<ApiGuardianTimeframeName | number>;
}
`,
  inputs: {
    shieldZoneId: zoneKeyInput,
    isEnabled: {
      type: "boolean",
      doc: "Whether API Guardian is on for the zone.",
      docs: {
        type: "`boolean`",
        default: "left as the service has it",
        text: "Whether API Guardian is on for the zone.",
      },
    },
    executionMode: {
      type: "ApiGuardianExecutionModeName | number",
      doc: "What a request failing validation gets: `Log` or `Block`.",
      docs: {
        type: '`"Log"`, `"Block"`, or 0–1',
        default: "left as the service has it",
        text: "What a request failing validation gets.",
      },
    },
    bodyLimitAction: {
      type: "ApiGuardianActionName | number",
      doc: "What a body over the size limit gets: `Block`, `Log` or `Ignore`.",
      docs: {
        type: '`"Block"`, `"Log"`, `"Ignore"`, or 0–2',
        default: "left as the service has it",
        text: "What a body over the size limit gets.",
      },
    },
    unmatchedPathAction: {
      type: "ApiGuardianActionName | number",
      doc: "What a request to a path the document does not define gets: `Block`, `Log` or `Ignore`.",
      docs: {
        type: '`"Block"`, `"Log"`, `"Ignore"`, or 0–2',
        default: "left as the service has it",
        text: "What a request to a path the document does not define gets.",
      },
    },
    openApiSpec: {
      type: "string",
      doc: `The OpenAPI document (3.x or Swagger 2.0) as text, JSON or YAML, e.g. read with
\`fs.readFileSync("openapi.yaml", "utf8")\`. Uploaded with a POST the first time and a PATCH
when its content changes; state keeps its SHA-256, not a second copy. The service cannot
show a document back, so a change made outside Pulumi is not seen, and delete leaves the
document in place.`,
      docs: {
        type: "`string`",
        default: "none",
        text: "The OpenAPI document (3.x or Swagger 2.0) as text, JSON or YAML, at most 10,000,000 characters; checked before any request (it must parse and have an `openapi` or `swagger` field and `paths`).",
      },
    },
    endpoints: {
      type: "Record<string, pulumi.Input<ApiGuardianEndpointArgs>>",
      doc: `Settings of endpoints, keyed by method and path as the document writes them
(\`"GET /users/{id}"\`). Keys are checked against \`openApiSpec\` when it is given, and
resolved to the service's endpoint ids from the live configuration.`,
      set: true,
      docs: {
        type: "`Record<string, EndpointSettings>`",
        default: "left as the service has it",
        text: 'Settings of endpoints, keyed `"METHOD /path"` as the document writes the path (`"get  /pets"` is read as `"GET /pets"`).',
      },
    },
    onDelete: restoreOrKeepInput(
      "(typeof API_GUARDIAN_ON_DELETE)[number]",
      "the settings and endpoint settings",
    ),
  },
  outputs: {
    shieldZoneId: zoneOutput,
    isEnabled: {
      type: "boolean | null",
      doc: "Whether API Guardian is on, as the service reports it.",
      docs: {
        type: "`boolean | null`",
        text: "Whether API Guardian is on, as the service reports it.",
      },
    },
    executionMode: {
      type: "string | null",
      doc: "The execution mode by name (or its number's text for one this version does not name).",
      docs: {
        type: "`string | null`",
        text: "By name (a number this version does not name as its text).",
      },
    },
    bodyLimitAction: {
      type: "string | null",
      doc: "The body limit action by name.",
      docs: { type: "`string | null`", text: "By name." },
    },
    unmatchedPathAction: {
      type: "string | null",
      doc: "The unmatched path action by name.",
      docs: { type: "`string | null`", text: "By name." },
    },
    title: {
      type: "string | null",
      doc: "The title of the uploaded document, as the service read it.",
      docs: {
        type: "`string | null`",
        text: "The uploaded document's title, as the service read it.",
      },
    },
    version: {
      type: "string | null",
      doc: "The version of the uploaded document, as the service read it.",
      docs: {
        type: "`string | null`",
        text: "The uploaded document's version, as the service read it.",
      },
    },
    openApiSpecSha256: {
      type: "string | undefined",
      doc: "SHA-256 (hex) of the document Pulumi last uploaded.",
      docs: {
        type: "`string`",
        text: "SHA-256 (hex) of the document Pulumi last uploaded; state keeps no second copy of it.",
      },
    },
    endpoints: {
      type: "Record<string, Record<string, unknown>>",
      doc: 'Every endpoint\'s settings, keyed by `"METHOD /path"`.',
      docs: {
        type: "`Record<string, Record<string, unknown>>`",
        text: 'Every endpoint\'s settings, keyed `"METHOD /path"`.',
      },
    },
    endpointIds: {
      type: "Record<string, number>",
      doc: 'Every endpoint\'s id, keyed by `"METHOD /path"`.',
      docs: {
        type: "`Record<string, number>`",
        text: 'Every endpoint\'s id, keyed `"METHOD /path"`.',
      },
    },
    onDelete: onDeleteOutput,
    priors: settingsPriorsOutput(
      "The declared settings and endpoint settings before Pulumi's first write.",
    ),
  },
});
