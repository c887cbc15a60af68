/**
 * A write the service did not apply is an error, not state. The live service ignores request
 * properties it does not know (or no longer takes) and answers the write as done; the emulator's
 * `ignoreFields` fault does the same to one field. After each create and update, every kind
 * compares what the service then holds (its answer, or a read where the answer does not say;
 * rules are always read back) with what was asked: the step fails naming the field, the value
 * asked and the value kept, the state records what the service kept, and the next run, with
 * the service taking the field again, converges without a duplicate.
 */
import { strict as assert } from "node:assert";
import type { Emulator, RouteName } from "../../src/emulator";
import type { Kind } from "../../src/resources";
import { MiniEngine } from "../support/engine";
import { useKindProvider } from "../support/kind-provider";

type Props = Record<string, unknown>;

/** One kind, one field of its write that the service drops, the value asked and the one kept. */
interface Case {
  kind: Kind;
  inputs(emu: Emulator): Props;
  /** The write (by route) and the request field the service drops. */
  route: RouteName;
  ignored: string;
  /** The input whose new value is lost, and the values before and asked. */
  field: string;
  before: unknown;
  asked: unknown;
  /** For an owned kind: the create route, and how many objects of the kind the zone has. */
  create?: { route: RouteName; count(emu: Emulator): number };
}

const rules = (emu: Emulator, store: "wafCustomRules" | "rateLimits") =>
  [...emu.state.rules[store].values()].filter((r) => r.shieldZoneId === 1001).length;
const condition = { variable: "REQUEST_URI", operator: "BEGINSWITH", value: "/admin" };

const CASES: Case[] = [
  {
    kind: "WafCustomRule",
    inputs: () => ({
      shieldZoneId: 1001,
      name: "unapplied",
      description: "",
      action: "Block",
      severity: "WARNING",
      conditions: [condition],
    }),
    route: "updateWafCustomRule",
    ignored: "ruleConfiguration.severityType",
    field: "severity",
    before: "WARNING",
    asked: "CRITICAL",
    create: { route: "createWafCustomRule", count: (emu) => rules(emu, "wafCustomRules") },
  },
  {
    kind: "RateLimit",
    inputs: () => ({
      shieldZoneId: 1001,
      name: "unapplied",
      description: "",
      action: "RateLimit",
      requestCount: 20,
      timeframe: 60,
      blockTime: "ForFiveMinutes",
      conditions: [condition, { ...condition, value: "/login" }],
    }),
    route: "updateRateLimit",
    ignored: "ruleConfiguration.requestCount",
    field: "requestCount",
    before: 20,
    asked: 30,
    create: { route: "createRateLimit", count: (emu) => rules(emu, "rateLimits") },
  },
  {
    kind: "AccessList",
    inputs: () => ({
      shieldZoneId: 1001,
      name: "unapplied",
      type: "CIDR",
      entries: ["203.0.113.0/24"],
      action: "Challenge",
    }),
    route: "updateAccessListConfiguration",
    ignored: "action",
    field: "action",
    before: "Challenge",
    asked: "Log",
  },
  {
    kind: "AccessListConfiguration",
    inputs: () => ({
      shieldZoneId: 1001,
      configurationId: 100101,
      isEnabled: true,
      action: "Block",
    }),
    route: "updateAccessListConfiguration",
    ignored: "action",
    field: "action",
    before: "Block",
    asked: "Log",
  },
  {
    kind: "BotDetection",
    inputs: () => ({ shieldZoneId: 1001, executionMode: "LogOnly" }),
    route: "updateBotDetection",
    ignored: "executionMode",
    field: "executionMode",
    before: "LogOnly",
    asked: "Challenge",
  },
  {
    kind: "UploadScanning",
    inputs: () => ({ shieldZoneId: 1001, isEnabled: false }),
    route: "updateUploadScanning",
    ignored: "isEnabled",
    field: "isEnabled",
    before: false,
    asked: true,
  },
  {
    kind: "ShieldZone",
    inputs: (emu) => ({ pullZoneId: emu.state.zone(1001)!.pullZoneId, wafEnabled: false }),
    route: "updateShieldZone",
    ignored: "shieldZone.wafEnabled",
    field: "wafEnabled",
    before: false,
    asked: true,
  },
  {
    kind: "ApiGuardian",
    inputs: () => ({ shieldZoneId: 1001, isEnabled: false }),
    route: "updateApiGuardian",
    ignored: "isEnabled",
    field: "isEnabled",
    before: false,
    asked: true,
  },
];

const messageOf = (result: { error?: unknown }) =>
  String((result.error as Error | undefined)?.message);
const escaped = (value: unknown) => JSON.stringify(value).replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

for (const c of CASES) {
  describe(`${c.kind}: a write the service did not apply`, function () {
    this.timeout(30_000);
    const fixture = useKindProvider(c.kind);
    const drop = (emu: Emulator, route: RouteName) =>
      emu.faults.add({ route, ignoreFields: [c.ignored], times: Infinity });
    const unapplied = new RegExp(
      `did not apply ${c.field} \\(asked ${escaped(c.asked)}, it kept ${escaped(c.before)}\\)`,
    );

    it(`fails the update naming ${c.field}, keeps what the service holds, and converges after`, async () => {
      const { emu, provider } = fixture();
      const e = new MiniEngine(provider);
      const inputs = c.inputs(emu);
      assert.ifError((await e.up(inputs)).error);
      drop(emu, c.route);
      const failed = await e.up({ ...inputs, [c.field]: c.asked });
      assert.equal(failed.action, "update");
      assert.match(messageOf(failed), /update failed/);
      assert.match(messageOf(failed), unapplied);
      assert.deepEqual(e.outputs[c.field], c.before, "the state holds what the service kept");

      emu.faults.clear();
      assert.equal((await e.up({ ...inputs, [c.field]: c.asked })).action, "update");
      assert.deepEqual(e.outputs[c.field], c.asked);
      assert.equal((await e.up({ ...inputs, [c.field]: c.asked })).action, "same");
    });

    if (c.create) {
      const { route, count } = c.create;
      it("fails a create whose object lacks the field, records it, and updates it next time", async () => {
        const { emu, provider } = fixture();
        const e = new MiniEngine(provider);
        const inputs = { ...c.inputs(emu), [c.field]: c.asked };
        const before = count(emu);
        drop(emu, route);
        drop(emu, c.route);
        const failed = await e.up(inputs);
        assert.match(messageOf(failed), /created, but setting the declared values failed/);
        assert.match(messageOf(failed), new RegExp(`did not apply ${c.field} \\(asked`));
        assert.ok(e.held, "the object is in state: it exists");
        assert.equal(e.outputs[c.field], null, "with what the service holds");
        assert.equal(count(emu), before + 1);

        emu.faults.clear();
        assert.equal((await e.up(inputs)).action, "update", "not a second create");
        assert.equal(count(emu), before + 1, "no duplicate");
        assert.deepEqual(e.outputs[c.field], c.asked);
      });

      it("reads the object back after each write, and completes a create that lost a field", async () => {
        const { emu, provider } = fixture();
        const e = new MiniEngine(provider);
        const inputs = { ...c.inputs(emu), [c.field]: c.asked };
        emu.faults.add({ route, ignoreFields: [c.ignored] });
        assert.ifError((await e.up(inputs)).error);
        assert.deepEqual(e.outputs[c.field], c.asked, "the update after the read-back wrote it");
        const routes = emu.requests.map((r) => r.route);
        const [created, updated] = [routes.indexOf(route), routes.indexOf(c.route)];
        assert.ok(created >= 0 && updated > created, routes.join(", "));
        assert.equal(emu.requests[created + 1]?.method, "GET", "the create is read back");
        assert.equal(emu.requests[updated + 1]?.method, "GET", "the update is read back");
      });
    }
  });
}

describe("WafCustomRule: a write's answer is not trusted", () => {
  const fixture = useKindProvider("WafCustomRule");

  it("fails an update whose answer shows the new value the service does not hold", async () => {
    const { emu, provider } = fixture();
    const e = new MiniEngine(provider);
    const inputs = CASES[0]!.inputs(emu);
    await e.up(inputs);
    const live = [...emu.state.rules.wafCustomRules.values()].find(
      (r) => r.ruleName === "unapplied",
    )!;
    // The answer claims severity CRITICAL (2); the service changed nothing.
    const claimed = {
      ...live,
      ruleConfiguration: { ...live.ruleConfiguration, severityType: 2 },
      errorResponse: { statusCode: 200, success: true, message: null, errorKey: null },
    };
    emu.faults.add({ route: "updateWafCustomRule", status: 200, body: claimed });
    const failed = await e.up({ ...inputs, severity: "CRITICAL" });
    assert.match(
      messageOf(failed),
      /did not apply severity \(asked "CRITICAL", it kept "WARNING"\)/,
    );
    assert.equal(e.outputs.severity, "WARNING");
  });
});

describe("the first write of an adoption or a list's configuration, not applied", () => {
  for (const [kind, inputs, route, field, asked] of [
    // Seeded zone 1001 challenges bots; the adoption asks for log-only.
    [
      "BotDetection",
      { shieldZoneId: 1001, executionMode: "LogOnly" },
      "updateBotDetection",
      "executionMode",
      "LogOnly",
    ],
    // A new list's configuration blocks; the create then asks for Log in a second write.
    [
      "AccessList",
      {
        shieldZoneId: 1001,
        name: "unapplied",
        type: "CIDR",
        entries: ["203.0.113.0/24"],
        action: "Log",
      },
      "updateAccessListConfiguration",
      "action",
      "Log",
    ],
  ] as const) {
    describe(kind, () => {
      const fixture = useKindProvider(kind);

      it(`fails the create naming ${field}, and records the object with what the service holds`, async () => {
        const { emu, provider } = fixture();
        const e = new MiniEngine(provider);
        emu.faults.add({ route, ignoreFields: [field], times: Infinity });
        const failed = await e.up(inputs);
        assert.equal(failed.action, "create");
        assert.match(messageOf(failed), /but setting the (desired|declared) values failed/);
        assert.match(messageOf(failed), new RegExp(`did not apply ${field} \\(asked "${asked}"`));
        assert.ok(e.held, "recorded: the object exists on the service");
        assert.notEqual(e.outputs[field], asked, "the state does not claim it");

        emu.faults.clear();
        assert.equal((await e.up(inputs)).action, "update", "the next run converges");
        assert.equal(e.outputs[field], asked);
      });
    });
  }
});
