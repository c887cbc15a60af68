/**
 * Runs a Pulumi program of this repository through the real Pulumi CLI, with the
 * Automation API in inline mode: the Node process serves the language runtime to
 * the CLI, so no separate Node.js language host is needed (the module proxy here
 * does not serve it; see scripts/pulumi-cli.sh).
 *
 * As a command, it is the README's main job:
 *   npx ts-node scripts/stack.ts [up|preview|refresh|destroy] [--stack dev] [--emulator-state <file>]
 *     [--program <file>]   (another program than examples/index.ts, e.g. a changed copy of it)
 *     [--policy-pack <folder>] [--policy-pack-config <file>]   (up and preview; see docs/policy.md)
 * It installs the packed package into examples/ as a user would, builds or reuses
 * the Pulumi CLI, and, when no API key is configured, runs the bundled emulator as
 * its own process with a state file, for the length of the command.
 */
import { ChildProcess, execFile, spawn } from "node:child_process";
import { createRequire } from "node:module";
import { mkdirSync, renameSync, rmSync } from "node:fs";
import * as path from "node:path";
import * as readline from "node:readline";
import { promisify } from "node:util";
import type * as automation from "@pulumi/pulumi/automation";

const run = promisify(execFile);
const REPO = path.resolve(__dirname, "..");
const EXAMPLES = path.join(REPO, "examples");

/** How to open a stack. */
export interface StackOptions {
  /** The program folder: its node_modules holds the package and @pulumi/pulumi. */
  programDir: string;
  /** The folder with Pulumi.yaml; default `programDir`. */
  projectDir?: string;
  stackName: string;
  /** The program, run in this process; it must use `programDir`'s copies of the packages. */
  program: automation.PulumiFn;
  /** Backend URL, e.g. `file:///path/to/state`. */
  backendUrl: string;
  /** The folder holding `bin/pulumi`. */
  cliRoot: string;
  /** Environment for the CLI and its plugins. */
  env?: Record<string, string>;
}

/** Opens (creating if needed) a stack driven by the real CLI, using `programDir`'s Automation API. */
export async function openStack(options: StackOptions): Promise<automation.Stack> {
  // The Automation API must come from the same @pulumi/pulumi copy as the program's
  // resources, or they register with another copy's runtime and never reach the engine.
  const programRequire = createRequire(path.join(options.programDir, "package.json"));
  const auto = programRequire("@pulumi/pulumi/automation") as typeof automation;
  const binDir = path.join(options.cliRoot, "bin");
  const envVars = {
    PULUMI_SKIP_UPDATE_CHECK: "1",
    PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "1",
    PULUMI_CONFIG_PASSPHRASE: process.env.PULUMI_CONFIG_PASSPHRASE ?? "",
    PULUMI_BACKEND_URL: options.backendUrl,
    // The CLI built here has no Node.js language host: a Node policy pack runs through our
    // stand-in analyzer (scripts/pulumi-analyzer-policy-nodejs), found on PATH.
    PATH: [binDir, path.join(REPO, "scripts"), process.env.PATH ?? ""].join(path.delimiter),
    ...options.env,
  };
  const pulumiCommand = await auto.PulumiCommand.get({
    root: options.cliRoot,
    skipVersionCheck: true,
  });
  const projectDir = options.projectDir ?? options.programDir;
  const workspace = await auto.LocalWorkspace.create({
    workDir: projectDir,
    envVars,
    pulumiCommand,
  });
  const { name } = await workspace.projectSettings();
  return auto.LocalWorkspace.createOrSelectStack(
    { stackName: options.stackName, projectName: name, program: options.program },
    { workDir: projectDir, envVars, pulumiCommand },
  );
}

/**
 * Builds the Pulumi CLI, or reuses the cached build, and returns its root folder. The first build
 * takes minutes: `say` gets what it is doing, then a line every `heartbeatMs` while it lasts.
 */
export async function pulumiCliRoot(
  say: (line: string) => void = () => undefined,
  heartbeatMs = 30_000,
): Promise<string> {
  const child = spawn("bash", [path.join(REPO, "scripts/pulumi-cli.sh")], {
    cwd: REPO,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  const started = Date.now();
  let phase = "";
  let downloaded = 0;
  readline.createInterface({ input: child.stderr }).on("line", (line) => {
    if (line.startsWith("go: downloading ")) downloaded++;
    const step = /^pulumi-cli\.sh: (.*)$/.exec(line)?.[1];
    if (step) say(`  ${(phase = step)}`);
  });
  const heartbeat = setInterval(() => {
    const elapsed = Math.round((Date.now() - started) / 1000);
    say(
      `  ... ${Math.floor(elapsed / 60)} min ${elapsed % 60} s: ${phase}${downloaded > 0 ? ` (${downloaded} modules downloaded)` : ""}`,
    );
  }, heartbeatMs);
  try {
    const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
    if (code !== 0) throw new Error(`scripts/pulumi-cli.sh failed (exit code ${code})`);
  } finally {
    clearInterval(heartbeat);
  }
  return path.dirname(stdout.trim().split("\n").pop()!);
}

/**
 * What to print for a failed command: the CLI's own `error:` lines, once. The Automation API
 * wraps them (`code:`, `stdout:`, `stderr:`, `err?:`) and repeats them; anything else is
 * printed as its message.
 */
export function failureText(error: unknown): string {
  const stderr = (error as { commandResult?: { stderr?: unknown } } | null)?.commandResult?.stderr;
  if (typeof stderr === "string") {
    const lines = [...new Set(stderr.split("\n").filter((line) => line.startsWith("error: ")))];
    if (lines.length > 0) return lines.join("\n");
  }
  return error instanceof Error ? error.message : String(error);
}

/** Builds and packs the package, and installs it into examples/ as a user's program would. */
export async function installIntoExamples(): Promise<void> {
  const out = path.join(EXAMPLES, ".package");
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const quiet = { cwd: REPO, maxBuffer: 16 * 1024 * 1024 };
  await run("npm", ["run", "--silent", "build"], quiet);
  const { stdout } = await run("npm", ["pack", "--silent", "--pack-destination", out], quiet);
  renameSync(
    path.join(out, stdout.trim().split("\n").pop()!),
    path.join(out, "pulumi-bunnynet-shield.tgz"),
  );
  // npm keeps an installed copy of the same version even when the tarball changed: drop it.
  rmSync(path.join(EXAMPLES, "node_modules", "pulumi-bunnynet-shield"), {
    recursive: true,
    force: true,
  });
  await run(
    "npm",
    [
      "install",
      "--no-package-lock",
      "--prefer-offline",
      "--no-audit",
      "--no-fund",
      "--loglevel=error",
    ],
    { ...quiet, cwd: EXAMPLES },
  );
}

/** A running emulator process. */
export interface EmulatorProcess {
  url: string;
  apiKey: string;
  stop(): Promise<void>;
}

/** Starts the installed package's emulator as its own process, keeping its state in `stateFile`. */
export async function startEmulatorProcess(
  programDir: string,
  stateFile: string,
): Promise<EmulatorProcess> {
  const cli = require.resolve("pulumi-bunnynet-shield/dist/emulator/cli.js", {
    paths: [programDir],
  });
  mkdirSync(path.dirname(stateFile), { recursive: true });
  const child: ChildProcess = spawn(
    process.execPath,
    [cli, "--port", "0", "--state-file", stateFile],
    {
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  const lines = readline.createInterface({ input: child.stdout! });
  const first = await new Promise<string>((resolve, reject) => {
    lines.once("line", resolve);
    child.once("exit", (code) => reject(new Error(`the emulator exited with code ${code}`)));
  });
  lines.close();
  const { url, apiKey } = JSON.parse(first) as { url: string; apiKey: string };
  return {
    url,
    apiKey,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}

const COMMANDS = ["up", "preview", "refresh", "destroy"] as const;

async function main(argv: string[]): Promise<void> {
  const option = (name: string) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : undefined);
  // The command is the first word that is neither an option nor an option's value.
  const command = (argv.find((a, i) => !a.startsWith("-") && !argv[i - 1]?.startsWith("--")) ??
    "up") as (typeof COMMANDS)[number];
  if (!COMMANDS.includes(command)) {
    throw new Error(
      `unknown command ${JSON.stringify(command)}; use one of ${COMMANDS.join(", ")}`,
    );
  }
  const stackName = option("--stack") ?? "dev";
  console.log("Installing the packed package into examples/ ...");
  await installIntoExamples();
  console.log("Building or reusing the Pulumi CLI ...");
  const cliRoot = await pulumiCliRoot((line) => console.log(line));

  // A program elsewhere must find this package and @pulumi/pulumi in examples/node_modules.
  const programFile = path.resolve(option("--program") ?? path.join(EXAMPLES, "index.ts"));
  const stateDir = path.join(REPO, ".pulumi");
  mkdirSync(stateDir, { recursive: true });
  const stack = await openStack({
    programDir: EXAMPLES,
    projectDir: REPO,
    stackName,
    cliRoot,
    backendUrl: process.env.PULUMI_BACKEND_URL ?? `file://${stateDir}`,
    // The inline program runs in this process: load the example afresh each time. The
    // installed package's inlineProgram makes a failed registration fail the run, not delete.
    program: installedPackage(EXAMPLES).inlineProgram(async () => {
      delete require.cache[programFile];
      return { ...(createRequire(programFile)(programFile) as Record<string, unknown>) };
    }),
  });
  const configured =
    Boolean(process.env.BUNNYNET_API_KEY) ||
    (await stack.getConfig("bunnynet:apiKey").then(
      () => true,
      () => false,
    ));
  let emulator: EmulatorProcess | undefined;
  if (!configured) {
    const stateFile = option("--emulator-state") ?? path.join(REPO, ".emulator", "state.json");
    emulator = await startEmulatorProcess(EXAMPLES, path.resolve(stateFile));
    console.log(`No API key configured: using the bundled emulator at ${emulator.url}`);
    // Both the CLI's plugins and this process (where the functions run) need them.
    process.env.BUNNYNET_API_KEY = emulator.apiKey;
    process.env.BUNNYNET_API_URL = emulator.url;
    Object.assign((stack.workspace as automation.LocalWorkspace).envVars, {
      BUNNYNET_API_KEY: emulator.apiKey,
      BUNNYNET_API_URL: emulator.url,
    });
  }
  try {
    const onOutput = (text: string) => process.stdout.write(text);
    const pack = option("--policy-pack");
    const packConfig = option("--policy-pack-config");
    const policy = {
      ...(pack ? { policyPacks: [path.resolve(pack)] } : {}),
      ...(packConfig ? { policyPackConfigs: [path.resolve(packConfig)] } : {}),
    };
    if (command === "up") {
      const result = await stack.up({ onOutput, ...policy });
      console.log(JSON.stringify(outputValues(result.outputs), null, 2));
    } else if (command === "preview") await stack.preview({ onOutput, diff: true, ...policy });
    else if (command === "refresh") await stack.refresh({ onOutput });
    else await stack.destroy({ onOutput });
  } finally {
    await emulator?.stop();
  }
}

/** The package as installed in `programDir`, as its programs load it. */
function installedPackage(programDir: string): typeof import("../src") {
  return createRequire(path.join(programDir, "package.json"))("pulumi-bunnynet-shield");
}

function outputValues(outputs: automation.OutputMap): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(outputs).map(([k, v]) => [k, v.secret ? "[secret]" : v.value]),
  );
}

if (require.main === module) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    console.error(failureText(error));
    process.exit(1);
  });
}
