/**
 * The emulator's two ways of saying "no such object" (`absence`): the route's own envelope with
 * the feature's `not_found.*` errorKey, or ASP.NET's bare `NotFound()` ProblemDetails. A missing
 * zone keeps its envelope either way; nothing else changes.
 */
import { strict as assert } from "node:assert";
import { startEmulator } from "../../src/emulator";
import { parseCommandLine, UsageError } from "../../src/emulator/cli-args";
import { API_KEY, call, NOW, useEmulator } from "./helpers";

const PAGE = "/shield/shield-zone/1001/custom-page/block";

describe("emulator: absence styles", () => {
  const emulator = useEmulator();
  afterEach(() => {
    emulator().absence = "envelope";
  });

  it("answers a missing object with its envelope by default", async () => {
    assert.equal(emulator().absence, "envelope");
    const answer = await call(emulator(), PAGE);
    assert.equal(answer.status, 404);
    assert.deepEqual(answer.json, {
      statusCode: 404,
      success: false,
      message: "Custom page not found.",
      errorKey: "not_found.custom_page",
    });
  });

  it('answers it as ASP.NET\'s bare NotFound() with absence "problem"', async () => {
    emulator().absence = "problem";
    for (const [path, method] of [
      [PAGE, "GET"],
      [PAGE, "DELETE"],
      ["/shield/shield-zone/1001/access-lists/999999", "GET"],
      ["/shield/waf/custom-rule/999999", "GET"],
      ["/shield/rate-limit/999999", "DELETE"],
    ] as const) {
      const answer = await call(emulator(), path, { method });
      assert.equal(answer.status, 404, path);
      assert.match(answer.headers.get("content-type")!, /^application\/problem\+json/);
      const { traceId, ...rest } = answer.json as Record<string, unknown>;
      assert.deepEqual(rest, { type: null, title: "Not Found", status: 404 }, path);
      assert.match(String(traceId), /^00-[0-9a-f]{32}-[0-9a-f]{16}-00$/);
    }
  });

  it("keeps a missing zone's envelope, and every other answer, in either style", async () => {
    for (const style of ["envelope", "problem"] as const) {
      emulator().absence = style;
      const zone = await call(emulator(), "/shield/shield-zone/424242/custom-page/block");
      assert.equal(
        (zone.json as { errorKey?: string }).errorKey,
        "not_found_or_unauthorised_access.shieldzone",
      );
      const found = await call(emulator(), "/shield/shield-zone/1001");
      assert.equal(found.status, 200);
      const route = await call(emulator(), "/shield/no-such-route");
      assert.equal(route.status, 404);
      assert.match(String((route.json as { type?: string }).type), /rfc9110/, "the router's own");
    }
  });

  it("takes the style from the option, SHIELD_EMULATOR_ABSENCE, or --absence, and refuses others", async () => {
    const saved = process.env.SHIELD_EMULATOR_ABSENCE;
    try {
      process.env.SHIELD_EMULATOR_ABSENCE = "problem";
      const fromEnv = await startEmulator({ apiKey: API_KEY, now: () => NOW });
      const fromOption = await startEmulator({ apiKey: API_KEY, absence: "envelope" });
      try {
        assert.equal(fromEnv.absence, "problem");
        assert.equal(fromOption.absence, "envelope");
        assert.throws(() => {
          fromOption.absence = "html" as never;
        }, /absence must be "envelope" or "problem", not "html"/);
      } finally {
        await fromEnv.close();
        await fromOption.close();
      }
    } finally {
      if (saved === undefined) delete process.env.SHIELD_EMULATOR_ABSENCE;
      else process.env.SHIELD_EMULATOR_ABSENCE = saved;
    }
    await assert.rejects(startEmulator({ absence: "bare" as never }), RangeError);
    const parsed = parseCommandLine(["--absence", "problem"]);
    assert.ok(parsed !== "help");
    assert.equal(parsed.emulator.absence, "problem");
    const unset = parseCommandLine([]);
    assert.ok(unset !== "help");
    assert.equal("absence" in unset.emulator, false);
    assert.throws(() => parseCommandLine(["--absence", "bare"]), UsageError);
  });
});
