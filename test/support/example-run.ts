/** Runs scripts/stack.ts as `npm run example -- <command>` does, for the engine suites. */
import { execFile } from "node:child_process";
import * as path from "node:path";
import { promisify } from "node:util";
import { REPO } from "./packed-package";

const run = promisify(execFile);

/** Where a suite keeps its runs: a backend and Pulumi home under `work`, the emulator's state. */
export interface ExampleRuns {
  work: string;
  stateFile: string;
  /** The passphrase of the suite's stacks. */
  passphrase: string;
}

/**
 * Runs `command` of the example on `stack` (another program than examples/index.ts with
 * `programFile`) against the bundled emulator, whatever API key the environment has; returns
 * standard output, what a pull-request comment takes.
 */
export async function runExample(
  runs: ExampleRuns,
  command: string,
  stack: string,
  programFile?: string,
): Promise<string> {
  const { BUNNYNET_API_KEY: _key, BUNNYNET_API_URL: _url, ...env } = process.env;
  const { stdout } = await run(
    process.execPath,
    [
      "-r",
      "ts-node/register/transpile-only",
      "scripts/stack.ts",
      command,
      "--stack",
      stack,
      "--emulator-state",
      runs.stateFile,
      ...(programFile ? ["--program", programFile] : []),
    ],
    {
      cwd: REPO,
      maxBuffer: 64 * 1024 * 1024,
      env: {
        ...env,
        PULUMI_BACKEND_URL: `file://${path.join(runs.work, "backend")}`,
        PULUMI_HOME: path.join(runs.work, "home"),
        PULUMI_CONFIG_PASSPHRASE: runs.passphrase,
      },
    },
  );
  return stdout;
}
