import { strict as assert } from "node:assert";
import { inspect } from "node:util";
import { AccessListConfigurationProvider } from "../../src/resources";
import * as pulumi from "@pulumi/pulumi";
import {
  AccessListConfigurationInputs,
  AccessListConfigurationOutputs,
  UNKNOWN_VALUE,
} from "../../src/resources/access-list-configuration-lifecycle";
import { Emulator, startEmulator } from "../../src/emulator";
import { ServerError } from "../../src/client/errors";
import { ACTION_NAMES } from "../support/action-names";

const UNKNOWN = pulumi.runtime.unknownValue;
const ZONE = 1001;

/** A provider configured the way the plugin does it, from stack config. */
async function configuredProvider(emu: Emulator): Promise<AccessListConfigurationProvider> {
  const provider = new AccessListConfigurationProvider();
  const config: Record<string, string> = {
    "bunnynet:apiKey": emu.apiKey,
    "bunnynet:apiUrl": emu.url,
  };
  await provider.configure({ config: { get: (k) => config[k], require: (k) => config[k] } });
  return provider;
}

function patches(emu: Emulator) {
  return emu.requests.filter((r) => r.route === "updateAccessListConfiguration");
}

/** A configuration of the zone in the given state, to build scenarios on. */
function configurationOf(emu: Emulator, zone: number, isEnabled: boolean): number {
  const list = [...emu.state.zone(zone)!.managedLists].find((l) => l.isEnabled === isEnabled);
  assert.ok(list, `the seed has a ${isEnabled ? "enabled" : "disabled"} list in zone ${zone}`);
  return list.configurationId;
}

describe("AccessListConfiguration provider", function () {
  let emu: Emulator;
  let provider: AccessListConfigurationProvider;
  const savedEnv = { key: process.env.BUNNYNET_API_KEY, url: process.env.BUNNYNET_API_URL };

  beforeEach(async () => {
    delete process.env.BUNNYNET_API_KEY;
    delete process.env.BUNNYNET_API_URL;
    emu = await startEmulator();
    provider = await configuredProvider(emu);
  });
  afterEach(async () => {
    await emu.close();
    if (savedEnv.key !== undefined) process.env.BUNNYNET_API_KEY = savedEnv.key;
    if (savedEnv.url !== undefined) process.env.BUNNYNET_API_URL = savedEnv.url;
  });

  it("keeps the configured key out of JSON and of a default inspection", () => {
    assert.ok(!JSON.stringify(provider).includes(emu.apiKey));
    assert.ok(!inspect(provider, { depth: 5 }).includes(emu.apiKey));
  });

  describe("check", () => {
    it("accepts valid inputs and stores the action by name", async () => {
      const result = await provider.check(
        {},
        {
          shieldZoneId: ZONE,
          configurationId: 100101,
          isEnabled: true,
          action: 2,
          __provider: "exports.handler = ...",
        },
      );
      assert.equal(result.failures, undefined);
      assert.deepEqual(result.inputs, {
        shieldZoneId: ZONE,
        configurationId: 100101,
        isEnabled: true,
        action: "Block",
      });
    });

    it("reports one failure per bad property, naming it and the value", async () => {
      const result = await provider.check(
        {},
        {
          shieldZoneId: -5,
          configurationId: 1.5,
          isEnabled: "yes",
          action: "Explode",
          colour: "red",
        },
      );
      const byProperty = new Map(result.failures!.map((f) => [f.property, f.reason]));
      assert.deepEqual([...byProperty.keys()].sort(), [
        "action",
        "colour",
        "configurationId",
        "isEnabled",
        "shieldZoneId",
      ]);
      assert.match(byProperty.get("shieldZoneId")!, /shieldZoneId must be an integer .* got -5/);
      assert.match(byProperty.get("configurationId")!, /got 1\.5/);
      assert.match(byProperty.get("isEnabled")!, /got "yes"/);
      assert.match(byProperty.get("action")!, /"Block" \(2\).*got "Explode"/);
      assert.match(byProperty.get("colour")!, /not an input/);
      assert.equal(emu.requests.length, 0);
    });

    it("requires the zone, the configuration and isEnabled", async () => {
      const result = await provider.check({}, {});
      assert.deepEqual(result.failures!.map((f) => f.property).sort(), [
        "configurationId",
        "isEnabled",
        "shieldZoneId",
      ]);
    });

    it("knows the engine's unknown value as the Pulumi runtime spells it", () => {
      assert.equal(UNKNOWN_VALUE, pulumi.runtime.unknownValue);
    });

    it("lets the engine's unknown values through during preview", async () => {
      const result = await provider.check(
        {},
        {
          shieldZoneId: UNKNOWN,
          configurationId: 100101,
          isEnabled: UNKNOWN,
        },
      );
      assert.equal(result.failures, undefined);
      assert.equal(result.inputs.shieldZoneId, UNKNOWN);
    });
  });

  describe("diff", () => {
    const olds = {
      shieldZoneId: ZONE,
      configurationId: 100101,
      isEnabled: true,
      action: "Block",
      onDelete: "restore",
      listId: 1001001,
      name: "x",
      type: "IP",
      category: null,
      priorIsEnabled: false,
      priorAction: "Log",
    } satisfies AccessListConfigurationOutputs;
    const same: AccessListConfigurationInputs = {
      shieldZoneId: ZONE,
      configurationId: 100101,
      isEnabled: true,
      action: "Block",
    };

    it("sees no change for the same inputs, whatever __provider says", async () => {
      const result = await provider.diff("1001/100101", olds, {
        ...same,
        __provider: "other",
      } as never);
      assert.deepEqual(result, {
        changes: false,
        replaces: [],
        deleteBeforeReplace: false,
        changed: [],
      });
    });

    it("updates for isEnabled, action and onDelete", async () => {
      for (const change of [
        { isEnabled: false },
        { action: "Challenge" as const },
        { onDelete: "keep" as const },
      ]) {
        const result = await provider.diff("1001/100101", olds, { ...same, ...change });
        assert.equal(result.changes, true, JSON.stringify(change));
        assert.deepEqual(result.replaces, []);
      }
    });

    it("ignores an omitted action (left as it is on the service)", async () => {
      const { action: _omitted, ...rest } = same;
      assert.equal((await provider.diff("1001/100101", olds, rest)).changes, false);
    });

    it("replaces, deleting first, for another zone or configuration", async () => {
      const result = await provider.diff("1001/100101", olds, {
        ...same,
        shieldZoneId: 1002,
        configurationId: 100201,
      });
      assert.deepEqual(result, {
        changes: true,
        replaces: ["shieldZoneId", "configurationId"],
        deleteBeforeReplace: true,
        changed: ["shieldZoneId", "configurationId"],
      });
    });
  });

  describe("lifecycle against the emulator", () => {
    it("adopts on create, records prior values, and is idempotent", async () => {
      const configurationId = configurationOf(emu, ZONE, false);
      const live = emu.state.accessList(ZONE, configurationId)!;
      const priorAction = live.action;
      const action = priorAction === 3 ? "Log" : "Challenge";
      const inputs: AccessListConfigurationInputs = {
        shieldZoneId: ZONE,
        configurationId,
        isEnabled: true,
        action,
      };

      const created = await provider.create(inputs);
      assert.equal(created.id, `${ZONE}/${configurationId}`);
      const outs = created.outs as AccessListConfigurationOutputs;
      assert.equal(outs.isEnabled, true);
      assert.equal(outs.action, action);
      assert.equal(outs.priorIsEnabled, false);
      assert.equal(outs.priorAction, ACTION_NAMES[priorAction]);
      assert.equal(outs.listId, live.listId);
      assert.equal(outs.name, live.name);
      assert.ok(!Object.values(outs).includes(undefined as never), "no undefined in outputs");
      assert.deepEqual(
        patches(emu).map((r) => r.body),
        [{ isEnabled: true, action: action === "Log" ? 4 : 3 }],
      );
      assert.equal(emu.state.accessList(ZONE, configurationId)!.isEnabled, true);

      // Applying the same inputs again changes nothing and sends nothing.
      emu.resetRequests();
      assert.equal((await provider.diff(created.id, outs, inputs)).changes, false);
      const read = await provider.read(created.id, outs);
      assert.deepEqual(read.props, outs);
      assert.equal(patches(emu).length, 0);
    });

    it("PATCHes only what changed on update, and takes the service's answer", async () => {
      const configurationId = configurationOf(emu, ZONE, true);
      const inputs: AccessListConfigurationInputs = {
        shieldZoneId: ZONE,
        configurationId,
        isEnabled: true,
      };
      const { id, outs } = await provider.create(inputs);
      emu.resetRequests();
      const updated = await provider.update(id, outs, { ...inputs, isEnabled: false });
      assert.deepEqual(
        patches(emu).map((r) => r.body),
        [{ isEnabled: false }],
      );
      assert.equal(updated.outs!.isEnabled, false);
      assert.equal(updated.outs!.priorIsEnabled, true, "prior values survive updates");
    });

    it("shows drift on read, and reports a vanished configuration gone", async () => {
      const configurationId = configurationOf(emu, ZONE, true);
      const { id, outs } = await provider.create({
        shieldZoneId: ZONE,
        configurationId,
        isEnabled: true,
      });
      emu.state.accessList(ZONE, configurationId)!.isEnabled = false;
      emu.state.accessList(ZONE, configurationId)!.action = 4;
      const read = await provider.read(id, outs);
      assert.equal(read.id, id);
      assert.equal(read.props!.isEnabled, false);
      assert.equal(read.props!.action, "Log");
      assert.equal(
        (
          await provider.diff(id, read.props, {
            shieldZoneId: ZONE,
            configurationId,
            isEnabled: true,
          })
        ).changes,
        true,
      );

      emu.state.removeAccessList(ZONE, configurationId);
      assert.deepEqual(await provider.read(id, outs), {});
    });

    it("never drops the resource on a failed read", async () => {
      const configurationId = configurationOf(emu, ZONE, true);
      const { id, outs } = await provider.create({
        shieldZoneId: ZONE,
        configurationId,
        isEnabled: true,
      });
      emu.faults.add({
        route: "listAccessLists",
        status: 500,
        body: { title: "boom" },
        times: Infinity,
      });
      await assert.rejects(provider.read(id, outs), (error: Error) => {
        assert.equal(error.name, "ServerError");
        assert.match(error.message, /refresh failed, so the resource stays in state/);
        return true;
      });
    });

    it("refuses a configuration that does not exist, naming the zone and the id", async () => {
      await assert.rejects(
        provider.create({ shieldZoneId: ZONE, configurationId: 999999, isEnabled: true }),
        (error: Error) => {
          assert.match(error.message, /shield zone 1001 has no access list configuration 999999/);
          assert.match(error.message, /Its configurations are: \d+ \(/);
          assert.equal((error as { id?: string }).id, undefined, "nothing goes into state");
          return true;
        },
      );
      assert.equal(patches(emu).length, 0);
    });

    it("refuses an unknown zone with a not-found error", async () => {
      await assert.rejects(
        provider.create({ shieldZoneId: 4242, configurationId: 1, isEnabled: true }),
        (error: Error) => error.name === "NotFoundError" && /4242/.test(error.message),
      );
    });

    it("keeps prior values when the PATCH of an adoption fails, and converges next run", async () => {
      const configurationId = configurationOf(emu, ZONE, false);
      const inputs: AccessListConfigurationInputs = {
        shieldZoneId: ZONE,
        configurationId,
        isEnabled: true,
      };
      const fault = emu.faults.add({
        route: "updateAccessListConfiguration",
        status: 500,
        body: { title: "Internal error" },
      });
      const failure = await provider.create(inputs).then(
        () => assert.fail("create should fail"),
        (error: { id: string; properties: AccessListConfigurationOutputs; reasons: string[] }) =>
          error,
      );
      assert.equal(fault.hits, 1);
      assert.equal(failure.id, `${ZONE}/${configurationId}`);
      assert.equal(failure.properties.isEnabled, false, "no false claim: state says what was read");
      assert.equal(failure.properties.priorIsEnabled, false);
      assert.equal(
        (failure as unknown as Error).cause instanceof ServerError,
        true,
        "the cause is kept",
      );
      assert.equal(emu.state.accessList(ZONE, configurationId)!.isEnabled, false);

      // The next run sees the difference and updates.
      assert.equal((await provider.diff(failure.id, failure.properties, inputs)).changes, true);
      const updated = await provider.update(failure.id, failure.properties, inputs);
      assert.equal(updated.outs!.isEnabled, true);
      assert.equal(emu.state.accessList(ZONE, configurationId)!.isEnabled, true);
    });

    it("converges when a PATCH was applied but its answer was lost", async () => {
      const configurationId = configurationOf(emu, ZONE, false);
      const inputs: AccessListConfigurationInputs = {
        shieldZoneId: ZONE,
        configurationId,
        isEnabled: true,
      };
      emu.faults.add({ route: "updateAccessListConfiguration", kind: "apply-then-reset" });
      const { outs } = await provider.create(inputs);
      assert.equal(outs.isEnabled, true);
      assert.equal(outs.priorIsEnabled, false, "the prior value is the one read before the PATCH");
      assert.equal(patches(emu).length, 2, "the lost answer was retried");
    });

    it("leaves state as it was when an update fails", async () => {
      const configurationId = configurationOf(emu, ZONE, true);
      const inputs: AccessListConfigurationInputs = {
        shieldZoneId: ZONE,
        configurationId,
        isEnabled: true,
      };
      const { id, outs } = await provider.create(inputs);
      emu.faults.add({
        route: "updateAccessListConfiguration",
        envelopeErrorKey: "invalid_plan_type.access_list",
      });
      await assert.rejects(
        provider.update(id, outs, { ...inputs, isEnabled: false }),
        (error: Error) => {
          assert.equal(error.name, "PlanRestrictionError");
          assert.match(error.message, /update failed; state keeps the last confirmed values/);
          return true;
        },
      );
      assert.equal(emu.state.accessList(ZONE, configurationId)!.isEnabled, true);
    });

    for (const [onDelete, expectEnabled, expectPatches] of [
      ["restore", false, 1],
      ["disable", false, 1],
      ["keep", true, 0],
    ] as const) {
      it(`on delete with onDelete "${onDelete}"`, async () => {
        const configurationId = configurationOf(emu, ZONE, false);
        const { id, outs } = await provider.create({
          shieldZoneId: ZONE,
          configurationId,
          isEnabled: true,
          action: "Block",
          onDelete,
        });
        const before = emu.state.accessList(ZONE, configurationId)!;
        assert.equal(before.isEnabled, true);
        emu.resetRequests();
        await provider.delete(id, outs);
        assert.equal(patches(emu).length, expectPatches);
        assert.equal(emu.state.accessList(ZONE, configurationId)!.isEnabled, expectEnabled);
        if (onDelete === "restore") {
          assert.equal(
            ACTION_NAMES[emu.state.accessList(ZONE, configurationId)!.action],
            outs.priorAction,
          );
        }
      });
    }

    it("restores only what it managed: an action it never declared is left as it is", async () => {
      const configurationId = configurationOf(emu, ZONE, false);
      const list = emu.state.accessList(ZONE, configurationId)!;
      const priorAction = list.action;
      const { id, outs } = await provider.create({
        shieldZoneId: ZONE,
        configurationId,
        isEnabled: true,
      });
      assert.deepEqual(outs.priors, { isEnabled: false });
      list.action = priorAction === 4 ? 3 : 4; // changed outside Pulumi
      const changedAction = list.action;
      await provider.delete(id, outs);
      assert.equal(list.isEnabled, false, "isEnabled restored");
      assert.equal(list.action, changedAction, "the action it never managed is untouched");
      const [patch] = patches(emu).slice(-1);
      assert.deepEqual(patch.body, { isEnabled: false });
    });

    it("reads, diffs and deletes with an action number this version does not know", async () => {
      const configurationId = configurationOf(emu, ZONE, false);
      const list = emu.state.accessList(ZONE, configurationId)!;
      list.action = 9 as never; // an action the service added after this version
      const inputs = {
        shieldZoneId: ZONE,
        configurationId,
        isEnabled: true,
        action: "Block" as const,
      };
      const { id, outs } = await provider.create(inputs);
      assert.equal((outs.priors as { action?: string }).action, "9");
      list.action = 9 as never;
      const read = await provider.read(id, outs);
      assert.equal(read.props!.action, "9");
      assert.equal((await provider.diff(id, read.props!, inputs)).changes, true);
      await provider.delete(id, read.props!);
      assert.equal(list.action, 9, "restored to the unknown action");
      assert.equal(list.isEnabled, false);
    });

    it("treats a configuration already gone as deleted", async () => {
      const configurationId = configurationOf(emu, ZONE, true);
      const { id, outs } = await provider.create({
        shieldZoneId: ZONE,
        configurationId,
        isEnabled: false,
      });
      emu.state.removeAccessList(ZONE, configurationId);
      emu.resetRequests();
      await assert.doesNotReject(provider.delete(id, outs));
      // The restore was tried, and the service's not-found answer is what made it a success.
      const [patch] = patches(emu);
      assert.equal(patch?.status, 202);
      assert.equal(emu.state.accessList(ZONE, configurationId), undefined);
      // A bare HTTP 404 (ASP.NET's shape) is the configuration gone only when the zone answers.
      emu.faults.add({ route: "updateAccessListConfiguration", status: 404 });
      await assert.doesNotReject(provider.delete(id, outs));
      // From an address where the zone does not answer either, it confirms nothing: the delete
      // fails, and the resource stays in state.
      emu.faults.add({ route: "*", status: 404, times: Infinity });
      await assert.rejects(
        provider.delete(id, outs),
        /delete \(restore\) failed; the resource stays in state/,
      );
    });

    it("applies many configurations of one zone at once, through 429s and overlapping-write faults", async function () {
      this.timeout(60_000);
      // With latency, writes to one zone overlap unless the provider serializes them, and the
      // service (like the emulator) fails an overlapping write with a 500.
      const slow = await startEmulator({ latencyMs: 20 });
      try {
        const slowProvider = await configuredProvider(slow);
        const zone = slow.state.zone(ZONE)!;
        const wanted = [...zone.managedLists, ...zone.customLists].map((l) => ({
          configurationId: l.configurationId,
          isEnabled: !l.isEnabled,
        }));
        slow.faults.add({
          route: "*",
          status: 429,
          retryAfter: 0,
          probability: 0.3,
          times: Infinity,
        });
        const results = await Promise.all(
          wanted.map((w) => slowProvider.create({ shieldZoneId: ZONE, ...w })),
        );
        for (const [i, w] of wanted.entries()) {
          assert.equal(results[i].outs.isEnabled, w.isEnabled);
          assert.equal(slow.state.accessList(ZONE, w.configurationId)!.isEnabled, w.isEnabled);
        }
        assert.ok(
          slow.requests.some((r) => r.status === 429),
          "the 429 fault was exercised",
        );
        assert.ok(!slow.requests.some((r) => r.status === 500), "no two writes overlapped");
      } finally {
        await slow.close();
      }
    });
  });

  describe("a declared category", () => {
    const TOR = 100101; // the seed's Tor exit node list of zone 1001
    const inputs = (category: string, isEnabled = false): AccessListConfigurationInputs => ({
      shieldZoneId: ZONE,
      configurationId: TOR,
      isEnabled,
      category: category as AccessListConfigurationInputs["category"],
    });

    it("is checked by name or number, and None (a custom list's) is refused", async () => {
      const named = await provider.check({}, { ...inputs("TorExitNodes"), category: 8 });
      assert.equal(named.failures, undefined);
      assert.equal(named.inputs.category, "TorExitNodes");
      const none = await provider.check({}, inputs("None"));
      assert.equal(none.failures?.[0]?.property, "category");
      assert.match(none.failures![0].reason, /"None"/);
    });

    it("adopts the list it names, and refuses another list's before any write", async () => {
      const created = await provider.create(inputs("TorExitNodes"));
      assert.equal((created.outs as AccessListConfigurationOutputs).category, "TorExitNodes");

      emu.resetRequests();
      await assert.rejects(
        provider.create({ ...inputs("VPNs"), configurationId: TOR }),
        /configuration 100101 is the list "Tor exit nodes" of category "TorExitNodes", not "VPNs"\. Check configurationId/,
      );
      assert.equal(patches(emu).length, 0);
    });

    it("declared later compares with the category read: the same is no change, another an update that fails before writing", async () => {
      const { id, outs } = await provider.create({
        ...inputs("TorExitNodes"),
        category: undefined,
      });
      assert.equal((await provider.diff(id, outs, inputs("TorExitNodes"))).changes, false);

      const wrong = inputs("Botnets");
      assert.equal((await provider.diff(id, outs, wrong)).changes, true);
      emu.resetRequests();
      await assert.rejects(
        provider.update(id, outs, wrong),
        /of category "TorExitNodes", not "Botnets"/,
      );
      assert.equal(patches(emu).length, 0);
      assert.equal(emu.state.accessList(ZONE, TOR)!.isEnabled, false, "left as Pulumi set it");
    });
  });
});

describe("AccessListConfiguration of a managed list the zone's plan does not include", function () {
  this.timeout(30_000);
  let emu: Emulator;
  let provider: AccessListConfigurationProvider;
  const savedEnv = { key: process.env.BUNNYNET_API_KEY, url: process.env.BUNNYNET_API_URL };
  // "Known bad bots" needs the Advanced plan; zone 1003 is Basic, zone 1001 Advanced.
  const BASIC_ZONE = 1003;

  beforeEach(async () => {
    delete process.env.BUNNYNET_API_KEY;
    delete process.env.BUNNYNET_API_URL;
    emu = await startEmulator();
    provider = await configuredProvider(emu);
  });
  afterEach(async () => {
    await emu.close();
    if (savedEnv.key !== undefined) process.env.BUNNYNET_API_KEY = savedEnv.key;
    if (savedEnv.url !== undefined) process.env.BUNNYNET_API_URL = savedEnv.url;
  });

  it("fails the write naming the list, the plan it needs and the zone's, with the service's key", async () => {
    const error = await provider
      .create({ shieldZoneId: BASIC_ZONE, configurationId: 100303, isEnabled: true })
      .catch((e: unknown) => e as Error & { errorKey?: string });
    assert.ok(error instanceof Error);
    // Recorded as adopted (an init failure), caused by the client's PlanRestrictionError.
    assert.equal((error.cause as Error | undefined)?.name, "PlanRestrictionError");
    assert.match(
      error.message,
      /the access list "Known bad bots" \(configuration 100303\) needs the Advanced Shield plan, and shield zone 1003 is on Basic; upgrade the zone's plan in the bunny\.net dashboard, or remove this AccessListConfiguration/,
    );
    assert.match(error.message, /\[not_available\.access_list\]/);
    assert.equal(emu.state.accessList(BASIC_ZONE, 100303)!.isEnabled, false, "nothing changed");
    assert.deepEqual(
      patches(emu).map((r) => r.status),
      [202],
      "one refused PATCH, not retried",
    );
  });

  it("deletes one whose zone was downgraded since: nothing to put back", async () => {
    const { id, outs } = await provider.create({
      shieldZoneId: ZONE,
      configurationId: 100103,
      isEnabled: false,
    });
    emu.state.zone(ZONE)!.planType = 0;
    await provider.delete(id, outs);
    assert.equal(emu.state.accessList(ZONE, 100103)!.isEnabled, false, "left as it was");
  });
});
