// Generated from ./declaration.ts by scripts/generate-resources.ts: edit that, then run `npm run generate`.
/** `ShieldZone`: the shield zone of a pull zone and its zone-wide settings. */
import * as pulumi from "@pulumi/pulumi";
import { deriveIdentity, idPart, providerFor, withOutputs } from "../kit/resource";
import type { OnDeleteName } from "../types";

/** A name of `DdosShieldSensitivity`: `Off` (0), `Low` (1), `Medium` (2), `High` (3), `Challenge` (4). */
export type DdosShieldSensitivityName = "Off" | "Low" | "Medium" | "High" | "Challenge";

/** A name of `ShieldPlanType`: `Basic` (0), `Advanced` (1), `Business` (2), `Enterprise` (3). */
export type ShieldPlanTypeName = "Basic" | "Advanced" | "Business" | "Enterprise";

/** A name of `WafExecutionMode`: `Log` (0), `Block` (1). */
export type WafExecutionModeName = "Log" | "Block";

/** A name of `WafPayloadLimitAction`: `Block` (0), `Log` (1), `Ignore` (2). */
export type WafPayloadLimitActionName = "Block" | "Log" | "Ignore";

/**
 * Arguments of {@link ShieldZone}: the fields of the API's `ShieldZoneRequest` under their API
 * names (`dDoS…` spelled `ddos…`). Each setting is left as the service has it when omitted.
 * Enums take a name or its number.
 */
export interface ShieldZoneArgs {
  /** The pull zone the shield zone protects. Changing it replaces the resource. */
  pullZoneId: pulumi.Input<number>;
  /** `Basic`, `Advanced`, `Business` or `Enterprise` (or 0 to 3). */
  planType?: pulumi.Input<ShieldPlanTypeName | number>;
  /** Whether the WAF only learns (logs) for now. */
  learningMode?: pulumi.Input<boolean>;
  /**
   * When learning mode ends: an ISO 8601 time with its zone (`"2026-12-01T00:00:00Z"`).
   * Compared as the instant it names, whatever its spelling.
   */
  learningModeUntil?: pulumi.Input<string>;
  /** Whether the WAF is on. */
  wafEnabled?: pulumi.Input<boolean>;
  /** `Log` or `Block` (or 0, 1). */
  wafExecutionMode?: pulumi.Input<WafExecutionModeName | number>;
  /** Managed rule ids switched off (e.g. from `getWafRules`); compared as a set. */
  wafDisabledRules?: pulumi.Input<pulumi.Input<string>[]>;
  /** Managed rule ids that only log; compared as a set. */
  wafLogOnlyRules?: pulumi.Input<pulumi.Input<string>[]>;
  /**
   * The order custom WAF rules run in: their ids (`WafCustomRule.ruleId`), first first. Only the
   * rules listed are ordered: the zone's other rules run after them, and a rule the service or
   * another tool adds changes nothing here, so the order does not churn.
   */
  wafCustomRuleOrder?: pulumi.Input<pulumi.Input<number>[]>;
  /** Whether request headers are logged with WAF events. */
  wafRequestHeaderLoggingEnabled?: pulumi.Input<boolean>;
  /** Whether request bodies are logged with WAF events. */
  requestBodyLoggingEnabled?: pulumi.Input<boolean>;
  /** Headers left out of the logs; compared as a set. */
  wafRequestIgnoredHeaders?: pulumi.Input<pulumi.Input<string>[]>;
  /** Whether realtime threat intelligence is on. */
  wafRealtimeThreatIntelligenceEnabled?: pulumi.Input<boolean>;
  /** The WAF profile's id. */
  wafProfileId?: pulumi.Input<number>;
  /** What happens to a request body over the limit: `Block`, `Log`, `Ignore` (or 0 to 2). */
  wafRequestBodyLimitAction?: pulumi.Input<WafPayloadLimitActionName | number>;
  /** What happens to a response body over the limit: `Block`, `Log`, `Ignore` (or 0 to 2). */
  wafResponseBodyLimitAction?: pulumi.Input<WafPayloadLimitActionName | number>;
  /** DDoS protection: `Off`, `Low`, `Medium`, `High`, `Challenge` (or 0 to 4). */
  ddosShieldSensitivity?: pulumi.Input<DdosShieldSensitivityName | number>;
  /** How long a passed DDoS challenge holds, in seconds. */
  ddosChallengeWindow?: pulumi.Input<number>;
  /** Whether response pages carry no bunny.net branding. */
  whitelabelResponsePages?: pulumi.Input<boolean>;
  /**
   * Create the shield zone under attack: when the pull zone has none yet, it is created with
   * every protection at its most defensive (DDoS `Challenge`, WAF blocking, bot detection
   * challenging), and the settings declared here apply over that. A zone that exists already is
   * adopted as it is; changing this later does nothing.
   */
  underAttack?: pulumi.Input<boolean>;
  /**
   * What deleting the resource does. The service cannot delete a shield zone: `"restore"`
   * (default) puts back the settings Pulumi managed as they were before its first write,
   * `"keep"` leaves them.
   */
  onDelete?: pulumi.Input<OnDeleteName>;
}

/**
 * The shield zone of a pull zone. Create adopts the pull zone's shield zone when one exists
 * and creates it otherwise; either way the values before Pulumi's first write are kept in
 * `priors`. The id is the shield zone's id, which other resources take as `shieldZoneId`.
 *
 * @example
 * ```ts
 * const zone = new ShieldZone("site", {
 *   pullZoneId: 123456,
 *   wafEnabled: true,
 *   wafExecutionMode: "Block",
 *   ddosShieldSensitivity: "Medium",
 * });
 * export const shieldZoneId = zone.shieldZoneId;
 * ```
 */
export class ShieldZone extends pulumi.dynamic.Resource {
  /** The shield zone's id. */
  declare readonly shieldZoneId: pulumi.Output<number>;
  /** The pull zone it protects. */
  declare readonly pullZoneId: pulumi.Output<number>;
  /** The plan by name, as the service reports it. */
  declare readonly planType: pulumi.Output<string | null>;
  /** Whether the WAF only learns. */
  declare readonly learningMode: pulumi.Output<boolean | null>;
  /** When learning mode ends (ISO 8601), or null. */
  declare readonly learningModeUntil: pulumi.Output<string | null>;
  /** Whether the WAF is on. */
  declare readonly wafEnabled: pulumi.Output<boolean | null>;
  /** `Log` or `Block`. */
  declare readonly wafExecutionMode: pulumi.Output<string | null>;
  /** Managed rule ids switched off. */
  declare readonly wafDisabledRules: pulumi.Output<string[] | null>;
  /** Managed rule ids that only log. */
  declare readonly wafLogOnlyRules: pulumi.Output<string[] | null>;
  /** The custom WAF rules' order: the declared rules in their live order (every rule when none is declared). */
  declare readonly wafCustomRuleOrder: pulumi.Output<number[] | null>;
  /** Whether the zone was declared to be created under attack. */
  declare readonly underAttack: pulumi.Output<boolean | undefined>;
  /** Whether request headers are logged. */
  declare readonly wafRequestHeaderLoggingEnabled: pulumi.Output<boolean | null>;
  /** Whether request bodies are logged. */
  declare readonly requestBodyLoggingEnabled: pulumi.Output<boolean | null>;
  /** Headers left out of the logs. */
  declare readonly wafRequestIgnoredHeaders: pulumi.Output<string[] | null>;
  /** Whether realtime threat intelligence is on. */
  declare readonly wafRealtimeThreatIntelligenceEnabled: pulumi.Output<boolean | null>;
  /** The WAF profile's id. */
  declare readonly wafProfileId: pulumi.Output<number | null>;
  /** Request body limit action by name. */
  declare readonly wafRequestBodyLimitAction: pulumi.Output<string | null>;
  /** Response body limit action by name. */
  declare readonly wafResponseBodyLimitAction: pulumi.Output<string | null>;
  /** DDoS sensitivity by name. */
  declare readonly ddosShieldSensitivity: pulumi.Output<string | null>;
  /** DDoS challenge window in seconds. */
  declare readonly ddosChallengeWindow: pulumi.Output<number | null>;
  /** Whether response pages are white-labelled. */
  declare readonly whitelabelResponsePages: pulumi.Output<boolean | null>;
  /** DDoS execution mode by name (read-only). */
  declare readonly ddosExecutionMode: pulumi.Output<string | null>;
  /** How many rate limits the plan allows. */
  declare readonly rateLimitRulesLimit: pulumi.Output<number | null>;
  /** How many custom WAF rules the plan allows. */
  declare readonly customWafRulesLimit: pulumi.Output<number | null>;
  /** What deleting the resource does on the service. */
  declare readonly onDelete: pulumi.Output<string>;
  /** The values before Pulumi's first write of the settings it manages. */
  declare readonly priors: pulumi.Output<Record<string, unknown>>;

  constructor(name: string, args: ShieldZoneArgs, opts?: pulumi.CustomResourceOptions) {
    const kind = "ShieldZone";
    const outputs = [
      "shieldZoneId",
      "planType",
      "learningMode",
      "learningModeUntil",
      "wafEnabled",
      "wafExecutionMode",
      "wafDisabledRules",
      "wafLogOnlyRules",
      "wafCustomRuleOrder",
      "underAttack",
      "wafRequestHeaderLoggingEnabled",
      "requestBodyLoggingEnabled",
      "wafRequestIgnoredHeaders",
      "wafRealtimeThreatIntelligenceEnabled",
      "wafProfileId",
      "wafRequestBodyLimitAction",
      "wafResponseBodyLimitAction",
      "ddosShieldSensitivity",
      "ddosChallengeWindow",
      "whitelabelResponsePages",
      "ddosExecutionMode",
      "rateLimitRulesLimit",
      "customWafRulesLimit",
      "onDelete",
      "priors",
    ];
    super(providerFor(kind), name, withOutputs(args, outputs), opts, "bunnynet", kind);
    deriveIdentity(this, { shieldZoneId: idPart(0) });
  }
}
