/** `exportEventLogs`: the CSV, and its rows as objects. */
import { strict as assert } from "node:assert";
import { InvalidArgumentError } from "../../src/client/errors";
import { exportEventLogs, searchEventLogs } from "../../src/functions";
import { rejection, useEmulator } from "./helpers";

describe("functions: event-log export", () => {
  const ctx = useEmulator();

  it("gives every selected event as a row keyed by the header, the same as the search finds", async () => {
    const window = { shieldZoneId: 1001, from: Date.now() - 6 * 3_600_000, to: Date.now() };
    const exported = await exportEventLogs(window, ctx.options);
    const found = await searchEventLogs({ ...window, limit: 10_000 }, ctx.options);
    assert.equal(exported.rows.length, found.total);
    assert.deepEqual(
      exported.rows.map((r) => r.logId),
      found.rows.map((r) => r.logId),
    );
    assert.ok(exported.columns.includes("ua"));
    // User-Agents hold commas: quoted fields come back whole.
    const withComma = found.rows.find((r) => r.fields.ua?.includes(","));
    assert.ok(withComma, "the window has a User-Agent with a comma");
    assert.equal(exported.rows.find((r) => r.logId === withComma.logId)!.ua, withComma.fields.ua);
    assert.ok(exported.csv.startsWith(exported.columns.join(",")));
  });

  it("refuses grouping, which an export has not, before a request", async () => {
    await rejection(
      exportEventLogs(
        { shieldZoneId: 1001, from: Date.now() - 1000, to: Date.now(), groupBy: ["ip"] } as never,
        ctx.options,
      ),
      InvalidArgumentError,
      "groupBy",
    );
    assert.equal(ctx.emu.requests.length, 0);
  });
});
