/**
 * `inlineProgram`, under Pulumi's mocks: a registration that fails (an input that rejected)
 * fails the program before it returns, and a good program returns its outputs only once every
 * registration has finished. Without the wrapper, in an inline program, a resource of this
 * package whose input failed is registered with the failure, which its `check` refuses. The
 * real CLI's side is test/engine/cli-failed-lookup.test.ts.
 */
import { strict as assert } from "node:assert";
import * as pulumi from "@pulumi/pulumi";
import { AccessListConfiguration, getAccessListsOutput, inlineProgram } from "../../src";
import { providerFor } from "../../src/resources/kit/resource";
import { useMocks, Zone } from "../functions/helpers";
import { declareUnderMocks, type Registration } from "../support/mocked-classes";

/** A resource with one input, to register with a value that may reject. */
class Named extends pulumi.CustomResource {
  constructor(name: string, label: pulumi.Input<string>) {
    super("test:shield:Named", name, { label });
  }
}

/**
 * Runs `body` with the process's own handlers of unhandled errors set aside (mocha's would
 * fail the test on the rejection that Pulumi leaves unhandled by design), as Pulumi's
 * language server has them.
 */
async function withoutProcessHandlers<T>(body: () => Promise<T>): Promise<T> {
  const rejections = process.listeners("unhandledRejection");
  const exceptions = process.listeners("uncaughtException");
  process.removeAllListeners("unhandledRejection");
  process.removeAllListeners("uncaughtException");
  // What Pulumi's language server does with them: note them, do not crash.
  const note = () => undefined;
  process.on("unhandledRejection", note);
  try {
    return await body();
  } finally {
    process.off("unhandledRejection", note);
    for (const listener of rejections) process.on("unhandledRejection", listener);
    for (const listener of exceptions) process.on("uncaughtException", listener);
  }
}

describe("inlineProgram", () => {
  const start = useMocks("inline-program", { zoneId: 7 });

  it("fails the program when an input of a resource rejects, before returning", async () => {
    await start(false);
    const outcome = await withoutProcessHandlers(() =>
      inlineProgram(() => {
        const lookup = Promise.reject(new Error("getAccessLists: 503"));
        const named = new Named("tor", lookup);
        return { label: named.urn };
      })().then(
        () => "returned",
        (error: Error) => error,
      ),
    );
    assert.ok(outcome instanceof Error, "the program failed");
    assert.equal(outcome.name, "ProgramStoppedError");
    assert.match(outcome.message, /nothing that failed to register was deleted/);
    assert.ok(pulumi.RunError.isInstance(outcome), "printed without a stack");
  });

  it("fails the program when its own code leaves an error unhandled", async () => {
    await start(false);
    const outcome = await withoutProcessHandlers(() =>
      inlineProgram(async () => {
        void Promise.reject(new Error("a forgotten promise"));
        await new Promise((resolve) => setTimeout(resolve, 20));
        return {};
      })().then(
        () => "returned",
        (error: Error) => error.name,
      ),
    );
    assert.equal(outcome, "ProgramStoppedError");
  });

  it("returns the outputs once every registration has finished", async () => {
    await start(false);
    // The engine answers this registration late: the program must wait for it.
    const registered: string[] = [];
    await pulumi.runtime.setMocks(
      {
        newResource: async (args) => {
          await new Promise((resolve) => setTimeout(resolve, 50));
          registered.push(args.name);
          return { id: `${args.name}-id`, state: {} };
        },
        call: (args) => args.inputs,
      },
      "inline-program",
      "update",
      false,
    );
    const outputs = await withoutProcessHandlers(
      inlineProgram(() => {
        const zone = new Zone("zone");
        return { zoneId: zone.zoneId };
      }),
    );
    assert.deepEqual(registered, ["zone"], "registered before the program returned");
    assert.ok(pulumi.Output.isInstance(outputs.zoneId));
  });

  it("leaves no handler behind", async () => {
    const before = process.listenerCount("unhandledRejection");
    await start(false);
    await inlineProgram(() => ({}))();
    assert.equal(process.listenerCount("unhandledRejection"), before);
  });
});

/** What the Automation API's language server runs a program in: a local store of Pulumi's state. */
function asAutomationRuns<T>(body: () => Promise<T>): Promise<T> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const state = require("@pulumi/pulumi/runtime/state") as {
    withLocalStorage<R>(callback: () => Promise<R>): Promise<R>;
  };
  return state.withLocalStorage(body);
}

/** Resolves once every registration and invoke started has finished (what the server awaits). */
function rpcsFinished(): Promise<void> {
  return (pulumi.runtime as unknown as { waitForRPCs(): Promise<void> }).waitForRPCs();
}

/**
 * The README's pattern, its listing failing at once (a closed port): a configuration whose
 * `configurationId` comes from `getAccessListsOutput`. Returns what was registered once every
 * registration has finished.
 */
async function failedLookup(
  preview: boolean,
  wrap: (program: () => object) => () => unknown = (program) => program,
): Promise<{ registrations: Registration[]; outcome: unknown }> {
  const { value, registrations } = await declareUnderMocks(preview, async () => {
    const program = wrap(() => {
      const lists = getAccessListsOutput(
        { shieldZoneId: 1001 },
        { apiKey: "k", apiUrl: "http://127.0.0.1:9", maxRetries: 0 },
      );
      const tor = new AccessListConfiguration("block-tor", {
        shieldZoneId: 1001,
        configurationId: lists.byCategory.TorExitNodes.configurationId,
        isEnabled: true,
        action: "Challenge",
      });
      return { torAction: tor.action };
    });
    const outcome = await Promise.resolve()
      .then(program)
      .then(
        () => "returned",
        (error: Error) => error,
      );
    await rpcsFinished();
    return outcome;
  });
  return { registrations, outcome: value };
}

describe("an inline program not wrapped in inlineProgram", () => {
  for (const preview of [false, true]) {
    it(`registers a configuration whose lookup failed with the failure, which check refuses (${preview ? "preview" : "update"})`, async () => {
      const { registrations } = await withoutProcessHandlers(() =>
        asAutomationRuns(() => failedLookup(preview)),
      );
      const tor = registrations.find((r) => r.name === "block-tor");
      assert.ok(tor, "the configuration was registered, not left to be deleted");
      const failure = tor.inputs.configurationId as Record<string, unknown>;
      assert.match(String(failure.__failedInput), /^getAccessLists for shield zone 1001: /);
      assert.equal(tor.inputs.action, "Challenge", "the other inputs as given");

      const check = await providerFor("AccessListConfiguration").check({}, tor.inputs);
      assert.equal(check.failures?.length, 1, JSON.stringify(check.failures));
      const [refused] = check.failures!;
      // Named in the reason, not as the property: the engine would print the value (the
      // error) again beside it.
      assert.equal(refused.property, "");
      assert.match(
        refused.reason,
        /^configurationId failed .*: getAccessLists for shield zone 1001: /,
      );
      assert.match(refused.reason, /nothing is deleted/);
      assert.match(refused.reason, /inlineProgram/);
    });
  }

  it("leaves such a configuration unregistered outside the Automation API (pulumi up, mocks)", async () => {
    const { registrations } = await withoutProcessHandlers(() => failedLookup(false));
    assert.deepEqual(
      registrations.map((r) => r.name),
      [],
      "as before: the program's error stops pulumi up, and a test under mocks sees it",
    );
  });

  it("leaves it to inlineProgram when the program is wrapped", async () => {
    const { registrations, outcome } = await withoutProcessHandlers(() =>
      asAutomationRuns(() => failedLookup(false, inlineProgram)),
    );
    assert.equal((outcome as Error).name, "ProgramStoppedError");
    assert.deepEqual(
      registrations.map((r) => r.name),
      [],
    );
  });
});
