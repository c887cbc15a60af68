/**
 * The conformance suite every kind of owned object passes (custom access lists, WAF rules,
 * rate limits, custom pages), against the emulator, through the provider's methods as the
 * plugin calls them: check, create and a no-op run, equivalent inputs (sets in another order,
 * names in another case), drift, update, gone, a failed read kept, no duplicate after a lost
 * create answer, adoption by natural key, many objects of one zone at once, the plan's limit,
 * and delete. A create is a POST (never repeated: a lost answer is resolved by a lookup) or,
 * for a kind whose object is named by its key (a page), an absolute PUT the client repeats.
 */
import { strict as assert } from "node:assert";
import type { Emulator, EmulatorOptions } from "../../src/emulator";
import { ShieldProvider, type Kind } from "../../src/resources";
import { covers } from "../../src/resources/kit/values";
import { MiniEngine } from "../support/engine";
import { useKindProvider } from "../support/kind-provider";

type Props = Record<string, unknown>;

/** What the suite needs to know of one kind. */
export interface OwnedCase {
  kind: Kind;
  emulator?: EmulatorOptions;
  /** The zone the objects go in. */
  zone: number;
  /** The input naming an object within its zone (default `name`), as the kind's spec says. */
  naturalKey?: string;
  /** True when the create is an absolute PUT, which the client repeats; default a POST. */
  idempotentCreate?: boolean;
  /** How many distinct objects the zone can hold at once (default 8). */
  distinct?: number;
  /** Valid inputs of the n-th distinct object (its own natural key), n from 1 to `distinct`. */
  inputs(n: number): Props;
  /** Other values for the same object, for an update. */
  updated(inputs: Props): Props;
  /** The same values written another way (sets reordered, with repeats; a name's case): no diff. */
  equivalent(inputs: Props): Props;
  bad: { inputs: Props; properties: string[] };
  /** How many objects of this kind the zone has on the service. */
  count(emu: Emulator): number;
  /** The live object with natural key `key`, as the outputs name its fields; undefined if none. */
  live(emu: Emulator, key: string): Props | undefined;
  /** Changes the live object behind Pulumi's back; says which output shows it and how. */
  drift(emu: Emulator, name: string): { field: string; value: unknown };
  /** Deletes the live object behind Pulumi's back. */
  remove(emu: Emulator, name: string): void;
  /** Lowers the zone's plan limit of this kind to what it has now. */
  fill(emu: Emulator): void;
  /** The limit's name, which the error must say. */
  limitName: string;
  createRoute: string;
  readRoute: string;
}

/** Runs the suite for one kind. */
export function ownedConformance(c: OwnedCase): void {
  describe(`${c.kind}: conformance of owned objects`, function () {
    this.timeout(60_000);
    let emu: Emulator;
    let provider: ShieldProvider;
    const engine = () => new MiniEngine(provider);
    const fixture = useKindProvider(c.kind, c.emulator);
    beforeEach(() => ({ emu, provider } = fixture()));

    const up = async (e: MiniEngine, inputs: Props) => {
      const result = await e.up(inputs);
      assert.ifError(result.error);
      return result.action;
    };
    const nameOf = (inputs: Props) => String(inputs[c.naturalKey ?? "name"]);
    const creates = () => emu.requests.filter((r) => r.route === c.createRoute).length;
    /** The declared values, as `check` normalizes them, hold on the service and in the outputs. */
    const holds = async (e: MiniEngine, inputs: Props) => {
      const { inputs: wanted } = await provider.check({}, inputs);
      const { adoptExisting: _a, ...declared } = wanted;
      assert.ok(
        // Every array input of an owned kind is a set: `check` keeps the declared order.
        covers(c.live(emu, nameOf(inputs)), declared, true),
        "the service holds the declared values",
      );
      assert.ok(covers(e.outputs, declared, true), "the outputs show them");
    };

    it("check: one failure per bad property, each naming it, nothing sent", async () => {
      const result = await provider.check({}, c.bad.inputs);
      const failures = result.failures ?? [];
      assert.deepEqual(failures.map((f) => f.property).sort(), [...c.bad.properties].sort());
      for (const f of failures) assert.ok(f.reason.includes(f.property), f.reason);
      assert.equal(emu.requests.length, 0);
    });

    it("creates, then sees no change, however equivalent inputs are written", async () => {
      const e = engine();
      const inputs = c.inputs(1);
      const before = c.count(emu);
      assert.equal(await up(e, inputs), "create");
      assert.equal(c.count(emu), before + 1);
      await holds(e, inputs);
      assert.equal(await up(e, inputs), "same");
      assert.equal(await up(e, c.equivalent(inputs)), "same");
    });

    it("shows drift on read, puts the declared values back, and updates what changed", async () => {
      const e = engine();
      const inputs = c.inputs(1);
      await up(e, inputs);
      const { field, value } = c.drift(emu, nameOf(inputs));
      assert.equal((await e.refresh()).action, "read");
      assert.deepEqual(e.outputs[field], value);
      assert.equal(await up(e, inputs), "update");
      await holds(e, inputs);
      const updated = c.updated(inputs);
      assert.equal(await up(e, updated), "update");
      await holds(e, updated);
      const count = c.count(emu);
      assert.ifError((await e.destroy()).error);
      assert.equal(c.count(emu), count - 1);
      assert.equal(c.live(emu, nameOf(inputs)), undefined);
    });

    it("reports a vanished object gone, deletes one already gone, keeps state on a failed read", async () => {
      const e = engine();
      const inputs = c.inputs(1);
      await up(e, inputs);
      const held = e.held;
      emu.faults.add({
        route: c.readRoute as never,
        status: 500,
        body: { message: "down" },
        times: Infinity,
      });
      assert.match(
        String(((await e.refresh()).error as Error | undefined)?.message),
        /stays in state/,
      );
      assert.deepEqual(e.held, held);
      emu.faults.clear();
      c.remove(emu, nameOf(inputs));
      assert.equal((await e.refresh()).action, "gone");
      e.held = held;
      assert.ifError((await e.destroy()).error);
    });

    it("never duplicates after a lost create answer: a PUT is repeated, a POST is not", async () => {
      const e = engine();
      const inputs = c.inputs(1);
      const before = c.count(emu);
      emu.faults.add({ route: c.createRoute as never, kind: "apply-then-reset" });
      assert.equal(await up(e, inputs), "create");
      if (c.idempotentCreate) assert.equal(creates(), 2, "the PUT was sent again");
      else assert.equal(creates(), 1, "the POST was not sent again; the object was found");
      assert.equal(c.count(emu), before + 1, "exactly one object");
      await holds(e, inputs);
    });

    it("says nothing was created when every create attempt failed before it applied", async () => {
      const e = engine();
      const inputs = c.inputs(1);
      const before = c.count(emu);
      emu.faults.add({
        route: c.createRoute as never,
        kind: "reset-before-response",
        times: Infinity,
      });
      const failed = await e.up(inputs);
      assert.match(String((failed.error as Error | undefined)?.message), /nothing was created/);
      if (c.idempotentCreate) assert.ok(creates() > 1, "the PUT was retried");
      else assert.equal(creates(), 1, "the POST was sent once");
      assert.equal(e.held, undefined, "no state");
      assert.equal(c.count(emu), before);
      emu.faults.clear();
      assert.equal(await up(e, inputs), "create");
      assert.equal(c.count(emu), before + 1);
    });

    it("takes over an object with the same natural key only with adoptExisting", async () => {
      const first = engine();
      const inputs = c.inputs(1);
      await up(first, inputs);
      const id = first.held!.id;
      const second = engine();
      const refused = await second.up(c.updated(inputs));
      assert.match(String((refused.error as Error | undefined)?.message), /adoptExisting: true/);
      assert.equal(second.held, undefined);
      const count = c.count(emu);
      assert.equal(await up(second, { ...c.updated(inputs), adoptExisting: true }), "create");
      assert.equal(second.held!.id, id, "the same object");
      assert.equal(c.count(emu), count, "nothing new");
      await holds(second, c.updated(inputs));
    });

    it("creates many objects of one zone at once, each exactly once", async () => {
      const engines = Array.from({ length: c.distinct ?? 8 }, () => engine());
      const before = c.count(emu);
      const results = await Promise.all(engines.map((e, i) => e.up(c.inputs(i + 1))));
      for (const r of results) assert.ifError(r.error);
      assert.equal(c.count(emu), before + engines.length);
    });

    it("names the plan's limit when the zone is full", async () => {
      c.fill(emu);
      const failed = await engine().up(c.inputs(1));
      assert.match(String((failed.error as Error | undefined)?.message), new RegExp(c.limitName));
    });
  });
}
