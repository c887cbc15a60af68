/**
 * `getShieldZone` (by shield zone or pull zone), `getShieldZones` (every page), and their
 * Output forms, including under Pulumi's mocks: unknown inputs and secrets.
 *
 * `setMocks` changes the process-wide Pulumi runtime state: the mocked part saves that state
 * before its tests and puts it back after them (`useMocks`).
 */
import { strict as assert } from "node:assert";
import * as pulumi from "@pulumi/pulumi";
import { InvalidArgumentError, NotFoundError } from "../../src/client/errors";
import type { ZoneRecord } from "../../src/emulator";
import {
  getShieldZone,
  getShieldZoneOutput,
  getShieldZones,
  getShieldZonesOutput,
  type ShieldZoneSummary,
} from "../../src/functions";
import { rejection, requestsTo, settle, useEmulator, useMocks } from "./helpers";

/** The API's enums by number, written out so that the tests do not check the package against itself. */
const PLAN = ["Basic", "Advanced", "Business", "Enterprise"] as const;
const WAF_MODE = ["Log", "Block"] as const;
const PAYLOAD_ACTION = ["Block", "Log", "Ignore"] as const;
const DDOS_SENSITIVITY = ["Off", "Low", "Medium", "High", "Challenge"] as const;
const DDOS_MODE = ["Log", "Block"] as const;
/** Rule limits per plan (Basic, Advanced), as the service reports them. */
const LIMITS: Record<number, { rateLimits: number; customWafRules: number }> = {
  0: { rateLimits: 2, customWafRules: 0 },
  1: { rateLimits: 10, customWafRules: 10 },
};
/** Zones the client asks for per page. */
const CLIENT_PAGE_SIZE = 100;

const named = (names: readonly string[], value: number | null | undefined) =>
  value === null || value === undefined ? null : (names[value] ?? String(value));

/** What the functions should answer for a zone, from the emulator's state. */
function expected(zone: ZoneRecord): ShieldZoneSummary {
  const s = zone.settings;
  return {
    shieldZoneId: zone.shieldZoneId,
    pullZoneId: zone.pullZoneId,
    planType: named(PLAN, zone.planType),
    learningMode: s.learningMode,
    wafEnabled: s.wafEnabled,
    wafExecutionMode: named(WAF_MODE, s.wafExecutionMode),
    wafDisabledRules: s.wafDisabledRules ?? [],
    wafLogOnlyRules: s.wafLogOnlyRules ?? [],
    wafRequestHeaderLoggingEnabled: s.wafRequestHeaderLoggingEnabled,
    requestBodyLoggingEnabled: s.requestBodyLoggingEnabled,
    wafRequestIgnoredHeaders: s.wafRequestIgnoredHeaders ?? [],
    wafRealtimeThreatIntelligenceEnabled: s.wafRealtimeThreatIntelligenceEnabled,
    wafProfileId: s.wafProfileId,
    wafRequestBodyLimitAction: named(PAYLOAD_ACTION, s.wafRequestBodyLimitAction),
    wafResponseBodyLimitAction: named(PAYLOAD_ACTION, s.wafResponseBodyLimitAction),
    ddosShieldSensitivity: named(DDOS_SENSITIVITY, s.dDoSShieldSensitivity),
    ddosExecutionMode: named(DDOS_MODE, s.dDoSExecutionMode),
    ddosChallengeWindow: s.dDoSChallengeWindow,
    whitelabelResponsePages: s.whitelabelResponsePages,
    rateLimitRulesLimit: LIMITS[zone.planType]!.rateLimits,
    customWafRulesLimit: LIMITS[zone.planType]!.customWafRules,
  };
}

describe("functions: getShieldZone and getShieldZones", () => {
  const ctx = useEmulator();

  for (const zoneId of [1001, 1002, 1003]) {
    it(`reads zone ${zoneId} by its id and by its pull zone, with enum names`, async () => {
      const zone = ctx.emu.state.zone(zoneId)!;
      const byId = await getShieldZone({ shieldZoneId: zoneId }, ctx.options);
      assert.deepEqual(byId, expected(zone));
      assert.equal(requestsTo(ctx.emu, "getShieldZone"), 1);
      const byPullZone = await getShieldZone({ pullZoneId: zone.pullZoneId }, ctx.options);
      assert.deepEqual(byPullZone, byId);
      assert.equal(requestsTo(ctx.emu, "getShieldZoneByPullZone"), 1);
      // Plain JSON: a round trip changes nothing.
      assert.deepEqual(JSON.parse(JSON.stringify(byId)), byId);
    });
  }

  it("follows changes made behind its back, and names values it does not know", async () => {
    const zone = ctx.emu.state.zone(1002)!;
    const settings = structuredClone(zone.settings);
    try {
      zone.settings.wafExecutionMode = 1;
      zone.settings.wafDisabledRules = ["913100", "920100"];
      (zone.settings as { dDoSShieldSensitivity: number }).dDoSShieldSensitivity = 9;
      const result = await getShieldZone({ pullZoneId: zone.pullZoneId }, ctx.options);
      assert.equal(result.wafExecutionMode, "Block");
      assert.deepEqual(result.wafDisabledRules, ["913100", "920100"]);
      assert.equal(result.ddosShieldSensitivity, "9");
    } finally {
      zone.settings = settings;
    }
  });

  it("gives null, and empty rule lists, for what the service leaves out", async () => {
    ctx.emu.faults.add({
      route: "getShieldZone",
      status: 200,
      body: { data: { shieldZoneId: 1001 } },
    });
    const result = await getShieldZone({ shieldZoneId: 1001 }, ctx.options);
    for (const [key, value] of Object.entries(result)) {
      if (key === "shieldZoneId") assert.equal(value, 1001);
      else if (["wafDisabledRules", "wafLogOnlyRules", "wafRequestIgnoredHeaders"].includes(key)) {
        assert.deepEqual(value, [], key);
      } else assert.equal(value, null, key);
    }
    assert.equal(
      Object.keys(result).length,
      Object.keys(expected(ctx.emu.state.zone(1001)!)).length,
    );
  });

  it("refuses bad arguments before sending anything", async () => {
    const refused: Array<[string, unknown, string]> = [
      ["neither id", {}, "exactly one of shieldZoneId and pullZoneId"],
      ["both ids", { shieldZoneId: 1001, pullZoneId: 501001 }, "exactly one"],
      ["a zone id of 0", { shieldZoneId: 0 }, "shieldZoneId"],
      ["a negative pull zone id", { pullZoneId: -5 }, "pullZoneId"],
      ["an unknown field", { shieldZoneId: 1001, colour: 1 }, "args.colour"],
    ];
    for (const [what, args, part] of refused) {
      await rejection(
        getShieldZone(args as never, ctx.options),
        InvalidArgumentError,
        "getShieldZone",
        part,
      ).catch((error: Error) => assert.fail(`${what}: ${error.message}`));
    }
    await rejection(
      getShieldZones({ colour: 1 } as never, ctx.options),
      InvalidArgumentError,
      "getShieldZones",
    );
    assert.equal(ctx.emu.requests.length, 0);
  });

  it("reports a zone or pull zone that does not exist as a NotFoundError", async () => {
    await rejection(
      getShieldZone({ shieldZoneId: 999 }, ctx.options),
      NotFoundError,
      "getShieldZone",
    );
    await rejection(
      getShieldZone({ pullZoneId: 999 }, ctx.options),
      NotFoundError,
      "getShieldZone",
    );
  });

  it("lists every zone of the account across all pages", async () => {
    const added = ctx.emu.state.addZones(2 * CLIENT_PAGE_SIZE + 7);
    try {
      const zones = ctx.emu.state.zones();
      const { shieldZones } = await getShieldZones({}, ctx.options);
      assert.equal(shieldZones.length, zones.length);
      assert.deepEqual(shieldZones, zones.map(expected));
      const pages = ctx.emu.requests.filter((r) => r.route === "listShieldZones");
      assert.equal(pages.length, Math.ceil(zones.length / CLIENT_PAGE_SIZE));
      assert.deepEqual(
        pages.map((r) => r.query.page),
        pages.map((_, i) => String(i + 1)),
        "pages 1, 2, 3 in order",
      );
      const plans = new Set(shieldZones.map((z) => z.planType));
      assert.deepEqual([...plans].sort(), ["Advanced", "Basic"]);
    } finally {
      for (const zone of added) ctx.emu.state.removeZone(zone.shieldZoneId);
    }
  });

  it("lists the seeded zones without arguments, in one page", async () => {
    const { shieldZones } = await getShieldZones(undefined, ctx.options);
    assert.deepEqual(
      shieldZones.map((z) => z.shieldZoneId),
      [1001, 1002, 1003],
    );
    assert.equal(requestsTo(ctx.emu, "listShieldZones"), 1);
  });

  describe("as Outputs", () => {
    it("takes plain values, Promises and Outputs, and lifts properties", async () => {
      const zone = ctx.emu.state.zone(1003)!;
      for (const pullZoneId of [
        zone.pullZoneId,
        Promise.resolve(zone.pullZoneId),
        pulumi.output(zone.pullZoneId),
      ]) {
        const result = await settle(getShieldZoneOutput({ pullZoneId }, ctx.options));
        assert.equal(result.known, true);
        assert.equal(result.secret, false);
        assert.deepEqual(result.value, expected(zone));
      }
      const plan = await settle(
        getShieldZoneOutput({ shieldZoneId: pulumi.output(1002) }, ctx.options).planType,
      );
      assert.equal(plan.value, "Advanced");
    });

    it("lists every zone, and fails with the function's typed error", async () => {
      const all = await settle(getShieldZonesOutput({}, ctx.options).shieldZones);
      assert.deepEqual(all.value, ctx.emu.state.zones().map(expected));
      const bad = getShieldZoneOutput({ shieldZoneId: pulumi.output(0) }, ctx.options);
      await rejection(
        (bad as unknown as { promise(): Promise<unknown> }).promise(),
        InvalidArgumentError,
        "getShieldZone",
      );
    });

    it("keeps a secret input's result secret", async () => {
      const result = await settle(
        getShieldZoneOutput({ shieldZoneId: pulumi.secret(1001) }, ctx.options),
      );
      assert.equal(result.secret, true);
      assert.equal(result.value?.shieldZoneId, 1001);
      const lifted = await settle(
        getShieldZoneOutput({ pullZoneId: pulumi.secret(501_001) }, ctx.options).wafEnabled,
      );
      assert.equal(lifted.secret, true);
      assert.equal(lifted.value, ctx.emu.state.zone(1001)!.settings.wafEnabled);
    });
  });

  describe("as Outputs, in a program under Pulumi's mocks", () => {
    /** A resource whose `pullZoneId` output the mocks fill in, or leave unknown during preview. */
    class PullZone extends pulumi.CustomResource {
      declare readonly pullZoneId: pulumi.Output<number>;
      constructor(name: string) {
        super("test:cdn:PullZone", name, { pullZoneId: undefined });
      }
    }
    const mock = useMocks("shield-zones-test", { pullZoneId: 501_002 });

    it("during an update: depends on the resource its input came from, and keeps secrets", async () => {
      await mock(false);
      const pullZone = new PullZone("pz-a");
      const result = await settle(
        getShieldZoneOutput({ pullZoneId: pullZone.pullZoneId }, ctx.options),
      );
      assert.equal(result.known, true);
      assert.deepEqual(result.value, expected(ctx.emu.state.zone(1002)!));
      assert.ok(result.resources.has(pullZone), "the result depends on the pull zone resource");
      const secret = await settle(
        getShieldZoneOutput({ pullZoneId: pulumi.secret(pullZone.pullZoneId) }, ctx.options),
      );
      assert.equal(secret.known, true);
      assert.equal(secret.secret, true);
      assert.equal(secret.value?.shieldZoneId, 1002);
    });

    it("during a preview: unknown while an input is unknown, secret if it is secret, no request", async () => {
      await mock(true);
      const pullZone = new PullZone("pz-p");
      const result = await settle(
        getShieldZoneOutput({ pullZoneId: pullZone.pullZoneId }, ctx.options),
      );
      assert.equal(result.known, false);
      assert.equal(result.value, undefined);
      const lifted = await settle(
        getShieldZoneOutput({ pullZoneId: pullZone.pullZoneId }, ctx.options).planType,
      );
      assert.equal(lifted.known, false);
      const secret = await settle(
        getShieldZoneOutput({ pullZoneId: pulumi.secret(pullZone.pullZoneId) }, ctx.options),
      );
      assert.equal(secret.known, false);
      assert.equal(secret.secret, true);
      assert.equal(ctx.emu.requests.length, 0);
      // Known inputs are still read during a preview.
      const known = await settle(getShieldZonesOutput({}, ctx.options));
      assert.equal(known.known, true);
      assert.equal(known.value?.shieldZones.length, 3);
      assert.equal(requestsTo(ctx.emu, "listShieldZones"), 1);
    });
  });
});
