/**
 * Stack frames that `util.inspect` can print. Node's `util.inspect(err, { colors: true })`
 * (what `@pulumi/pulumi/cmd/run` prints a program's unhandled error with) underlines the
 * module of each `node_modules` path in the stack; from Node 20.20 (and the 22 and 24 lines of
 * the same time) it loops, growing a string until it is too long, on a frame whose path names a
 * file right inside `node_modules/` or `node_modules/@scope/` (nodejs/node#64011, fixed by
 * nodejs/node#64022; Node 20 gets no more fixes). Source maps make such frames of
 * `@pulumi/pulumi`'s top-level modules: `output.js.map` names its source `../output.ts`, so
 * source-map-support (which cmd/run registers) and `--enable-source-maps` print an error raised
 * in an Output's apply with `node_modules/@pulumi/output.ts:516:25`, a file that does not
 * exist. Each such inspection took 15–40 s, most of it in the garbage collector, and cmd/run
 * makes two before falling back to no colors.
 *
 * At the package's load, {@link guardStackFrames} has the stack formatter in place write such a
 * frame as V8 does without source maps (`node_modules/@pulumi/pulumi/output.js:327:25`, the file
 * that ran); every other frame stays as the formatter wrote it.
 */
/** Marks the formatter {@link guardStackFrames} installed, across copies of this package. */
const GUARDED = Symbol.for("pulumi-bunnynet-shield.guardStackFrames");

type StackFormatter = (error: Error, frames: NodeJS.CallSite[]) => unknown;

/**
 * Whether `util.inspect` with colors loops on this stack line: it names a `node_modules`
 * segment after which the rest of the line lacks the separator ending the module's name (two
 * separators for a scoped `@scope/name`). The same walk as Node 20.20's `markNodeModules`.
 */
export function loopsInspect(line: string): boolean {
  let from = 0;
  for (;;) {
    const at = line.indexOf("node_modules", from);
    if (at === -1) return false;
    const separator = line[at - 1];
    const after = line[at + "node_modules".length];
    if ((separator !== "/" && separator !== "\\") || (after !== "/" && after !== "\\")) {
      from = at + 1;
      continue;
    }
    const start = at + "node_modules".length + 1;
    let end = line.indexOf(separator, start);
    if (end !== -1 && line[start] === "@") end = line.indexOf(separator, end + 1);
    if (end === -1) return true;
    from = end;
  }
}

/**
 * `stack`, as a formatter wrote it for `frames`, with each frame line on which
 * {@link loopsInspect} holds written as V8 writes that call site (unmapped). A formatter writes
 * one line per call site, last; a line that is not one of those, or whose call site is no
 * better, stays as it is.
 */
export function inspectableStack(stack: string, frames: readonly NodeJS.CallSite[]): string {
  if (!stack.includes("node_modules")) return stack;
  const lines = stack.split("\n");
  const first = lines.length - frames.length;
  if (first < 1) return stack;
  let changed = false;
  for (let i = first; i < lines.length; i++) {
    const line = lines[i];
    if (!line.startsWith("    at ") || !loopsInspect(line)) continue;
    const unmapped = `    at ${String(frames[i - first])}`;
    if (loopsInspect(unmapped)) continue;
    lines[i] = unmapped;
    changed = true;
  }
  return changed ? lines.join("\n") : stack;
}

/**
 * Wraps the installed `Error.prepareStackTrace` (source-map-support's, or Node's own) so that
 * the stacks it writes pass through {@link inspectableStack}. Once per process, whichever copy
 * of the package loads first; nothing when no formatter is installed (V8's own frames name the
 * files that ran). A formatter installed later replaces this one.
 */
export function guardStackFrames(): void {
  const installed = Error.prepareStackTrace as StackFormatter | undefined;
  if (typeof installed !== "function" || GUARDED in installed) return;
  const guarded = function (this: unknown, error: Error, frames: NodeJS.CallSite[]): unknown {
    const stack = installed.call(this, error, frames);
    if (typeof stack !== "string") return stack;
    try {
      return inspectableStack(stack, frames);
    } catch {
      return stack;
    }
  };
  Object.defineProperty(guarded, GUARDED, { value: true });
  Error.prepareStackTrace = guarded as typeof Error.prepareStackTrace;
}
