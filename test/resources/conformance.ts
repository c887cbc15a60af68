/**
 * The conformance suite every kind of adopted settings passes, against the emulator and
 * through the provider's methods as the plugin calls them: check failures, a no-op diff,
 * adoption with priors, drift seen by read, gone, a failed read kept, an init failure that
 * converges, each `onDelete`, and a fault at each step followed by convergence.
 */
import { strict as assert } from "node:assert";
import type { Emulator, EmulatorOptions } from "../../src/emulator";
import { ShieldProvider, type Kind } from "../../src/resources";
import { covers, UNKNOWN_VALUE } from "../../src/resources/kit/values";
import { MiniEngine } from "../support/engine";
import { useKindProvider } from "../support/kind-provider";

type Props = Record<string, unknown>;

/** What the suite needs to know of one kind. */
export interface AdoptedCase {
  kind: Kind;
  /** The inputs that name the object. */
  keyFields: string[];
  emulator?: EmulatorOptions;
  /** Valid inputs whose managed values all differ from the live ones. */
  inputs(emu: Emulator): Props;
  /** Other values for the object `inputs` name, for an update. */
  updated(inputs: Props): Props;
  /** Bad inputs, and the properties whose check must fail. */
  bad: { inputs: Props; properties: string[] };
  /** The live values of every managed field, in the inputs' vocabulary, from the emulator's state. */
  live(emu: Emulator, inputs: Props): Props;
  /** Changes the live object behind Pulumi's back; says which output shows it and how. */
  drift(emu: Emulator, inputs: Props): { field: string; value: unknown };
  /** Makes the object disappear, so that the service answers a confirmed not-found. */
  remove(emu: Emulator, inputs: Props): void;
  /** The emulator's route names for reading and for writing the object. */
  readRoute: string;
  writeRoute: string;
  /** Write-only inputs (documents): written, never shown back, so not compared with live values. */
  writeOnly?: string[];
  /** Kind-specific `onDelete` modes: what each one leaves live, given the live values before. */
  deleteModes?: Record<string, (before: Props) => Props>;
}

/** Runs the suite for one kind. */
export function adoptedConformance(c: AdoptedCase): void {
  describe(`${c.kind}: conformance of adopted settings`, function () {
    this.timeout(60_000);
    let emu: Emulator;
    let provider: ShieldProvider;
    let engine: MiniEngine;
    const fixture = useKindProvider(c.kind, c.emulator);
    beforeEach(() => {
      ({ emu, provider } = fixture());
      engine = new MiniEngine(provider);
    });

    const writes = () => emu.requests.filter((r) => r.route === c.writeRoute).length;
    const up = async (inputs: Props) => {
      const result = await engine.up(inputs);
      assert.ifError(result.error);
      return result.action;
    };
    /** The managed values `inputs` declare, as `check` normalizes them (enum names). */
    const declared = async (inputs: Props): Promise<Props> => {
      const { inputs: normalized } = await provider.check({}, inputs);
      return Object.fromEntries(
        Object.entries(normalized).filter(
          ([k]) => !c.keyFields.includes(k) && k !== "onDelete" && !c.writeOnly?.includes(k),
        ),
      );
    };
    /** Asserts that the live object and the outputs hold what `inputs` declare. */
    const holds = async (inputs: Props) => {
      const wanted = await declared(inputs);
      // Every array input of an adopted kind is a set: `check` keeps the declared order.
      assert.ok(covers(c.live(emu, inputs), wanted, true), "the service holds the declared values");
      assert.ok(covers(engine.outputs, wanted, true), "the outputs show them");
    };

    it("check: one failure per bad property, each naming it, nothing sent", async () => {
      const result = await provider.check({}, c.bad.inputs);
      const failures = result.failures ?? [];
      assert.deepEqual(failures.map((f) => f.property).sort(), [...c.bad.properties].sort());
      for (const f of failures) assert.ok(f.reason.includes(f.property), f.reason);
      assert.equal(emu.requests.length, 0);
    });

    it("check: the engine's unknown value passes in every input", async () => {
      const inputs = c.inputs(emu);
      const unknown = Object.fromEntries(Object.keys(inputs).map((k) => [k, UNKNOWN_VALUE]));
      assert.equal((await provider.check({}, unknown)).failures, undefined);
    });

    it("adopts on create, keeps the priors of what it declares, then sees no change", async () => {
      const inputs = c.inputs(emu);
      const before = c.live(emu, inputs);
      assert.equal(await up(inputs), "create");
      await holds(inputs);
      const priors = engine.outputs.priors as Props;
      const wanted = await declared(inputs);
      assert.deepEqual(Object.keys(priors).sort(), Object.keys(wanted).sort(), "a prior per field");
      assert.ok(covers(before, priors), "the priors are the values before Pulumi");
      const count = writes();
      assert.equal(await up(inputs), "same");
      assert.equal(writes(), count, "a no-op run writes nothing");
    });

    it("shows drift on read, and puts the declared value back on the next run", async () => {
      const inputs = c.inputs(emu);
      await up(inputs);
      const { field, value } = c.drift(emu, inputs);
      assert.equal((await engine.refresh()).action, "read");
      assert.deepEqual(engine.outputs[field], value);
      assert.equal(await up(inputs), "update");
      await holds(inputs);
      assert.equal(await up(inputs), "same");
    });

    it("updates what changed, and restores every field it managed on delete", async () => {
      const inputs = c.inputs(emu);
      const before = c.live(emu, inputs);
      await up(inputs);
      const updated = c.updated(inputs);
      assert.equal(await up(updated), "update");
      await holds(updated);
      assert.ifError((await engine.destroy()).error);
      assert.deepEqual(c.live(emu, inputs), before);
    });

    it("reports a vanished object gone, and deletes one already gone", async () => {
      const inputs = c.inputs(emu);
      await up(inputs);
      const held = engine.held;
      c.remove(emu, inputs);
      assert.equal((await engine.refresh()).action, "gone");
      engine.held = held;
      assert.ifError((await engine.destroy()).error);
    });

    it("keeps the resource in state when a read fails", async () => {
      await up(c.inputs(emu));
      const held = engine.held;
      emu.faults.add({
        route: c.readRoute as never,
        status: 500,
        body: { message: "down" },
        times: Infinity,
      });
      const result = await engine.refresh();
      assert.match(String((result.error as Error | undefined)?.message), /stays in state/);
      assert.deepEqual(engine.held, held);
    });

    it("records an init failure with its priors when the first write fails, then converges", async () => {
      const inputs = c.inputs(emu);
      const before = c.live(emu, inputs);
      emu.faults.add({ route: c.writeRoute as never, status: 500, body: { message: "down" } });
      const failed = await engine.up(inputs);
      assert.ok(failed.error, "the create failed");
      assert.ok(engine.held?.outs.__provider, "an init failure keeps state, with __provider");
      assert.ok(covers(before, engine.outputs.priors), "and the priors");
      assert.equal(await up(inputs), "update");
      await holds(inputs);
      assert.ifError((await engine.destroy()).error);
      assert.deepEqual(c.live(emu, inputs), before);
    });

    it("converges after a fault at each step: create, update, delete", async () => {
      const inputs = c.inputs(emu);
      const before = c.live(emu, inputs);
      // The change is applied and its answer lost: the retry meets it already applied.
      emu.faults.add({ route: c.writeRoute as never, kind: "apply-then-reset" });
      await engine.up(inputs);
      assert.equal(await up(inputs), "same");
      await holds(inputs);
      const updated = c.updated(inputs);
      emu.faults.add({ route: c.writeRoute as never, status: 500, body: { message: "down" } });
      assert.ok((await engine.up(updated)).error, "the first update failed");
      assert.equal(await up(updated), "update");
      await holds(updated);
      emu.faults.add({ route: c.writeRoute as never, status: 500, body: { message: "down" } });
      assert.ok((await engine.destroy()).error, "the first delete failed");
      assert.ifError((await engine.destroy()).error);
      assert.deepEqual(c.live(emu, inputs), before);
    });

    it('onDelete "keep" leaves the service as Pulumi set it', async () => {
      const inputs = { ...c.inputs(emu), onDelete: "keep" };
      await up(inputs);
      const set = c.live(emu, inputs);
      const count = writes();
      assert.ifError((await engine.destroy()).error);
      assert.equal(writes(), count);
      assert.deepEqual(c.live(emu, inputs), set);
    });

    for (const [mode, expected] of Object.entries(c.deleteModes ?? {})) {
      it(`onDelete "${mode}"`, async () => {
        const inputs = { ...c.inputs(emu), onDelete: mode };
        const before = c.live(emu, inputs);
        await up(inputs);
        assert.ifError((await engine.destroy()).error);
        assert.ok(covers(c.live(emu, inputs), expected(before)));
      });
    }
  });
}
