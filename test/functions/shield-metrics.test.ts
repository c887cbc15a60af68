/** `getShieldMetrics`: one shape for a feature, an endpoint, a managed rule or a rate limit. */
import { strict as assert } from "node:assert";
import { InvalidArgumentError } from "../../src/client/errors";
import {
  getMetricsOverview,
  getShieldMetrics,
  type GetShieldMetricsResult,
} from "../../src/functions";
import { rejection, useEmulator } from "./helpers";

/** The invariants of the shape: 28 days, today the last, totals their sum. */
function assertShape(result: GetShieldMetricsResult) {
  const days = Object.keys(result.days);
  assert.equal(days.length, 28);
  assert.deepEqual(days, [...days].sort());
  assert.deepEqual(result.today, result.days[days.at(-1)!]);
  for (const [name, total] of Object.entries(result.totals)) {
    assert.equal(
      total,
      Object.values(result.days).reduce((sum, d) => sum + (d[name] ?? 0), 0),
      name,
    );
  }
}

describe("functions: shield metrics of one thing", () => {
  const ctx = useEmulator();

  it("measures a feature, agreeing with the overview's today", async () => {
    const bots = await getShieldMetrics({ shieldZoneId: 1001, of: "botDetection" }, ctx.options);
    assertShape(bots);
    const overview = await getMetricsOverview({ shieldZoneId: 1001 }, ctx.options);
    assert.equal(bots.today.challengedRequests, overview.botDetection.challengedRequests);
  });

  it("measures a managed rule and a rate limit in the same shape", async () => {
    const rule = await getShieldMetrics(
      { shieldZoneId: 1001, of: "wafRule", id: "942100" },
      ctx.options,
    );
    assertShape(rule);
    assert.ok((rule.totals.totalTriggers ?? 0) > 0);
    const id = ctx.emu.state.nextRuleId("rateLimits");
    ctx.emu.state.rules.rateLimits.set(id, {
      id,
      shieldZoneId: 1001,
      userId: null,
      ruleName: "m",
      ruleDescription: null,
      ruleConfiguration: { actionType: 1, requestCount: 5, timeframe: 60, blockTime: 60 },
    });
    const limit = await getShieldMetrics({ shieldZoneId: 1001, of: "rateLimit", id }, ctx.options);
    assertShape(limit);
    assert.ok("totalBreaches" in limit.today);
  });

  it("refuses a subject it does not know, and an id where none or one is expected", async () => {
    for (const [args, part] of [
      [{ of: "ddos" }, "args.of"],
      [{ of: "botDetection", id: 3 }, "args.id"],
      [{ of: "wafRule" }, "args.id"],
      [{ of: "wafRule", id: "../1" }, "args.id"],
      [{ of: "rateLimit", id: -2 }, "args.id"],
    ] as const) {
      await rejection(
        getShieldMetrics({ shieldZoneId: 1001, ...args } as never, ctx.options),
        InvalidArgumentError,
        part,
      );
    }
    assert.equal(ctx.emu.requests.length, 0);
  });
});
