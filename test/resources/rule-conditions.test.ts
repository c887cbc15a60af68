/**
 * A rule's conditions are chained with AND, so their order means nothing, and the service
 * returns them in its own order (sorted by variable, then operator, then value), the first as
 * the configuration's own condition and the others chained. WafCustomRule and RateLimit compare
 * them as a set: a refresh that finds them reordered shows no change, and a real change still
 * does.
 */
import { strict as assert } from "node:assert";
import type { Emulator, RuleCollection } from "../../src/emulator";
import type { Kind, ShieldProvider } from "../../src/resources";
import { MiniEngine } from "../support/engine";
import { useKindProvider } from "../support/kind-provider";

type Props = Record<string, unknown>;
const ZONE = 1001;

/** Written in an order the service does not keep: it puts REMOTE_ADDR first. */
const DECLARED = [
  { variable: "REQUEST_URI", operator: "BEGINSWITH", value: "/admin" },
  { variable: "REQUEST_HEADERS", variableValue: "User-Agent", operator: "CONTAINS", value: "bot" },
  { variable: "REMOTE_ADDR", operator: "STREQ", value: "203.0.113.7", negated: true },
];

const KINDS: Array<{ kind: Kind; store: RuleCollection; own: Props }> = [
  { kind: "WafCustomRule", store: "wafCustomRules", own: { action: "Block" } },
  {
    kind: "RateLimit",
    store: "rateLimits",
    own: { action: "RateLimit", requestCount: 20, timeframe: 60, blockTime: "ForFiveMinutes" },
  },
];

for (const { kind, store, own } of KINDS) {
  describe(`${kind}: conditions in the service's order`, () => {
    let emu: Emulator;
    let provider: ShieldProvider;
    const fixture = useKindProvider(kind);
    beforeEach(() => ({ emu, provider } = fixture()));

    const inputs = (conditions: Props[]): Props => ({
      shieldZoneId: ZONE,
      name: `ordered ${kind}`,
      description: "",
      conditions,
      ...own,
    });
    /** The variables of the live rule, its own condition first, then the chained ones. */
    const liveOrder = () => {
      const rule = [...emu.state.rules[store].values()].find((r) => r.shieldZoneId === ZONE)!;
      const c = rule.ruleConfiguration as Props & { chainedRuleConditions: Props[] };
      return [c, ...c.chainedRuleConditions].map((x) => Object.keys(x.variableTypes as Props)[0]);
    };
    const diff = async (e: MiniEngine, news: Props) => {
      const { inputs: checked } = await provider.check(e.held!.outs, news);
      return provider.diff(e.held!.id, e.held!.outs, checked);
    };

    it("keeps the declared order in the outputs, and a refresh shows no change", async () => {
      const e = new MiniEngine(provider);
      assert.ifError((await e.up(inputs(DECLARED))).error);
      assert.deepEqual(
        liveOrder(),
        ["REMOTE_ADDR", "REQUEST_HEADERS", "REQUEST_URI"],
        "the service keeps its own order, its first condition another than the declared first",
      );
      const created = e.outputs;
      assert.deepEqual(
        (created.conditions as Props[]).map((c) => c.variable),
        DECLARED.map((c) => c.variable),
      );
      assert.equal((await e.refresh()).action, "read");
      assert.deepEqual(e.outputs, created, "the refresh changes nothing");
      assert.equal((await diff(e, inputs(DECLARED))).changes, false);
      assert.equal((await e.up(inputs(DECLARED))).action, "same");
    });

    it("sees no change in conditions written in the service's order, or any other", async () => {
      const e = new MiniEngine(provider);
      await e.up(inputs(DECLARED));
      for (const order of [
        [2, 1, 0],
        [1, 2, 0],
        [0, 2, 1],
      ]) {
        const reordered = order.map((i) => DECLARED[i]!);
        assert.equal((await diff(e, inputs(reordered))).changes, false, JSON.stringify(order));
      }
    });

    it("still shows and writes a real change of one condition, wherever it is", async () => {
      const e = new MiniEngine(provider);
      await e.up(inputs(DECLARED));
      await e.refresh();
      const changed = DECLARED.map((c) =>
        c.variable === "REMOTE_ADDR" ? { ...c, value: "198.51.100.9" } : c,
      );
      assert.equal((await diff(e, inputs(changed))).changes, true);
      assert.equal((await e.up(inputs([...changed].reverse()))).action, "update");
      const addresses = (e.outputs.conditions as Props[]).filter(
        (c) => c.variable === "REMOTE_ADDR",
      );
      assert.deepEqual(
        addresses.map((c) => c.value),
        ["198.51.100.9"],
      );
      assert.equal((await e.up(inputs(changed))).action, "same");
      assert.equal((await diff(e, inputs(DECLARED.slice(1)))).changes, true, "one fewer");
    });
  });
}
