import { strict as assert } from "node:assert";
import { wafBlocking } from "../../src/policy";
import { resourceViolations } from "./harness";

describe("policy shield-waf-blocking", () => {
  const judge = (props: Record<string, unknown>) =>
    resourceViolations(wafBlocking, "ShieldZone", { pullZoneId: 1, ...props }, {}, "site");

  it("passes a zone that blocks, one in learning mode, and one that declares neither", async () => {
    assert.deepEqual(await judge({ wafEnabled: true, wafExecutionMode: "Block" }), []);
    assert.deepEqual(await judge({ wafExecutionMode: "Log", learningMode: true }), []);
    assert.deepEqual(await judge({ ddosShieldSensitivity: "High" }), []);
  });

  it("flags the WAF declared off, naming the resource, setting, value and the fix", async () => {
    const [message, ...rest] = await judge({ wafEnabled: false });
    assert.equal(rest.length, 0);
    assert.match(message, /^ShieldZone "site": wafEnabled is false/);
    assert.match(message, /Set wafEnabled: true/);
  });

  it('flags wafExecutionMode "Log" outside learning mode, declared false or left out', async () => {
    for (const learningMode of [false, undefined]) {
      const [message] = await judge({ wafExecutionMode: "Log", learningMode });
      assert.match(message, /wafExecutionMode is "Log" and learningMode is/);
      assert.match(message, /Set wafExecutionMode: "Block", or learningMode: true/);
    }
  });

  it("judges only ShieldZone resources", async () => {
    assert.deepEqual(
      await resourceViolations(wafBlocking, "BotDetection", { wafEnabled: false }),
      [],
    );
  });
});
