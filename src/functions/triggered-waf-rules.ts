/**
 * `getTriggeredWafRules`: the managed rules that fired on a zone and are not reviewed yet, with
 * their counts and top URLs, and with `withRecommendations` the service's advice on each.
 */
import type * as pulumi from "@pulumi/pulumi";
import { shieldZoneId } from "../client/arguments";
import { InvalidArgumentError } from "../client/errors";
import type { Integer } from "../client/arguments";
import {
  argumentsRecord,
  FunctionInputs,
  FunctionSpec,
  invokeFunction,
  outputOf,
  ShieldFunctionOptions,
} from "./common";

/** Arguments of {@link getTriggeredWafRules}. */
export interface GetTriggeredWafRulesArgs {
  /** The shield zone's id. */
  shieldZoneId: Integer;
  /** Also read the service's recommendation for each rule (one more request per rule). */
  withRecommendations?: boolean;
}

/** A managed rule that fired on the zone. */
export interface TriggeredWafRuleSummary {
  /** The id `ShieldZone.wafDisabledRules` and `wafLogOnlyRules` take, e.g. `"942100"`. */
  ruleId: string;
  /** What the rule detects. */
  description: string | null;
  /** How many requests it matched in the logs the service keeps. */
  totalTriggeredRequests: number | null;
  /** The URLs it matched most, with their counts. */
  topTargetedUrls: Record<string, number>;
  /** The service's advice (with `withRecommendations`), else null. */
  recommendation: string | null;
}

/** The result of {@link getTriggeredWafRules}. */
export interface GetTriggeredWafRulesResult {
  /** The zone asked about. */
  shieldZoneId: Integer;
  /** The rules, most triggered first. */
  rules: TriggeredWafRuleSummary[];
}

const triggered: FunctionSpec<GetTriggeredWafRulesArgs, GetTriggeredWafRulesResult> = {
  name: "getTriggeredWafRules",
  validate(args) {
    const record = argumentsRecord(
      args,
      ["shieldZoneId", "withRecommendations"],
      "expected { shieldZoneId, withRecommendations? }",
    );
    const { withRecommendations } = record;
    if (withRecommendations !== undefined && typeof withRecommendations !== "boolean") {
      throw new InvalidArgumentError(
        "args.withRecommendations",
        withRecommendations,
        "expected true or false",
      );
    }
    return { shieldZoneId: shieldZoneId(record.shieldZoneId), withRecommendations };
  },
  zoneOf: (args) => args.shieldZoneId,
  async run(client, { shieldZoneId: zone, withRecommendations }) {
    const rules = await client.wafRules.listTriggered(zone);
    return {
      shieldZoneId: zone,
      rules: await Promise.all(
        rules.map(async (rule) => ({
          ruleId: rule.ruleId,
          description: rule.ruleDescription ?? null,
          totalTriggeredRequests: rule.totalTriggeredRequests ?? null,
          topTargetedUrls: rule.topTargetedUrls ?? {},
          recommendation: withRecommendations
            ? await client.wafRules.getTriggeredRecommendation(zone, rule.ruleId)
            : null,
        })),
      ),
    };
  },
};

/**
 * Reads the managed rules that fired on a zone and are not reviewed yet, most triggered first;
 * with `withRecommendations`, the service's advice on each. Reviewing one is an action, not a
 * setting: `ShieldClient.wafRules.reviewTriggered`, or declare the rule in
 * `ShieldZone.wafLogOnlyRules` or `wafDisabledRules`.
 *
 * @example
 * ```ts
 * const { rules } = await getTriggeredWafRules({ shieldZoneId: 12345, withRecommendations: true });
 * for (const rule of rules) console.log(rule.ruleId, rule.totalTriggeredRequests, rule.recommendation);
 * ```
 */
export function getTriggeredWafRules(
  args: GetTriggeredWafRulesArgs,
  options?: ShieldFunctionOptions,
): Promise<GetTriggeredWafRulesResult> {
  return invokeFunction(triggered, args, options);
}

/** {@link getTriggeredWafRules} for `pulumi.Input`s. */
export function getTriggeredWafRulesOutput(
  args: FunctionInputs<GetTriggeredWafRulesArgs>,
  options?: ShieldFunctionOptions,
): pulumi.Output<GetTriggeredWafRulesResult> {
  return outputOf(getTriggeredWafRules, args, options);
}
