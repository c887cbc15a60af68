/**
 * Every resource kind under the real Pulumi CLI, in one stack: up, a no-op preview, an update,
 * refresh with drift made behind Pulumi's back, a replace, and a destroy that leaves the
 * emulator as it was before the first up (priors restored, owned objects gone). It asserts on
 * the engine's events and the emulator's request log.
 */
import { strict as assert } from "node:assert";
import type * as automation from "@pulumi/pulumi/automation";
import type { Emulator } from "../../src/emulator";
import { KINDS } from "../../src/resources/kit/registry";
import { openCliStack, type Shield } from "../support/cli-stack";
import { comparableState } from "../support/comparable-state";
import { CASES, nameOf, operations, type Props } from "../support/kind-cases";

describe("the real Pulumi CLI: every resource kind in one stack", function () {
  this.timeout(900_000);
  let emu: Emulator;
  let stack: automation.Stack;
  let close: (() => Promise<void>) | undefined;
  let step: "create" | "updated" | "replaced" = "create";
  let original: unknown;

  before(async function () {
    const program = (shield: Shield) => async () => {
      for (const kind of KINDS) {
        const c = CASES[kind];
        const Resource = shield[kind as keyof Shield] as unknown as new (
          name: string,
          args: Props,
        ) => unknown;
        new Resource(nameOf(kind), c[step]);
      }
    };
    const cli = await openCliStack(this, "kinds", program);
    ({ emu, stack, close } = cli);
    original = comparableState(emu.state.toJSON());
  });
  after(async () => {
    await close?.();
  });

  const writesTo = (routes: string[]) =>
    emu.requests.filter((r) => r.method !== "GET" && routes.includes(r.route ?? "")).length;
  const run = async (action: (events: automation.EngineEvent[]) => Promise<unknown>) => {
    const events: automation.EngineEvent[] = [];
    emu.resetRequests();
    await action(events);
    return operations(events);
  };

  it("up creates every kind, each writing through its routes", async () => {
    const ops = await run((events) => stack.up({ onEvent: (e) => events.push(e) }));
    for (const kind of KINDS) {
      assert.deepEqual(ops.get(nameOf(kind)), ["create"], kind);
      assert.ok(writesTo(CASES[kind].writes) > 0, `${kind} wrote`);
    }
  });

  it("a second preview plans nothing and writes nothing", async () => {
    const ops = await run((events) => stack.preview({ onEvent: (e) => events.push(e) }));
    for (const kind of KINDS) assert.deepEqual(ops.get(nameOf(kind)), ["same"], kind);
    assert.equal(emu.requests.filter((r) => r.method !== "GET").length, 0);
  });

  it("an update changes every kind in place", async () => {
    step = "updated";
    const ops = await run((events) => stack.up({ onEvent: (e) => events.push(e) }));
    for (const kind of KINDS) {
      assert.deepEqual(ops.get(nameOf(kind)), ["update"], kind);
      assert.ok(writesTo(CASES[kind].writes) > 0, `${kind} wrote`);
    }
  });

  it("refresh sees drift made behind Pulumi's back, and the next preview plans the way back", async () => {
    for (const c of Object.values(CASES)) c.drift(emu);
    const read = await run((events) => stack.refresh({ onEvent: (e) => events.push(e) }));
    for (const kind of KINDS) assert.deepEqual(read.get(nameOf(kind)), ["refresh"], kind);
    const ops = await run((events) => stack.preview({ onEvent: (e) => events.push(e) }));
    for (const kind of KINDS) assert.deepEqual(ops.get(nameOf(kind)), ["update"], kind);
    await stack.up();
  });

  it("a changed key replaces every kind, deleting first", async () => {
    step = "replaced";
    const ops = await run((events) => stack.up({ onEvent: (e) => events.push(e) }));
    for (const kind of KINDS) {
      const seen = ops.get(nameOf(kind)) ?? [];
      assert.ok(seen.includes("replace"), `${kind}: ${seen.join(", ")}`);
      assert.ok(seen.indexOf("delete-replaced") < seen.indexOf("create-replacement"), kind);
    }
  });

  it("destroy leaves the emulator as it was before the first up", async () => {
    const result = await stack.destroy();
    assert.equal(result.summary.resourceChanges?.delete, KINDS.length + 1);
    assert.deepEqual(comparableState(emu.state.toJSON()), original);
  });
});
