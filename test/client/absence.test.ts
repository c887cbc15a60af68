/**
 * "No such object" versus "no such zone or route", one decision (`client/absence.ts`): every
 * reader of an object that may be absent, against each "no such object" the emulator declares
 * (`objectAbsences()`), answered both ways: the route's own envelope with its `not_found.*`
 * errorKey, and ASP.NET's bare ProblemDetails 404. The table is keyed by those absences, so an
 * absence the emulator gains without a reader here fails the first test. The same readers
 * against a wrong API address (every path 404s, the zone's too) confirm nothing.
 */
import { strict as assert } from "node:assert";
import { NotFoundError, type ShieldClient } from "../../src/client";
import { ABSENCE_STYLES, objectAbsences, type Emulator } from "../../src/emulator";
import { clientFor, useEmulator } from "./helpers";

const ZONE = 1001;
const NONE = 999_999;

/** One reader: a call naming an object of `ZONE` that does not exist. */
interface Reader {
  readonly name: string;
  readonly call: (client: ShieldClient) => Promise<unknown>;
  /**
   * What the reader returns for an absent object, for one that says so itself (a page); the
   * others throw the NotFoundError that `client.absentFrom` then decides.
   */
  readonly absentAs?: { value: unknown };
}

/** The readers of each absence the emulator declares, by its errorKey. */
const READERS: Record<string, readonly Reader[]> = {
  "not_found.custom_page": [
    {
      name: "customPages.get",
      call: (c) => c.customPages.get(ZONE, "block"),
      absentAs: { value: undefined },
    },
    {
      name: "customPages.delete",
      call: (c) => c.customPages.delete(ZONE, "block"),
      absentAs: { value: false },
    },
  ],
  "not_found.access_list": [
    { name: "accessLists.get", call: (c) => c.accessLists.get(ZONE, NONE) },
    { name: "accessLists.update", call: (c) => c.accessLists.update(ZONE, NONE, { name: "x" }) },
    { name: "accessLists.delete", call: (c) => c.accessLists.delete(ZONE, NONE) },
  ],
  "not_found.access_list_configuration": [
    {
      name: "accessLists.updateConfiguration",
      call: (c) => c.accessLists.updateConfiguration(ZONE, NONE, { isEnabled: true }),
    },
  ],
  "not_found.waf_rule": [
    { name: "wafCustomRules.get", call: (c) => c.wafCustomRules.get(NONE) },
    {
      name: "wafCustomRules.update",
      call: (c) => c.wafCustomRules.update(NONE, { ruleName: "x" }),
    },
    { name: "wafCustomRules.delete", call: (c) => c.wafCustomRules.delete(NONE) },
    { name: "rateLimits.get", call: (c) => c.rateLimits.get(NONE) },
    { name: "rateLimits.update", call: (c) => c.rateLimits.update(NONE, { ruleName: "x" }) },
    { name: "rateLimits.delete", call: (c) => c.rateLimits.delete(NONE) },
    { name: "metrics.rateLimit", call: (c) => c.metrics.rateLimit(NONE) },
  ],
  "not_found.api_guardian_endpoint": [
    {
      name: "apiGuardian.updateEndpoint",
      call: (c) => c.apiGuardian.updateEndpoint(ZONE, NONE, { isEnabled: true }),
    },
    {
      name: "metrics.apiGuardianEndpoint",
      call: (c) => c.metrics.apiGuardianEndpoint(ZONE, NONE),
    },
  ],
  "not_found.bot": [
    {
      name: "botCategorization.setBotAction",
      call: (c) => c.botCategorization.setBotAction(ZONE, NONE, 1),
    },
  ],
  "not_found.triggered_rule": [
    {
      name: "wafRules.reviewTriggered",
      call: (c) => c.wafRules.reviewTriggered(ZONE, { ruleId: "999999", action: 0 }),
    },
  ],
};

/** What a call did: its value, or its error. */
async function outcome(call: Promise<unknown>): Promise<{ value?: unknown; error?: unknown }> {
  try {
    return { value: await call };
  } catch (error) {
    return { error };
  }
}

const zoneReads = (emu: Emulator) => emu.requests.filter((r) => r.route === "getShieldZone").length;

describe("client: an absent object, answered both ways", () => {
  const emulator = useEmulator();
  let client: ShieldClient;
  before(() => {
    client = clientFor(emulator());
  });
  afterEach(() => {
    emulator().absence = "envelope";
  });

  it("has readers for every absence the emulator declares", () => {
    assert.deepEqual(
      Object.keys(READERS).sort(),
      objectAbsences()
        .map((a) => a.errorKey)
        .sort(),
    );
  });

  for (const absence of objectAbsences()) {
    for (const reader of READERS[absence.errorKey] ?? []) {
      for (const style of ABSENCE_STYLES) {
        it(`${reader.name}: ${absence.errorKey} as ${style} is absent`, async () => {
          const emu = emulator();
          emu.absence = style;
          emu.resetRequests();
          const { value, error } = await outcome(reader.call(client));
          if (reader.absentAs) {
            assert.equal(error, undefined, String(error));
            assert.deepEqual(value, reader.absentAs.value);
          } else {
            assert.ok(error instanceof NotFoundError, `a NotFoundError, got ${String(error)}`);
            if (style === "envelope") {
              assert.equal(error.errorKey, absence.errorKey);
            } else {
              assert.equal(error.errorKey, undefined);
              assert.equal(error.problem?.title, "Not Found");
              assert.equal(error.status, 404);
            }
            assert.equal(await client.absentFrom(error, ZONE), true);
          }
          // The service's word decides alone; a bare 404 takes one read of the zone.
          assert.equal(zoneReads(emu), style === "envelope" ? 0 : 1);
        });
      }
    }
  }

  it("a bare 404 where the zone 404s too (a wrong API address) confirms nothing", async () => {
    const emu = emulator();
    const wrong = clientFor({ apiKey: emu.apiKey, url: `${emu.url}/not-the-api` });
    for (const reader of Object.values(READERS).flat()) {
      const { error } = await outcome(reader.call(wrong));
      assert.ok(error instanceof NotFoundError, `${reader.name}: got ${String(error)}`);
      assert.equal(error.errorKey, undefined, reader.name);
      assert.equal(await wrong.absentFrom(error, ZONE), false, reader.name);
    }
  });

  it("decides nothing for other failures, or without a zone to read", async () => {
    const emu = emulator();
    emu.absence = "problem";
    const { error } = await outcome(client.wafCustomRules.get(NONE));
    assert.ok(error instanceof NotFoundError);
    assert.equal(await client.absentFrom(error, undefined), false);
    assert.equal(await client.absentFrom(error, 1.5), false);
    assert.equal(await client.absentFrom(new Error("not an API error"), ZONE), false);
    // The zone gone too, by the service's own word: its objects are absent with it.
    emu.state.removeZone(1002);
    assert.equal(await client.absentFrom(error, 1002), true);
  });
});
