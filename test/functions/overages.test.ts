/** `getShieldOverages` against the emulator. */
import { strict as assert } from "node:assert";
import { InvalidArgumentError } from "../../src/client/errors";
import { getShieldOverages } from "../../src/functions";
import { rejection, useEmulator } from "./helpers";

describe("functions: shield overages", () => {
  const ctx = useEmulator();

  it("gives this month's overages by default, with the plan by name", async () => {
    const now = new Date();
    const result = await getShieldOverages({ shieldZoneId: 1001 }, ctx.options);
    assert.deepEqual([result.year, result.month], [now.getUTCFullYear(), now.getUTCMonth() + 1]);
    const [segment] = result.segments;
    assert.equal(segment!.planType, "Advanced", "zone 1001 is on the Advanced plan");
    assert.equal(
      result.totalOverage,
      Math.max(0, result.totalCleanRequests! - segment!.overageAllowance!),
    );
  });

  it("asks for the month given, and refuses a month that is none", async () => {
    await getShieldOverages({ shieldZoneId: 1001, year: 2026, month: 1 }, ctx.options);
    assert.deepEqual(ctx.emu.requests.at(-1)!.query, { year: "2026", month: "1" });
    await rejection(
      getShieldOverages({ shieldZoneId: 1001, month: 13 }, ctx.options),
      InvalidArgumentError,
      "args.month",
    );
  });
});
