#!/usr/bin/env node
/**
 * `shield-emulator`: runs the emulator as its own process (e2e tests, the example stack).
 * Prints one JSON line `{"url","apiKey","pid"}` when ready, and stops cleanly (state saved)
 * on SIGINT or SIGTERM. Exit codes: 0 stopped by a signal, 1 failed, 2 bad command line.
 */
import { rmSync } from "node:fs";
import { parseCommandLine, USAGE, UsageError, type CliOptions } from "./cli-args";
import { writeJsonFileAtomically } from "./persistence";
import { startEmulator } from "./server";

async function main(): Promise<void> {
  let options: CliOptions | "help";
  try {
    options = parseCommandLine(process.argv.slice(2), process.env);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`shield-emulator: ${error.message}\n\n${USAGE}`);
    process.exit(2);
  }
  if (options === "help") {
    process.stdout.write(USAGE);
    return;
  }

  const emulator = await startEmulator(options.emulator);
  const ready = { url: emulator.url, apiKey: emulator.apiKey, pid: process.pid };
  const readyFile = options.readyFile;
  // Atomic, so that a process polling for the file never reads half of it.
  if (readyFile !== undefined) writeJsonFileAtomically(readyFile, ready);
  process.stdout.write(`${JSON.stringify(ready)}\n`);

  let stopping = false;
  const stop = (): void => {
    if (stopping) return;
    stopping = true;
    emulator
      .close()
      .then(() => {
        // A stale ready file would tell the next reader that an emulator is up.
        if (readyFile !== undefined) rmSync(readyFile, { force: true });
      })
      .catch((error: unknown) => {
        process.stderr.write(`shield-emulator: failed to stop cleanly: ${String(error)}\n`);
        process.exitCode = 1;
      });
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

main().catch((error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(`shield-emulator: ${message}\n`);
  process.exit(1);
});
