/**
 * Automation API inline programs that fail, rather than delete, when a resource cannot be
 * registered.
 *
 * Why it is needed (`@pulumi/pulumi` 3.248, `automation/server.js`): an inline program's
 * language server tells the engine that the program is done (`disconnect(true)`, which waits
 * for the engine's steps, deletions included) before it looks at the errors the program
 * raised. A resource whose input failed (a data function's Output that rejected, say) is
 * never registered, so the engine deletes it, and an adopted one gets its priors written
 * back. And when a stack output refers to such a resource, its outputs never resolve and the
 * program never ends. `pulumi up` through the Node.js language host (`cmd/run`) is not
 * affected: there the process exits with an error and the engine deletes nothing.
 *
 * An inline program that is not wrapped still fails without deleting anything when the input
 * that failed is one of this package's resources: the kit registers such a resource with its
 * failure in place of the value ({@link unwrappedInlineProgram}), and its `check` refuses it,
 * which stops the engine before any delete, naming `inlineProgram`.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import * as pulumi from "@pulumi/pulumi";

/** Set while a program wrapped in {@link inlineProgram} runs (and in what it started). */
const wrapped = new AsyncLocalStorage<true>();

/**
 * Wraps an Automation API inline program (a `PulumiFn`) so that a failure while its resources
 * are registered (a data function that failed, an input that was refused, any error the
 * program left unhandled) fails the preview or update with nothing deleted and nothing
 * written, instead of letting the engine delete what could not be registered.
 *
 * It runs `program`, then waits until every registration has finished; the first unhandled
 * error ends the program there, before the engine is told it is done. The error itself is
 * shown once, by Pulumi, as the program's error.
 *
 * ```ts
 * const stack = await LocalWorkspace.createOrSelectStack({
 *   stackName: "prod",
 *   projectName: "shield",
 *   program: inlineProgram(async () => {
 *     // resources and data functions of pulumi-bunnynet-shield
 *   }),
 * });
 * ```
 *
 * Programs run by `pulumi up` itself (the Node.js language host) need no wrapper.
 *
 * @param program - The inline program; what it returns becomes the stack's outputs.
 * @returns A program to give the Automation API in place of `program`.
 */
export function inlineProgram<T>(program: () => T | Promise<T>): () => Promise<T> {
  return async () => {
    const watch = watchFailures();
    try {
      const outputs = await Promise.race([
        Promise.resolve().then(() => wrapped.run(true, program)),
        watch.failed,
      ]);
      // Outputs are returned only once nothing more can fail: the stack's outputs may
      // refer to a resource whose registration failed, and would then never resolve.
      await Promise.race([registrationsFinished(), watch.failed]);
      // A registration that failed calls its last RPC done before its rejection is seen as
      // unhandled, which Node reports only once the microtasks have run: give it that turn.
      await Promise.race([new Promise((resolve) => setImmediate(resolve)), watch.failed]);
      return outputs;
    } finally {
      watch.stop();
    }
  };
}

/**
 * The error of this wrapper. The failure itself has already been reported, once, by Pulumi's
 * handler of unhandled errors; this says only what became of the update. A `RunError`, so
 * that Pulumi prints its message without a stack that would point into this module.
 */
class ProgramStoppedError extends pulumi.RunError {
  constructor() {
    super(
      "The program stopped at the error above, before Pulumi was told it had finished: " +
        "nothing that failed to register was deleted. Fix the cause and run it again.",
    );
    this.name = "ProgramStoppedError";
  }
}

/** The first unhandled error of the process while the program runs, as a rejection. */
function watchFailures(): { failed: Promise<never>; stop(): void } {
  let fail!: () => void;
  const failed = new Promise<never>((_, reject) => {
    fail = () => reject(new ProgramStoppedError());
  });
  // Raced, never left unhandled itself.
  failed.catch(() => undefined);
  const onError = () => fail();
  process.on("unhandledRejection", onError);
  process.on("uncaughtException", onError);
  return {
    failed,
    stop() {
      process.off("unhandledRejection", onError);
      process.off("uncaughtException", onError);
    },
  };
}

/**
 * Resolves once every resource registration and invoke the program started has finished,
 * including those started meanwhile. `waitForRPCs` is what the SDK itself awaits before it
 * disconnects; it is exported by `@pulumi/pulumi/runtime` but left out of its typings.
 */
function registrationsFinished(): Promise<void> {
  const runtime = pulumi.runtime as unknown as { waitForRPCs?: () => Promise<void> };
  if (typeof runtime.waitForRPCs !== "function") {
    throw new Error(
      "inlineProgram: this version of @pulumi/pulumi has no runtime.waitForRPCs; " +
        "use @pulumi/pulumi ~3.248, which this package is tested with",
    );
  }
  return runtime.waitForRPCs();
}

/**
 * True while an Automation API inline program runs that is not wrapped in
 * {@link inlineProgram}: the Automation API's language server (and a component provider's
 * `construct`) runs each program in a local store of `@pulumi/pulumi`'s runtime state, which
 * `pulumi up`'s language host (`cmd/run`) and Pulumi's mocks do not. There a resource whose
 * input failed would be left unregistered and then deleted, so the kit registers it with the
 * failure instead. False when the runtime has no such store.
 *
 * @internal
 */
export function unwrappedInlineProgram(): boolean {
  // What `runtime/state`'s getLocalStore reads (as of 3.248): one store for every copy of the
  // SDK in the process. Not imported: the plugin's bundle would carry a second copy of it.
  const runs = (globalThis as { asyncLocalStorage?: { getStore(): unknown } }).asyncLocalStorage;
  if (typeof runs?.getStore !== "function") return false;
  return runs.getStore() !== undefined && wrapped.getStore() === undefined;
}
