// Generated from ./declaration.ts by scripts/generate-resources.ts: edit that, then run `npm run generate`.
/** `RateLimit`: a rate limit rule that Pulumi creates, changes and deletes. */
import * as pulumi from "@pulumi/pulumi";
import { deriveIdentity, idPart, providerFor, withOutputs } from "../kit/resource";
import type { RuleArgs } from "../kit/rule-resource";
import type { RuleConditionState } from "../types";

/** A name of `RateLimitAction`: `RateLimit` (1), `Log` (2), `Challenge` (3). */
export type RateLimitActionName = "RateLimit" | "Log" | "Challenge";

/** A name of `RateLimitBlockTime`: `ForThirtySeconds` (30), `ForOneMinute` (60), `ForFiveMinutes` (300), `ForFifteenMinutes` (900), `ForThirtyMinutes` (1800), `ForOneHour` (3600). */
export type RateLimitBlockTimeName =
  | "ForThirtySeconds"
  | "ForOneMinute"
  | "ForFiveMinutes"
  | "ForFifteenMinutes"
  | "ForThirtyMinutes"
  | "ForOneHour";

/** A name of `RateLimitCounterKey`: `IP` (0), `Host` (1), `Country` (2), `City` (3), `ASN` (4), `Organization` (5), `JA4` (6), `IP_JA4` (7). */
export type RateLimitCounterKeyName =
  "IP" | "Host" | "Country" | "City" | "ASN" | "Organization" | "JA4" | "IP_JA4";

/** A name of `RateLimitTimeframe`: `PerSecond` (1), `PerTenSeconds` (10), `PerOneMinute` (60), `PerFiveMinutes` (300), `PerFifteenMinutes` (900), `PerOneHour` (3600). */
export type RateLimitTimeframeName =
  | "PerSecond"
  | "PerTenSeconds"
  | "PerOneMinute"
  | "PerFiveMinutes"
  | "PerFifteenMinutes"
  | "PerOneHour";

/** Arguments of {@link RateLimit}. */
export interface RateLimitArgs extends RuleArgs {
  /** `RateLimit`, `Log` or `Challenge` (or 1 to 3). */
  action: pulumi.Input<RateLimitActionName | number>;
  /** How many requests are allowed in `timeframe`. */
  requestCount: pulumi.Input<number>;
  /** The window, in seconds (1, 10, 60, 300, 900, 3600) or by name (`PerOneMinute`, …). */
  timeframe: pulumi.Input<RateLimitTimeframeName | number | string>;
  /** How long a client is limited, in seconds (30, 60, 300, 900, 1800, 3600) or by name (`ForOneMinute`, …). */
  blockTime: pulumi.Input<RateLimitBlockTimeName | number | string>;
  /** What requests are counted per: `IP` (default), `Host`, `Country`, `City`, `ASN`, `Organization`, `JA4`, `IP_JA4`. */
  counterKey?: pulumi.Input<RateLimitCounterKeyName | number | string>;
}

/**
 * A rate limit of a shield zone (`POST /shield/rate-limit`, `PATCH` and `DELETE` of
 * `/shield/rate-limit/{id}`), with the same guarantees as `WafCustomRule`.
 *
 * @example
 * ```ts
 * new RateLimit("login", {
 *   shieldZoneId: zone.shieldZoneId,
 *   name: "Login attempts",
 *   action: "RateLimit",
 *   conditions: [{ variable: "REQUEST_URI", operator: "BEGINSWITH", value: "/login" }],
 *   requestCount: 10,
 *   timeframe: 60,
 *   blockTime: 300,
 * });
 * ```
 */
export class RateLimit extends pulumi.dynamic.Resource {
  /** The shield zone. */
  declare readonly shieldZoneId: pulumi.Output<number>;
  /** The rule's id. */
  declare readonly ruleId: pulumi.Output<number>;
  /** The rule's name. */
  declare readonly name: pulumi.Output<string>;
  /** Its description. */
  declare readonly description: pulumi.Output<string>;
  /** The action by name. */
  declare readonly action: pulumi.Output<string>;
  /** The severity by name, or null. */
  declare readonly severity: pulumi.Output<string | null>;
  /** The conditions as the service has them. */
  declare readonly conditions: pulumi.Output<RuleConditionState[]>;
  /** The transformations by name, sorted. */
  declare readonly transformations: pulumi.Output<string[]>;
  /** Requests allowed per window. */
  declare readonly requestCount: pulumi.Output<number>;
  /** The window by name (e.g. `PerOneMinute`). */
  declare readonly timeframe: pulumi.Output<string>;
  /** The block time by name (e.g. `ForFiveMinutes`). */
  declare readonly blockTime: pulumi.Output<string>;
  /** What requests are counted per, by name. */
  declare readonly counterKey: pulumi.Output<string>;
  /** Whether a rule that existed before was taken over. */
  declare readonly adoptExisting: pulumi.Output<boolean>;

  constructor(name: string, args: RateLimitArgs, opts?: pulumi.CustomResourceOptions) {
    const kind = "RateLimit";
    const outputs = [
      "ruleId",
      "description",
      "severity",
      "transformations",
      "counterKey",
      "adoptExisting",
    ];
    super(providerFor(kind), name, withOutputs(args, outputs), opts, "bunnynet", kind);
    deriveIdentity(this, { ruleId: idPart(0) });
  }
}
