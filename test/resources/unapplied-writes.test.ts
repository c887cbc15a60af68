/**
 * A write the service did not apply is an error, not state. The live service ignores request
 * properties it does not know (or no longer takes) and answers the write as done; the emulator's
 * `ignoreFields` fault does the same to one field (a fault answering as done without acting, for
 * a write whose body is not JSON or a DELETE). After each create and update, every kind compares
 * what the service then holds (its answer, or a read where the answer does not say; owned
 * objects are always read back) with what was asked: the step fails naming the field, the value
 * asked and the value kept, the state records what the service kept, and the next run, with
 * the service taking the field again, converges without a duplicate. Delete is verified too: an
 * adopted kind's restore of its priors the same way, an owned object by reading it back; the
 * resource then stays in state, and the next destroy completes. The cases are keyed by the
 * registry's kinds: one left out does not compile, and fails below.
 */
import { strict as assert } from "node:assert";
import { isDeepStrictEqual } from "node:util";
import type { Emulator, FaultSpec, RouteName } from "../../src/emulator";
import { KINDS, type Kind } from "../../src/resources";
import { MiniEngine } from "../support/engine";
import { useKindProvider } from "../support/kind-provider";

type Props = Record<string, unknown>;

/** One kind, one field of its write that the service drops, the value asked and the one kept. */
interface Case {
  inputs(emu: Emulator): Props;
  /**
   * The write (by route), and how the service drops the field: it ignores the request's field,
   * or (a body that is not a JSON object) answers as done without acting.
   */
  route: RouteName;
  drop: Omit<FaultSpec, "route">;
  /** The input whose new value is lost (its `member`, for a map), and the values before and asked. */
  field: string;
  member?: string;
  before: unknown;
  asked: unknown;
  /** For an owned kind whose create can lose the field: the create route. */
  create?: RouteName;
  /**
   * What delete writes: an owned kind's DELETE route, and how many objects of the kind the zone
   * has; or `"restore"`, an adopted kind's priors put back through `route`.
   */
  deletes: { route: RouteName; count(emu: Emulator): number } | "restore";
}

/** The status envelope of a write the service answers as done. */
const DONE = { statusCode: 200, success: true, message: null, errorKey: null };
/** The service handles the write as if `field` (a dotted path) had not been sent. */
const ignoring = (field: string) => ({ ignoreFields: [field] });
/** The service answers the write with `body`, as done, and does nothing. */
const answering = (body: object) => ({ status: 200, body });

const rules = (emu: Emulator, store: "wafCustomRules" | "rateLimits") =>
  [...emu.state.rules[store].values()].filter((r) => r.shieldZoneId === 1001).length;
const condition = { variable: "REQUEST_URI", operator: "BEGINSWITH", value: "/admin" };

// Typed by the registry's kinds: a kind added without a case here does not compile.
const CASES: Record<Kind, Case> = {
  WafCustomRule: {
    inputs: () => ({
      shieldZoneId: 1001,
      name: "unapplied",
      description: "",
      action: "Block",
      severity: "WARNING",
      conditions: [condition],
    }),
    route: "updateWafCustomRule",
    drop: ignoring("ruleConfiguration.severityType"),
    field: "severity",
    before: "WARNING",
    asked: "CRITICAL",
    create: "createWafCustomRule",
    deletes: { route: "deleteWafCustomRule", count: (emu) => rules(emu, "wafCustomRules") },
  },
  RateLimit: {
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
    drop: ignoring("ruleConfiguration.requestCount"),
    field: "requestCount",
    before: 20,
    asked: 30,
    create: "createRateLimit",
    deletes: { route: "deleteRateLimit", count: (emu) => rules(emu, "rateLimits") },
  },
  AccessList: {
    inputs: () => ({
      shieldZoneId: 1001,
      name: "unapplied",
      type: "CIDR",
      entries: ["203.0.113.0/24"],
      action: "Challenge",
    }),
    route: "updateAccessListConfiguration",
    drop: ignoring("action"),
    field: "action",
    before: "Challenge",
    asked: "Log",
    deletes: {
      route: "deleteCustomAccessList",
      count: (emu) => emu.state.zone(1001)!.customLists.length,
    },
  },
  CustomPage: {
    inputs: () => ({ shieldZoneId: 1002, pageType: "block", html: "<p>before</p>" }),
    // A PUT of the page's HTML (not JSON): answered as done, the page left as it was.
    route: "uploadCustomPage",
    drop: answering(DONE),
    field: "html",
    before: "<p>before</p>",
    asked: "<p>asked</p>",
    deletes: {
      route: "deleteCustomPage",
      count: (emu) => (emu.state.zone(1002)!.customPages?.block === undefined ? 0 : 1),
    },
  },
  AccessListConfiguration: {
    inputs: () => ({
      shieldZoneId: 1001,
      configurationId: 100101,
      isEnabled: true,
      action: "Block",
    }),
    route: "updateAccessListConfiguration",
    drop: ignoring("action"),
    field: "action",
    before: "Block",
    asked: "Log",
    deletes: "restore",
  },
  BotDetection: {
    inputs: () => ({ shieldZoneId: 1001, executionMode: "LogOnly" }),
    route: "updateBotDetection",
    drop: ignoring("executionMode"),
    field: "executionMode",
    before: "LogOnly",
    asked: "Challenge",
    deletes: "restore",
  },
  UploadScanning: {
    inputs: () => ({ shieldZoneId: 1001, isEnabled: false }),
    route: "updateUploadScanning",
    drop: ignoring("isEnabled"),
    field: "isEnabled",
    before: false,
    asked: true,
    deletes: "restore",
  },
  ShieldZone: {
    inputs: (emu) => ({ pullZoneId: emu.state.zone(1001)!.pullZoneId, wafEnabled: false }),
    route: "updateShieldZone",
    drop: ignoring("shieldZone.wafEnabled"),
    field: "wafEnabled",
    before: false,
    asked: true,
    deletes: "restore",
  },
  ApiGuardian: {
    inputs: () => ({ shieldZoneId: 1001, isEnabled: false }),
    route: "updateApiGuardian",
    drop: ignoring("isEnabled"),
    field: "isEnabled",
    before: false,
    asked: true,
    deletes: "restore",
  },
  BotCategorization: {
    inputs: () => ({ shieldZoneId: 1002, categories: { SEO: "Block" } }),
    // The service requires the body's one field: answered as done, the action left as it was.
    route: "setBotCategoryAction",
    drop: answering({ data: {}, error: DONE }),
    field: "categories",
    member: "SEO",
    before: "Block",
    asked: "Allow",
    deletes: "restore",
  },
};

const messageOf = (result: { error?: unknown }) =>
  String((result.error as Error | undefined)?.message);
const escaped = (value: unknown) => JSON.stringify(value).replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

it("every kind of the registry has a case", () => {
  assert.deepEqual(Object.keys(CASES).sort(), [...KINDS].sort());
});

for (const kind of KINDS) {
  const c = CASES[kind] as Case | undefined;
  if (c === undefined) continue; // named by the test above
  const path = c.member === undefined ? c.field : `${c.field}.${c.member}`;
  /** The input holding `value` (a map of the one member, for a map). */
  const input = (value: unknown) => (c.member === undefined ? value : { [c.member]: value });
  /** `value`'s member, for a map. */
  const at = (value: unknown) =>
    c.member === undefined ? value : (value as Props | undefined)?.[c.member];
  const with_ = (inputs: Props, value: unknown) => ({ ...inputs, [c.field]: input(value) });
  const unapplied = (asked: unknown, kept: unknown) =>
    new RegExp(`did not apply ${path} \\(asked ${escaped(asked)}, it kept ${escaped(kept)}\\)`);

  describe(`${kind}: a write the service did not apply`, function () {
    this.timeout(30_000);
    const fixture = useKindProvider(kind);
    /** The service drops the field from every write through `route`. */
    const drop = (emu: Emulator, route: RouteName) =>
      emu.faults.add({ ...c.drop, route, times: Infinity });

    it(`fails the update naming ${path}, keeps what the service holds, and converges after`, async () => {
      const { emu, provider } = fixture();
      const e = new MiniEngine(provider);
      const inputs = with_(c.inputs(emu), c.before);
      assert.ifError((await e.up(inputs)).error);
      drop(emu, c.route);
      const failed = await e.up(with_(inputs, c.asked));
      assert.equal(failed.action, "update");
      assert.match(messageOf(failed), /update failed/);
      assert.match(messageOf(failed), unapplied(c.asked, c.before));
      assert.deepEqual(at(e.outputs[c.field]), c.before, "the state holds what the service kept");

      emu.faults.clear();
      assert.equal((await e.up(with_(inputs, c.asked))).action, "update");
      assert.deepEqual(at(e.outputs[c.field]), c.asked);
      assert.equal((await e.up(with_(inputs, c.asked))).action, "same");
    });

    if (c.deletes === "restore") {
      it(`fails a delete whose restore of ${path} is not applied, keeps the resource, and restores after`, async () => {
        const { emu, provider } = fixture();
        const e = new MiniEngine(provider);
        const inputs = with_(c.inputs(emu), c.before);
        assert.ifError((await e.up(inputs)).error);
        const prior = at((e.outputs.priors as Props)[c.field]);
        // Away from the prior, so that putting it back is a change.
        if (isDeepStrictEqual(prior, c.before)) {
          assert.ifError((await e.up(with_(inputs, c.asked))).error);
        }
        const current = at(e.outputs[c.field]);
        assert.notDeepEqual(current, prior, "the case changes the setting from its prior");
        drop(emu, c.route);
        const failed = await e.destroy();
        assert.match(messageOf(failed), /delete \(restore\) failed; the resource stays in state/);
        assert.match(messageOf(failed), unapplied(prior, current));
        const held = e.held;
        assert.ok(held, "the resource stays in state");

        emu.faults.clear();
        assert.ifError((await e.destroy()).error);
        const read = await provider.read!(held.id, held.outs);
        assert.deepEqual(at((read.props as Props)[c.field]), prior, "the prior is back");
      });
    } else {
      const { route, count } = c.deletes;
      it("fails a delete the service answers as done without deleting, keeps the resource, and deletes after", async () => {
        const { emu, provider } = fixture();
        const e = new MiniEngine(provider);
        const before = count(emu);
        assert.ifError((await e.up(with_(c.inputs(emu), c.before))).error);
        assert.equal(count(emu), before + 1);
        emu.faults.add({ ...answering(DONE), route, times: Infinity });
        const failed = await e.destroy();
        assert.match(messageOf(failed), /delete failed; the resource stays in state/);
        assert.match(messageOf(failed), new RegExp(`did not apply it: the ${kind} is still there`));
        assert.ok(e.held, "the resource stays in state");
        assert.equal(count(emu), before + 1);

        emu.faults.clear();
        const sent = emu.requests.length;
        assert.ifError((await e.destroy()).error);
        assert.equal(count(emu), before, "deleted");
        // The DELETE, then one read of the object (a list's is two GETs): nothing twice.
        const [deleted, ...after] = emu.requests.slice(sent).map((r) => `${r.method} ${r.route}`);
        assert.equal(deleted, `DELETE ${route}`);
        assert.ok(after.length > 0 && after.every((r) => r.startsWith("GET ")), after.join(", "));
        assert.equal(new Set(after).size, after.length, after.join(", "));
      });
    }

    if (c.create) {
      const route = c.create;
      const { count } = c.deletes as Exclude<Case["deletes"], "restore">;
      it("fails a create whose object lacks the field, records it, and updates it next time", async () => {
        const { emu, provider } = fixture();
        const e = new MiniEngine(provider);
        const inputs = with_(c.inputs(emu), c.asked);
        const before = count(emu);
        drop(emu, route);
        drop(emu, c.route);
        const failed = await e.up(inputs);
        assert.match(messageOf(failed), /created, but setting the declared values failed/);
        assert.match(messageOf(failed), new RegExp(`did not apply ${path} \\(asked`));
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
        const inputs = with_(c.inputs(emu), c.asked);
        emu.faults.add({ ...c.drop, route });
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
    const inputs = CASES.WafCustomRule.inputs(emu);
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

describe("AccessListConfiguration: a delete mode's write, not applied", () => {
  const fixture = useKindProvider("AccessListConfiguration");

  it('fails onDelete "disable" when the service keeps the list on, and disables it after', async () => {
    const { emu, provider } = fixture();
    const e = new MiniEngine(provider);
    const inputs = { ...CASES.AccessListConfiguration.inputs(emu), onDelete: "disable" };
    assert.ifError((await e.up(inputs)).error);
    emu.faults.add({ route: "updateAccessListConfiguration", ignoreFields: ["isEnabled"] });
    const failed = await e.destroy();
    assert.match(messageOf(failed), /delete \(disable\) failed; the resource stays in state/);
    assert.match(messageOf(failed), /did not apply isEnabled \(asked false, it kept true\)/);
    assert.ok(e.held, "the resource stays in state");
    assert.ifError((await e.destroy()).error);
    assert.equal(emu.state.accessList(1001, 100101)!.isEnabled, false);
  });
});
