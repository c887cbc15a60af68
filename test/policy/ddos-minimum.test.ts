import { strict as assert } from "node:assert";
import { ddosMinimum } from "../../src/policy";
import { resourceViolations } from "./harness";

describe("policy shield-ddos-minimum", () => {
  const judge = (ddosShieldSensitivity: unknown, config = {}) =>
    resourceViolations(ddosMinimum, "ShieldZone", { ddosShieldSensitivity }, config, "site");

  it('flags "Off" below the default floor "Low", with what would pass', async () => {
    const [message] = await judge("Off");
    assert.match(
      message,
      /^ShieldZone "site": ddosShieldSensitivity is "Off", below the minimum "Low"/,
    );
    assert.match(message, /"Low", "Medium", "High", "Challenge"/);
  });

  it("passes the floor and above, and a zone that leaves the setting out", async () => {
    for (const value of ["Low", "Medium", "High", "Challenge", undefined]) {
      assert.deepEqual(await judge(value), [], String(value));
    }
  });

  it("takes its floor from the configuration", async () => {
    assert.equal((await judge("Medium", { minimum: "High" })).length, 1);
    assert.deepEqual(await judge("High", { minimum: "High" }), []);
  });

  it("does not judge a value this version does not name", async () => {
    assert.deepEqual(await judge("Extreme"), []);
  });
});
