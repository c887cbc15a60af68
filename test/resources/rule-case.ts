/**
 * The owned-conformance case of a rule kind (WafCustomRule, RateLimit): inputs, and the live
 * rule read straight from the emulator's state into the resource's vocabulary.
 */
import {
  enumName,
  WafRuleOperatorType,
  WafRuleSeverityType,
  WafRuleTransformationType,
} from "../../src/client/enums";
import type { Emulator, RuleRecord } from "../../src/emulator";
import type { Kind } from "../../src/resources";
import type { OwnedCase } from "./owned-conformance";

type Props = Record<string, unknown>;
const ZONE = 1001;

/** A kind's particulars: its store, actions, own inputs and how to read them back. */
export interface RuleCaseOptions {
  kind: Kind;
  store: "wafCustomRules" | "rateLimits";
  actions: Record<string, number>;
  action: string;
  otherAction: string;
  /** The kind's own inputs, and the live values of them from a rule's configuration. */
  own: Props;
  ownLive(configuration: Props): Props;
  limitName: string;
  createRoute: string;
  readRoute: string;
}

const named = (enumeration: Record<string, number>, value: unknown) =>
  typeof value === "number" ? enumName(enumeration, value) : null;

function conditionOf(c: Props): Props {
  const [variable, variableValue] = Object.entries(c.variableTypes as Record<string, string>)[0]!;
  return {
    variable,
    variableValue,
    operator: named(WafRuleOperatorType, c.operatorType),
    value: c.value,
    negated: c.isNegated,
    regexVariable: c.isRegexVariable,
  };
}

const ruleNamed = (emu: Emulator, store: RuleCaseOptions["store"], name: string) =>
  [...emu.state.rules[store].values()].find((r) => r.shieldZoneId === ZONE && r.ruleName === name);

export function ruleCase(o: RuleCaseOptions): OwnedCase {
  return {
    kind: o.kind,
    // With latency, writes of one zone would overlap without the provider's lock.
    emulator: { latencyMs: 5 },
    zone: ZONE,
    inputs: (n) => ({
      shieldZoneId: ZONE,
      name: `rule ${n}`,
      description: "from the conformance suite",
      action: o.action,
      severity: "WARNING",
      conditions: [
        { variable: "REQUEST_URI", operator: "BEGINSWITH", value: "/admin" },
        { variable: "REMOTE_ADDR", operator: "STREQ", value: "203.0.113.7", negated: true },
      ],
      transformations: ["LOWERCASE", "URLDECODE"],
      ...o.own,
    }),
    updated: (inputs) => ({
      ...inputs,
      action: o.otherAction,
      conditions: [
        { variable: "REQUEST_HEADERS", variableValue: "User-Agent", operator: "RX", value: "bot" },
      ],
    }),
    equivalent: (inputs) => ({
      ...inputs,
      conditions: [...(inputs.conditions as Props[])].reverse(),
      transformations: ["URLDECODE", "LOWERCASE", "URLDECODE"],
    }),
    bad: {
      inputs: {
        shieldZoneId: 1001,
        name: "",
        action: "Explode",
        conditions: [{ variable: "NOT_A_VARIABLE", operator: "BEGINSWITH" }],
        transformations: ["SHOUT"],
        colour: 1,
        ...o.own,
      },
      properties: ["name", "action", "conditions", "transformations", "colour"],
    },
    count: (emu) =>
      [...emu.state.rules[o.store].values()].filter((r) => r.shieldZoneId === ZONE).length,
    live(emu, name) {
      const rule = ruleNamed(emu, o.store, name);
      if (!rule) return undefined;
      const c = rule.ruleConfiguration;
      return {
        shieldZoneId: rule.shieldZoneId,
        name: rule.ruleName,
        description: rule.ruleDescription,
        action: named(o.actions, c.actionType),
        severity: named(WafRuleSeverityType, c.severityType),
        conditions: [c, ...((c.chainedRuleConditions ?? []) as Props[])].map(conditionOf),
        transformations: ((c.transformationTypes ?? []) as number[])
          .map((t) => enumName(WafRuleTransformationType, t))
          .sort(),
        ...o.ownLive(c),
      };
    },
    drift(emu, name) {
      ruleNamed(emu, o.store, name)!.ruleConfiguration.actionType = o.actions[o.otherAction];
      return { field: "action", value: o.otherAction };
    },
    remove(emu, name) {
      emu.state.rules[o.store].delete(ruleNamed(emu, o.store, name)!.id);
    },
    fill(emu) {
      // Basic: no custom WAF rules and two rate limits; fill those two.
      emu.state.zone(ZONE)!.planType = 0;
      for (const filler of o.store === "rateLimits" ? [1, 2] : []) {
        const rule: RuleRecord = {
          id: emu.state.nextRuleId(o.store),
          shieldZoneId: ZONE,
          userId: null,
          ruleName: `filler ${filler}`,
          ruleDescription: null,
          ruleConfiguration: {},
        };
        emu.state.rules[o.store].set(rule.id, rule);
      }
    },
    limitName: o.limitName,
    createRoute: o.createRoute,
    readRoute: o.readRoute,
  };
}
