/**
 * A stack driven by the real Pulumi CLI, on a local file backend, against a fresh emulator,
 * with the package installed from its packed tarball as a user installs it. The CLI comes
 * from scripts/pulumi-cli.sh (built from Go modules and cached); without it a suite using
 * this is reported as pending, never as passed.
 */
import { existsSync } from "node:fs";
import { mkdtemp, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { homedir, tmpdir } from "node:os";
import * as path from "node:path";
import type * as automation from "@pulumi/pulumi/automation";
import { Emulator, startEmulator } from "../../src/emulator";
import { openStack } from "../../scripts/stack";
import { installPackedPackage, type InstalledProgram } from "./packed-package";

/** The package as a program imports it. */
export type Shield = typeof import("../../src");

/** Where scripts/pulumi-cli.sh caches the CLI, or PULUMI_CLI_ROOT. */
export function findCli(): string | undefined {
  const candidates = [
    process.env.PULUMI_CLI_ROOT,
    path.join(
      process.env.XDG_CACHE_HOME ?? path.join(homedir(), ".cache"),
      "bunnynet-shield-pulumi/cli-v3.248.0",
    ),
  ];
  return candidates.find((root) => root && existsSync(path.join(root, "bin/pulumi")));
}

/** A stack, its emulator and backend folder. */
export interface CliStack {
  stack: automation.Stack;
  emu: Emulator;
  backendDir: string;
  /** Removes the stack and stops the emulator. */
  close(): Promise<void>;
}

/**
 * The package installed in a program folder, loaded afresh: after an upgrade in that folder,
 * the new version (the modules of the earlier one are dropped from the require cache).
 */
export function loadInstalledPackage(installed: InstalledProgram): Shield {
  const packageDir = path.join(installed.dir, "node_modules", installed.packageName) + path.sep;
  for (const file of Object.keys(require.cache)) {
    if (file.startsWith(packageDir)) delete require.cache[file];
  }
  return createRequire(path.join(installed.dir, "package.json"))(installed.packageName) as Shield;
}

/** How {@link openCliStack} runs the program. */
export interface CliStackOptions {
  /** The package the program uses; by default this checkout, packed. */
  installed?: InstalledProgram;
  /** Wrap the program in the package's `inlineProgram`, as the README says; default true. */
  wrap?: boolean;
}

/**
 * Opens a stack named `name` whose program is `program(shield)`, `shield` being the package
 * installed in `options.installed`. Call it in a `before` hook: without the CLI it skips the
 * suite.
 */
export async function openCliStack(
  context: Mocha.Context,
  name: string,
  program: (shield: Shield) => automation.PulumiFn,
  { installed, wrap = true }: CliStackOptions = {},
): Promise<CliStack> {
  const cliRoot = findCli();
  if (!cliRoot) {
    console.log(
      "      Pulumi CLI not found: run scripts/pulumi-cli.sh (needs Go). This CLI suite is pending.",
    );
    context.skip();
  }
  installed ??= await installPackedPackage();
  const shield = loadInstalledPackage(installed);
  await writeFile(
    path.join(installed.dir, "Pulumi.yaml"),
    `name: shield-${name}\nruntime: nodejs\ndescription: test program\n`,
  );
  const emu = await startEmulator();
  const backendDir = await mkdtemp(path.join(tmpdir(), "shield-backend-"));
  const stack = await openStack({
    programDir: installed.dir,
    stackName: name,
    cliRoot: cliRoot!,
    backendUrl: `file://${backendDir}`,
    env: { PULUMI_HOME: path.join(backendDir, ".home"), PULUMI_CONFIG_PASSPHRASE: name },
    // As the README tells Automation API users; a release before inlineProgram runs bare.
    program: wrap && shield.inlineProgram ? shield.inlineProgram(program(shield)) : program(shield),
  });
  await stack.setAllConfig({
    "bunnynet:apiKey": { value: emu.apiKey, secret: true },
    "bunnynet:apiUrl": { value: emu.url },
  });
  return {
    stack,
    emu,
    backendDir,
    async close() {
      await stack.workspace.removeStack(name, { force: true }).catch(() => undefined);
      await emu.close();
    },
  };
}
