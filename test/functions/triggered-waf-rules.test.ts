/** `getTriggeredWafRules` against the emulator. */
import { strict as assert } from "node:assert";
import { InvalidArgumentError, NotFoundError } from "../../src/client/errors";
import { getTriggeredWafRules } from "../../src/functions";
import { rejection, requestsTo, useEmulator } from "./helpers";

describe("functions: triggered WAF rules", () => {
  const ctx = useEmulator();

  it("gives the rules most triggered first, with top URLs; recommendations only when asked", async () => {
    const plain = await getTriggeredWafRules({ shieldZoneId: 1002 }, ctx.options);
    assert.ok(plain.rules.length > 0);
    const counts = plain.rules.map((r) => r.totalTriggeredRequests ?? 0);
    assert.deepEqual(
      counts,
      [...counts].sort((a, b) => b - a),
    );
    assert.ok(plain.rules.every((r) => r.recommendation === null));
    assert.equal(requestsTo(ctx.emu, "getTriggeredWafRuleRecommendation"), 0);

    const advised = await getTriggeredWafRules(
      { shieldZoneId: 1002, withRecommendations: true },
      ctx.options,
    );
    assert.equal(requestsTo(ctx.emu, "getTriggeredWafRuleRecommendation"), advised.rules.length);
    for (const rule of advised.rules)
      assert.match(rule.recommendation ?? "", new RegExp(rule.ruleId));
  });

  it("refuses bad arguments before a request, and names an unknown zone", async () => {
    await rejection(
      getTriggeredWafRules(
        { shieldZoneId: 1002, withRecommendations: "yes" } as never,
        ctx.options,
      ),
      InvalidArgumentError,
      "args.withRecommendations",
    );
    assert.equal(ctx.emu.requests.length, 0);
    await rejection(
      getTriggeredWafRules({ shieldZoneId: 999_999 }, ctx.options),
      NotFoundError,
      "getTriggeredWafRules for shield zone 999999:",
    );
  });
});
