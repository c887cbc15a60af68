// Generated from ./declaration.ts by scripts/generate-resources.ts: edit that, then run `npm run generate`.
/** `ApiGuardian`: schema validation of a zone's API from its OpenAPI document. */
import * as pulumi from "@pulumi/pulumi";
import { providerFor, withOutputs } from "../kit/resource";
import type { OnDeleteName } from "../types";

/** A name of `ApiGuardianAction`: `Block` (0), `Log` (1), `Ignore` (2). */
export type ApiGuardianActionName = "Block" | "Log" | "Ignore";

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
  /** Detect XSS in the parameters of `injectionDetectionParameters`. */
  detectParameterXss?: pulumi.Input<boolean>;
  /** Detect SQL injection in the parameters of `injectionDetectionParameters`. */
  detectParameterSqli?: pulumi.Input<boolean>;
  /** Whether the endpoint has its own rate limit. */
  rateLimitingEnabled?: pulumi.Input<boolean>;
  /**
   * Parameters to run injection detection on, by location; each must be a parameter the
   * operation declares. A location omitted keeps its live names.
   */
  injectionDetectionParameters?: pulumi.Input<ApiGuardianParameterNames>;
  /** Count requests for everyone (`Global`) or per client address (`IP`). */
  rateLimitingType?: pulumi.Input<ApiGuardianRateLimitTypeName>;
  /** Requests allowed per timeframe. */
  rateLimitingRequestCount?: pulumi.Input<number>;
  /** The timeframe, by name or in seconds (1, 10, 60, 300, 900, 3600). */
  rateLimitingTimeframe?: pulumi.Input<ApiGuardianTimeframeName | number>;
}

/** A name of `ApiGuardianExecutionMode`: `Log` (0), `Block` (1). */
export type ApiGuardianExecutionModeName = "Log" | "Block";

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

/** A name of `ApiGuardianRateLimitType`: `Global`, `IP`. */
export type ApiGuardianRateLimitTypeName = "Global" | "IP";

/** A name of `ApiGuardianTimeframe`: `PerSecond` (1), `PerTenSeconds` (10), `PerOneMinute` (60), `PerFiveMinutes` (300), `PerFifteenMinutes` (900), `PerOneHour` (3600). */
export type ApiGuardianTimeframeName =
  | "PerSecond"
  | "PerTenSeconds"
  | "PerOneMinute"
  | "PerFiveMinutes"
  | "PerFifteenMinutes"
  | "PerOneHour";

/** Arguments of {@link ApiGuardian}. Each setting is left as the service has it when omitted. */
export interface ApiGuardianArgs {
  /** The shield zone. Changing it replaces the resource. */
  shieldZoneId: pulumi.Input<number>;
  /** Whether API Guardian is on for the zone. */
  isEnabled?: pulumi.Input<boolean>;
  /** What a request failing validation gets: `Log` or `Block`. */
  executionMode?: pulumi.Input<ApiGuardianExecutionModeName | number>;
  /** What a body over the size limit gets: `Block`, `Log` or `Ignore`. */
  bodyLimitAction?: pulumi.Input<ApiGuardianActionName | number>;
  /** What a request to a path the document does not define gets: `Block`, `Log` or `Ignore`. */
  unmatchedPathAction?: pulumi.Input<ApiGuardianActionName | number>;
  /**
   * The OpenAPI document (3.x or Swagger 2.0) as text, JSON or YAML, e.g. read with
   * `fs.readFileSync("openapi.yaml", "utf8")`. Uploaded with a POST the first time and a PATCH
   * when its content changes; state keeps its SHA-256, not a second copy. The service cannot
   * show a document back, so a change made outside Pulumi is not seen, and delete leaves the
   * document in place.
   */
  openApiSpec?: pulumi.Input<string>;
  /**
   * Settings of endpoints, keyed by method and path as the document writes them
   * (`"GET /users/{id}"`). Keys are checked against `openApiSpec` when it is given, and
   * resolved to the service's endpoint ids from the live configuration.
   */
  endpoints?: pulumi.Input<Record<string, pulumi.Input<ApiGuardianEndpointArgs>>>;
  /**
   * What deleting the resource does: `"restore"` (default) puts back the settings and endpoint settings
   * Pulumi managed as they were before it adopted them; `"keep"` leaves them.
   */
  onDelete?: pulumi.Input<OnDeleteName>;
}

/**
 * The API Guardian of a shield zone: it validates requests (and, if asked, responses) against
 * the zone's OpenAPI document. It exists with the zone, so declaring it adopts it: the values
 * before Pulumi's first write are kept in `priors` and put back on delete.
 *
 * @example
 * ```ts
 * import * as fs from "node:fs";
 *
 * new ApiGuardian("api", {
 *   shieldZoneId: zone.shieldZoneId,
 *   isEnabled: true,
 *   executionMode: "Block",
 *   unmatchedPathAction: "Log",
 *   openApiSpec: fs.readFileSync("openapi.yaml", "utf8"),
 *   endpoints: {
 *     "GET /users/{id}": {
 *       injectionDetectionParameters: { Path: ["id"] },
 *       detectParameterSqli: true,
 *     },
 *     "POST /users": { rateLimitingEnabled: true, rateLimitingRequestCount: 10, rateLimitingTimeframe: "PerOneMinute" },
 *   },
 * });
 * ```
 */
export class ApiGuardian extends pulumi.dynamic.Resource {
  /** The shield zone. */
  declare readonly shieldZoneId: pulumi.Output<number>;
  /** Whether API Guardian is on, as the service reports it. */
  declare readonly isEnabled: pulumi.Output<boolean | null>;
  /** The execution mode by name (or its number's text for one this version does not name). */
  declare readonly executionMode: pulumi.Output<string | null>;
  /** The body limit action by name. */
  declare readonly bodyLimitAction: pulumi.Output<string | null>;
  /** The unmatched path action by name. */
  declare readonly unmatchedPathAction: pulumi.Output<string | null>;
  /** The title of the uploaded document, as the service read it. */
  declare readonly title: pulumi.Output<string | null>;
  /** The version of the uploaded document, as the service read it. */
  declare readonly version: pulumi.Output<string | null>;
  /** SHA-256 (hex) of the document Pulumi last uploaded. */
  declare readonly openApiSpecSha256: pulumi.Output<string | undefined>;
  /** Every endpoint's settings, keyed by `"METHOD /path"`. */
  declare readonly endpoints: pulumi.Output<Record<string, Record<string, unknown>>>;
  /** Every endpoint's id, keyed by `"METHOD /path"`. */
  declare readonly endpointIds: pulumi.Output<Record<string, number>>;
  /** What deleting the resource does on the service. */
  declare readonly onDelete: pulumi.Output<string>;
  /** The values before Pulumi's first write of the settings it manages. */
  declare readonly priors: pulumi.Output<Record<string, unknown>>;

  constructor(name: string, args: ApiGuardianArgs, opts?: pulumi.CustomResourceOptions) {
    const kind = "ApiGuardian";
    const outputs = [
      "isEnabled",
      "executionMode",
      "bodyLimitAction",
      "unmatchedPathAction",
      "title",
      "version",
      "openApiSpecSha256",
      "endpoints",
      "endpointIds",
      "onDelete",
      "priors",
    ];
    super(providerFor(kind), name, withOutputs(args, outputs), opts, "bunnynet", kind);
  }
}
