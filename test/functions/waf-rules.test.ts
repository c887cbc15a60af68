/** `getWafRules`, `getWafCustomRules` and `getRateLimits` against the emulator. */
import { strict as assert } from "node:assert";
import { InvalidArgumentError } from "../../src/client/errors";
import type { RuleRecord } from "../../src/emulator";
import { getRateLimits, getWafCustomRules, getWafRules } from "../../src/functions";
import { rejection, requestsTo, useEmulator } from "./helpers";

const ZONE = 1002;

/** Puts `count` rules of a kind in the zone, straight into the emulator's state. */
function addRules(
  ctx: ReturnType<typeof useEmulator>,
  kind: "wafCustomRules" | "rateLimits",
  count: number,
  configuration: Record<string, unknown>,
): RuleRecord[] {
  return Array.from({ length: count }, (_, i) => {
    const rule: RuleRecord = {
      id: ctx.emu.state.nextRuleId(kind),
      shieldZoneId: ZONE,
      userId: null,
      ruleName: `rule ${i}`,
      ruleDescription: i % 2 === 0 ? null : "described",
      ruleConfiguration: configuration,
    };
    ctx.emu.state.rules[kind].set(rule.id, rule);
    return rule;
  });
}

describe("functions: WAF rules, custom rules and rate limits", () => {
  const ctx = useEmulator();
  const condition = {
    variableTypes: { REQUEST_HEADERS: "User-Agent" },
    operatorType: 14, // RX
    value: "bot",
    isNegated: true,
    chainedRuleConditions: [{ variableTypes: { REQUEST_URI: "" }, operatorType: 0, value: "/a" }],
  };

  it("flattens the managed rule catalog to rule id, description and group", async () => {
    const { shieldZoneId, rules } = await getWafRules({ shieldZoneId: ZONE }, ctx.options);
    assert.equal(shieldZoneId, ZONE);
    const sqli = rules.find((r) => r.ruleId === "942100");
    assert.equal(sqli?.group, "SQL Injection");
    assert.match(sqli?.description ?? "", /SQL injection/);
    assert.ok(rules.length > 10);
  });

  it("reads every custom rule of the zone across pages, named like the resource's outputs", async () => {
    const added = addRules(ctx, "wafCustomRules", 130, {
      ...condition,
      actionType: 3, // Challenge
      severityType: 2, // CRITICAL
      transformationTypes: [8, 1], // LOWERCASE, CMDLINE
    });
    const { rules } = await getWafCustomRules({ shieldZoneId: ZONE }, ctx.options);
    assert.deepEqual(
      rules.map((r) => r.ruleId),
      added.map((r) => r.id),
    );
    assert.equal(requestsTo(ctx.emu, "listWafCustomRules"), 2, "two pages of 100");
    assert.deepEqual(rules[1], {
      ruleId: added[1]!.id,
      name: "rule 1",
      description: "described",
      action: "Challenge",
      severity: "CRITICAL",
      conditions: [
        {
          variable: "REQUEST_HEADERS",
          variableValue: "User-Agent",
          operator: "RX",
          value: "bot",
          negated: true,
          regexVariable: false,
        },
        {
          variable: "REQUEST_URI",
          variableValue: "",
          operator: "BEGINSWITH",
          value: "/a",
          negated: false,
          regexVariable: false,
        },
      ],
      transformations: ["CMDLINE", "LOWERCASE"],
    });
  });

  it("reads rate limits with their window, block time and counter key by name", async () => {
    const [added] = addRules(ctx, "rateLimits", 1, {
      ...condition,
      actionType: 1,
      requestCount: 50,
      timeframe: 10,
      blockTime: 1800,
      counterKeyType: 7,
    });
    const { rules } = await getRateLimits({ shieldZoneId: ZONE }, ctx.options);
    assert.equal(rules.length, 1);
    const [limit] = rules;
    assert.equal(limit!.ruleId, added!.id);
    assert.deepEqual(
      [limit!.action, limit!.requestCount, limit!.timeframe, limit!.blockTime, limit!.counterKey],
      ["RateLimit", 50, "PerTenSeconds", "ForThirtyMinutes", "IP_JA4"],
    );
  });

  it("refuses a bad zone id before sending anything", async () => {
    const error = await rejection(
      getRateLimits({ shieldZoneId: -1 }, ctx.options),
      InvalidArgumentError,
    );
    assert.match(error.message, /shieldZoneId/);
    assert.equal(ctx.emu.requests.length, 0);
  });
});
