/**
 * A data function that fails during `up`, under the real Pulumi CLI (issue: a failed lookup
 * deleted what used its output). The README's pattern: a zone, `getAccessListsOutput`, and an
 * `AccessListConfiguration` taking the list found by category. After a good `up`, the listing
 * fails (503 past every retry): the next `up` must fail with the function's error, shown once,
 * with no delete, no write and no hang, also when a stack output refers to the resource. The
 * same program not wrapped in `inlineProgram` must fail the same way, within a bounded time,
 * with an error that names `inlineProgram`.
 */
import { strict as assert } from "node:assert";
import type * as automation from "@pulumi/pulumi/automation";
import type { Emulator } from "../../src/emulator";
import { openCliStack, type Shield } from "../support/cli-stack";

const TYPE = "pulumi-nodejs:dynamic/bunnynet:AccessListConfiguration";

/** The README's program; `exportIt` adds a stack output that refers to the configuration. */
function readmeProgram(shield: Shield, exportIt: () => boolean): automation.PulumiFn {
  return async () => {
    const zone = new shield.ShieldZone("site", { pullZoneId: 501001, wafEnabled: true });
    const lists = shield.getAccessListsOutput({ shieldZoneId: zone.shieldZoneId });
    const tor = new shield.AccessListConfiguration("block-tor", {
      shieldZoneId: zone.shieldZoneId,
      configurationId: lists.byCategory.TorExitNodes.configurationId,
      isEnabled: true,
      action: "Challenge",
    });
    return exportIt() ? { torAction: tor.action } : {};
  };
}

/** The sentence that says what became of the update, wrapped in `inlineProgram`. */
const WRAPPED = /nothing that failed to register was deleted/;

/** Not wrapped: the check failure of the configuration that took the function's output. */
const UNWRAPPED = /configurationId failed in the program[^]*nothing is deleted[^]*inlineProgram/;

failedLookupSuite("a data function failing during up, under the real CLI", true, WRAPPED);
failedLookupSuite(
  "a data function failing during up in an inline program without inlineProgram, under the real CLI",
  false,
  UNWRAPPED,
);

function failedLookupSuite(title: string, wrap: boolean, outcome: RegExp): void {
  describe(title, function () {
    this.timeout(600_000);
    let emu: Emulator;
    let stack: automation.Stack;
    let close: (() => Promise<void>) | undefined;
    let exported = false;

    before(async function () {
      const opened = await openCliStack(
        this,
        wrap ? "failed-lookup" : "failed-lookup-bare",
        (shield) => readmeProgram(shield, () => exported),
        { wrap },
      );
      ({ emu, stack, close } = opened);
      await stack.up();
    });
    after(async () => close?.());

    const writes = (since: number) =>
      emu.requests.slice(since).filter((r) => r.method !== "GET" && r.route !== null);
    const torAction = () => {
      const list = emu.state.zone(1001)!.managedLists.find((l) => l.category === 8)!; // TorExitNodes
      return list.action;
    };

    /**
     * Runs `up` (or `preview`) with the listing failing; returns its error, the events and the
     * writes sent.
     */
    async function failingUp(command: "up" | "preview" = "up") {
      const fault = emu.faults.add({ route: "listAccessLists", status: 503, times: Infinity });
      const since = emu.requests.length;
      const events: automation.EngineEvent[] = [];
      const started = Date.now();
      let timer: NodeJS.Timeout | undefined;
      const hang = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`${command} hung for 120 s`)), 120_000);
      });
      try {
        const error = await Promise.race([
          stack[command]({ onEvent: (e) => events.push(e) }).then(
            () => assert.fail(`${command} succeeded though the lookup failed`),
            (e: unknown) => e as Error & { commandResult?: { stderr: string; stdout: string } },
          ),
          hang,
        ]);
        console.log(
          `      (${command} failed after ${((Date.now() - started) / 1000).toFixed(1)} s)`,
        );
        return { error, events, writes: writes(since) };
      } finally {
        clearTimeout(timer);
        fault.remove();
      }
    }

    function assertFailedCleanly(run: Awaited<ReturnType<typeof failingUp>>) {
      const ops = run.events
        .map((e) => e.resourcePreEvent?.metadata)
        .filter((m) => m?.type === TYPE)
        .map((m) => m!.op);
      assert.deepEqual(
        ops.filter((op) => op !== "same"),
        [],
        "no step on the configuration",
      );
      assert.deepEqual(run.writes, [], "no write reached the service");
      assert.equal(torAction(), 3, "the live action is still Challenge (3)");
      // The CLI lists each of the program's errors under "Diagnostics:" (and, as they come, in
      // the progress lines above it).
      const result = run.error.commandResult;
      const output = `${result?.stdout ?? ""}\n${result?.stderr ?? ""}`;
      const start = output.indexOf("\nDiagnostics:");
      assert.ok(start >= 0, `the CLI printed its diagnostics:\n${output}`);
      const diagnostics = output.slice(start, output.indexOf("\nResources:", start));
      const shown = diagnostics.split("getAccessLists for shield zone 1001").length - 1;
      assert.equal(shown, 1, `the function's error is shown once:\n${output}`);
      assert.match(diagnostics, outcome);
    }

    it("fails the update: no delete, no write, the error shown once", async () => {
      exported = false;
      assertFailedCleanly(await failingUp());
    });

    it("fails the update without hanging when a stack output refers to the resource", async () => {
      exported = true;
      assertFailedCleanly(await failingUp());
    });

    it("fails the preview without hanging when a stack output refers to the resource", async () => {
      exported = true;
      assertFailedCleanly(await failingUp("preview"));
    });

    it("converges once the lookup answers again", async () => {
      exported = false;
      const since = emu.requests.length;
      const events: automation.EngineEvent[] = [];
      await stack.up({ onEvent: (e) => events.push(e) });
      assert.deepEqual(writes(since), []);
      assert.equal(torAction(), 3);
    });
  });
}
