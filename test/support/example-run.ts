/** Runs scripts/stack.ts as `npm run example -- <command>` does, for the engine suites. */
import { strict as assert } from "node:assert";
import { execFile } from "node:child_process";
import { copyFile, mkdir, readFile, symlink, writeFile } from "node:fs/promises";
import * as path from "node:path";
import { promisify } from "node:util";
import { REPO } from "./packed-package";

const EXAMPLES = path.join(REPO, "examples");

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
 * `programFile`) against the bundled emulator, whatever API key the environment has, or against
 * the service `target` names; returns standard output, what a pull-request comment takes.
 */
export async function runExample(
  runs: ExampleRuns,
  command: string,
  stack: string,
  programFile?: string,
  extraArgs: readonly string[] = [],
  target?: { apiKey: string; apiUrl: string },
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
      ...extraArgs,
    ],
    {
      cwd: REPO,
      maxBuffer: 64 * 1024 * 1024,
      env: {
        ...env,
        PULUMI_BACKEND_URL: `file://${path.join(runs.work, "backend")}`,
        PULUMI_HOME: path.join(runs.work, "home"),
        PULUMI_CONFIG_PASSPHRASE: runs.passphrase,
        ...(target ? { BUNNYNET_API_KEY: target.apiKey, BUNNYNET_API_URL: target.apiUrl } : {}),
      },
    },
  );
  return stdout;
}

/**
 * A copy of the example program in `work/name` with `changes` (text → replacement) made, beside
 * its files and with the example's node_modules; returns the program file.
 */
export async function changedExample(
  work: string,
  name: string,
  changes: ReadonlyArray<readonly [string, string]>,
): Promise<string> {
  const dir = path.join(work, name);
  await mkdir(dir, { recursive: true });
  let text = await readFile(path.join(EXAMPLES, "index.ts"), "utf8");
  for (const [from, to] of changes) {
    assert.ok(text.includes(from), `the example no longer has ${from}`);
    text = text.replace(from, to);
  }
  await writeFile(path.join(dir, "index.ts"), text);
  for (const file of ["blocked.html", "openapi.yaml"]) {
    await copyFile(path.join(EXAMPLES, file), path.join(dir, file));
  }
  await symlink(path.join(EXAMPLES, "node_modules"), path.join(dir, "node_modules"), "dir");
  return path.join(dir, "index.ts");
}
