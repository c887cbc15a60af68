/**
 * The package as users get it: built, packed with `npm pack`, and installed into a
 * temporary Pulumi program folder with `npm install`. Done once per process.
 */
import { execFile } from "node:child_process";
import { mkdtemp, readFile, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);
export const REPO = path.resolve(__dirname, "../..");

/** A temporary program folder with the packed package installed. */
export interface InstalledProgram {
  /** The program folder; its node_modules holds the package. */
  dir: string;
  /** The package's name, as the program imports it. */
  packageName: string;
}

let installed: Promise<InstalledProgram> | undefined;
let packed: Promise<string> | undefined;
const npm = process.platform === "win32" ? "npm.cmd" : "npm";
const quiet = { cwd: REPO, maxBuffer: 16 * 1024 * 1024 };

/** Builds, packs and installs the package into a fresh program folder (memoized). */
export function installPackedPackage(): Promise<InstalledProgram> {
  return (installed ??= packPackage().then((tarball) => installIntoNewProgram(tarball)));
}

/** Builds this checkout and packs it with `npm pack`; the tarball's path (memoized). */
export function packPackage(): Promise<string> {
  return (packed ??= packFolder(REPO));
}

/**
 * Packs the package as it was at `commit` (a released version), for upgrade tests: its files
 * from git, compiled with this checkout's TypeScript and type packages.
 */
export async function packCommit(commit: string): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), "shield-release-"));
  await run("sh", ["-c", `git archive --format=tar ${commit} | tar -x -C "${dir}"`], quiet).catch(
    (error: unknown) => {
      throw new Error(
        `Cannot read commit ${commit} from this clone's history (a shallow clone?): ${String(error)}`,
      );
    },
  );
  await symlink(path.join(REPO, "node_modules"), path.join(dir, "node_modules"), "dir");
  return packFolder(dir);
}

async function packFolder(dir: string): Promise<string> {
  await run(npm, ["run", "--silent", "build"], { ...quiet, cwd: dir });
  const destination = await mkdtemp(path.join(tmpdir(), "shield-pack-"));
  const { stdout } = await run(npm, ["pack", "--silent", "--pack-destination", destination], {
    ...quiet,
    cwd: dir,
  });
  return path.join(destination, stdout.trim().split("\n").pop()!);
}

/** A fresh program folder with `tarball` and this checkout's `@pulumi/pulumi` installed. */
export async function installIntoNewProgram(tarball: string): Promise<InstalledProgram> {
  const dir = await mkdtemp(path.join(tmpdir(), "shield-program-"));
  await writeFile(
    path.join(dir, "package.json"),
    JSON.stringify({ name: "shield-test-program", private: true, main: "index.js" }),
  );
  const pulumiVersion = (
    JSON.parse(await readFile(require.resolve("@pulumi/pulumi/package.json"), "utf8")) as {
      version: string;
    }
  ).version;
  await installTarball(dir, tarball, `@pulumi/pulumi@${pulumiVersion}`);
  const { name } = JSON.parse(await readFile(path.join(REPO, "package.json"), "utf8")) as {
    name: string;
  };
  return { dir, packageName: name };
}

/** Installs packages into a program folder, as a user's `npm install` does. */
export async function installTarball(dir: string, ...specs: string[]): Promise<void> {
  await run(
    npm,
    ["install", "--prefer-offline", "--no-audit", "--no-fund", "--loglevel=error", ...specs],
    { ...quiet, cwd: dir },
  );
}

/** Runs a script with Node in the program folder, as a fresh process, and returns its stdout. */
export async function runInProgram(
  program: InstalledProgram,
  script: string,
  env: NodeJS.ProcessEnv = { PATH: process.env.PATH ?? "" },
): Promise<string> {
  const { stdout } = await run(process.execPath, ["-e", script], { cwd: program.dir, env });
  return stdout;
}

/**
 * The `__provider` text that a resource class (default `AccessListConfiguration`) produces in
 * an installed copy, captured under Pulumi's mocks in a fresh process run from the program folder.
 */
export async function serializedProviderText(
  program: InstalledProgram,
  className = "AccessListConfiguration",
  args: Record<string, unknown> = { shieldZoneId: 1001, configurationId: 100101, isEnabled: true },
): Promise<string> {
  const stdout = await runInProgram(
    program,
    `
    const pulumi = require("@pulumi/pulumi");
    pulumi.runtime.setMocks({
      newResource: (a) => { process.stdout.write(JSON.stringify(a.inputs.__provider)); return { id: "x", state: a.inputs }; },
      call: () => ({}),
    }, "project", "stack", false);
    const resources = require(${JSON.stringify(program.packageName)});
    new resources[${JSON.stringify(className)}]("probe", ${JSON.stringify(args)});
  `,
  );
  return JSON.parse(stdout) as string;
}
