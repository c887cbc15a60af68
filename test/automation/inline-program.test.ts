/**
 * `inlineProgram`, under Pulumi's mocks: a registration that fails (an input that rejected)
 * fails the program before it returns, and a good program returns its outputs only once every
 * registration has finished. The real CLI's side is test/engine/cli-failed-lookup.test.ts.
 */
import { strict as assert } from "node:assert";
import * as pulumi from "@pulumi/pulumi";
import { inlineProgram } from "../../src";
import { useMocks, Zone } from "../functions/helpers";

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
