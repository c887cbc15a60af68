/**
 * `getWafRules` (the managed rule catalog), `getWafCustomRules` and `getRateLimits` (a zone's
 * own rules, every page), read-only.
 */
import type * as pulumi from "@pulumi/pulumi";
import type { RuleConditionState } from "../resources/types";
import { ruleSpecOf } from "../resources/kit/registry";
import { ruleOutputs, type RuleSpec } from "../resources/kit/rules";
import type { ShieldClient } from "../client/shield-client";
import type { Integer } from "../client/arguments";
import {
  FunctionInputs,
  FunctionSpec,
  invokeFunction,
  outputOf,
  ShieldFunctionOptions,
  zoneFunction,
} from "./common";

/** Arguments of the three functions: the zone. */
export interface ZoneRulesArgs {
  /** The shield zone's id. */
  shieldZoneId: Integer;
}

/** One managed WAF rule. */
export interface WafRuleSummary {
  /** The id `ShieldZone.wafDisabledRules` and `wafLogOnlyRules` take, e.g. `"942100"`. */
  ruleId: string;
  /** What the rule detects. */
  description: string | null;
  /** The rule's group, e.g. `"SQL Injection"`. */
  group: string | null;
}

/** The result of {@link getWafRules}. */
export interface GetWafRulesResult {
  /** The zone asked about. */
  shieldZoneId: Integer;
  /** Every managed rule, flattened. */
  rules: WafRuleSummary[];
}

/** A zone's rule, named like the resource's outputs. */
export interface RuleSummary {
  /** The rule's id. */
  ruleId: Integer;
  /** The rule's name. */
  name: string | null;
  /** Its description; empty when none. */
  description: string;
  /** The action by name (`Block`, `Log`, … for WAF rules; `RateLimit`, `Log`, `Challenge` for rate limits). */
  action: string | null;
  /** `NOTICE`, `WARNING` or `CRITICAL`. */
  severity: string | null;
  /** The conditions, the rule's own first; all must match. */
  conditions: RuleConditionState[];
  /** Transformations by name, sorted. */
  transformations: string[];
  /** Rate limits only: requests allowed per window. */
  requestCount?: number | null;
  /** Rate limits only: the window by name, e.g. `PerOneMinute`. */
  timeframe?: string | null;
  /** Rate limits only: the block time by name, e.g. `ForFiveMinutes`. */
  blockTime?: string | null;
  /** Rate limits only: what requests are counted per, e.g. `IP`. */
  counterKey?: string | null;
}

/** The result of {@link getWafCustomRules} and {@link getRateLimits}. */
export interface GetRulesResult {
  /** The zone asked about. */
  shieldZoneId: Integer;
  /** Every rule of the zone, across all pages. */
  rules: RuleSummary[];
}

const wafRules: FunctionSpec<ZoneRulesArgs, GetWafRulesResult> = {
  name: "getWafRules",
  ...zoneFunction,
  async run(client, { shieldZoneId: zone }) {
    const rules = await client.wafRules.list(zone);
    return {
      shieldZoneId: zone,
      rules: rules.map(({ ruleId, description, group }) => ({ ruleId, description, group })),
    };
  },
};

function rulesOf(
  name: string,
  kindOf: () => RuleSpec,
  list: (client: ShieldClient, zone: number) => PromiseLike<unknown[]>,
): FunctionSpec<ZoneRulesArgs, GetRulesResult> {
  return {
    name,
    ...zoneFunction,
    async run(client, { shieldZoneId: zone }) {
      const rules = (await list(client, zone)) as Parameters<typeof ruleOutputs>[1][];
      const kind = kindOf();
      return {
        shieldZoneId: zone,
        rules: rules.map((rule) => {
          const { shieldZoneId: _zone, ...summary } = ruleOutputs(kind, rule);
          return summary as unknown as RuleSummary;
        }),
      };
    },
  };
}

const wafCustomRules = rulesOf(
  "getWafCustomRules",
  () => ruleSpecOf("WafCustomRule"),
  (c, z) => c.wafCustomRules.list(z),
);
const rateLimits = rulesOf(
  "getRateLimits",
  () => ruleSpecOf("RateLimit"),
  (c, z) => c.rateLimits.list(z),
);

/**
 * Reads the managed WAF rule catalog a zone can switch off or set to log only, flattened.
 *
 * @example
 * ```ts
 * const { rules } = await getWafRules({ shieldZoneId: 12345 });
 * new ShieldZone("site", {
 *   pullZoneId: 123456,
 *   wafDisabledRules: rules.filter((r) => r.group === "Scanner Detection").map((r) => r.ruleId),
 * });
 * ```
 */
export function getWafRules(
  args: ZoneRulesArgs,
  options?: ShieldFunctionOptions,
): Promise<GetWafRulesResult> {
  return invokeFunction(wafRules, args, options);
}

/** {@link getWafRules} for `pulumi.Input`s. */
export function getWafRulesOutput(
  args: FunctionInputs<ZoneRulesArgs>,
  options?: ShieldFunctionOptions,
): pulumi.Output<GetWafRulesResult> {
  return outputOf(getWafRules, args, options);
}

/**
 * Reads every custom WAF rule of a zone (all pages), named like `WafCustomRule`'s outputs.
 *
 * @example
 * ```ts
 * export const ruleNames = getWafCustomRulesOutput({ shieldZoneId: zone.shieldZoneId }).rules.apply(
 *   (rules) => rules.map((r) => r.name),
 * );
 * ```
 */
export function getWafCustomRules(
  args: ZoneRulesArgs,
  options?: ShieldFunctionOptions,
): Promise<GetRulesResult> {
  return invokeFunction(wafCustomRules, args, options);
}

/** {@link getWafCustomRules} for `pulumi.Input`s. */
export function getWafCustomRulesOutput(
  args: FunctionInputs<ZoneRulesArgs>,
  options?: ShieldFunctionOptions,
): pulumi.Output<GetRulesResult> {
  return outputOf(getWafCustomRules, args, options);
}

/**
 * Reads every rate limit of a zone (all pages), named like `RateLimit`'s outputs.
 *
 * @example
 * ```ts
 * const { rules } = await getRateLimits({ shieldZoneId: 12345 });
 * ```
 */
export function getRateLimits(
  args: ZoneRulesArgs,
  options?: ShieldFunctionOptions,
): Promise<GetRulesResult> {
  return invokeFunction(rateLimits, args, options);
}

/** {@link getRateLimits} for `pulumi.Input`s. */
export function getRateLimitsOutput(
  args: FunctionInputs<ZoneRulesArgs>,
  options?: ShieldFunctionOptions,
): pulumi.Output<GetRulesResult> {
  return outputOf(getRateLimits, args, options);
}
