/**
 * `npm run release -- --dry-run [--out <dir>]`: every artifact of a release, built into one
 * folder (default `dist/release`) and published nowhere. `.github/workflows/release.yml` runs
 * the same on a `v*` tag, then publishes what it wrote.
 *
 *   npm/      the provider package (`npm pack` of this repository) and the Node.js SDK
 *             (`sdk/nodejs` built to JavaScript in a temporary copy, then `npm pack`)
 *   python/   the Python SDK's sdist and wheel (`python -m build` on a temporary copy of
 *             `sdk/python`, in a throwaway virtual environment with PyPI's `build`)
 *   plugin/   the plugin archives and their checksum file (`npm run plugin -- --all-platforms`)
 *   release.json  what was built: {@link Manifest}
 *
 * The Go SDK is not an artifact: its release is a tag of this repository
 * ({@link Manifest.goTag}). It is checked to build and vet at its module path here.
 *
 * Nothing is written into the repository but `dist/` (`npm run build`, and the default
 * folder). Needs Go and Python 3 with `venv`; PyPI's `build` is installed into the throwaway
 * environment.
 */
import { execFileSync } from "node:child_process";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { goEnv } from "./go-env";

const ROOT = path.resolve(__dirname, "..");
const npm = process.platform === "win32" ? "npm.cmd" : "npm";

/** What a dry run built, written to `release.json` in its folder; paths relative to it. */
export interface Manifest {
  /** package.json's version, without a `v`: every artifact's. */
  version: string;
  /** The npm tarballs: the provider package, then the Node.js SDK. */
  npm: { provider: string; sdk: string };
  /** The Python sdist and wheel. */
  python: { sdist: string; wheel: string };
  /** The plugin archives and, when every platform was built, their checksum file. */
  plugin: { archives: string[]; checksums: string };
  /** The Go SDK's module path (its go.mod) and the tag that releases it. */
  go: { module: string; tag: string };
}

/** Options of {@link dryRun}. */
export interface DryRunOptions {
  /** The folder every artifact is written to; default `dist/release`. Replaced whole. */
  out?: string;
  /** Where progress goes; default standard error. */
  log?: (line: string) => void;
}

function run(command: string, args: string[], cwd: string, env = process.env): string {
  return execFileSync(command, args, {
    cwd,
    env,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
    maxBuffer: 64 * 1024 * 1024,
  });
}

/** The one file of `dir` whose name ends with `suffix`. */
function only(dir: string, suffix: string): string {
  const found = readdirSync(dir).filter((name) => name.endsWith(suffix));
  if (found.length !== 1) {
    throw new Error(
      `expected one *${suffix} in ${dir}, found ${found.length}: ${found.join(", ")}`,
    );
  }
  return path.join(dir, found[0]!);
}

/** The version every artifact must carry, after checking the SDKs and schema carry it too. */
export function releaseVersion(root = ROOT): string {
  const read = (file: string) => readFileSync(path.join(root, file), "utf8");
  const version = (JSON.parse(read("package.json")) as { version: string }).version;
  const others: Record<string, string | undefined> = {
    "schema.json": (JSON.parse(read("schema.json")) as { version?: string }).version,
    "sdk/nodejs/package.json": (JSON.parse(read("sdk/nodejs/package.json")) as { version: string })
      .version,
    "sdk/python/pyproject.toml": /^\s*version\s*=\s*"([^"]+)"/m.exec(
      read("sdk/python/pyproject.toml"),
    )?.[1],
  };
  for (const [file, found] of Object.entries(others)) {
    if (found !== version) {
      throw new Error(
        `${file} has version ${String(found)}, package.json ${version}: run \`npm run generate\` and \`npm run sdk\`, and commit`,
      );
    }
  }
  return version;
}

/**
 * The tag that releases the Go module in `goModDir`: Go finds a module in a subfolder of a
 * repository by tags prefixed with that folder (`sdk/go/v0.2.0` for `<repo>/sdk/go`), and
 * needs no `/vN` suffix below v2.
 */
export function goTag(
  goModDir: string,
  version: string,
  root = ROOT,
): { module: string; tag: string } {
  const goMod = readFileSync(path.join(goModDir, "go.mod"), "utf8");
  const module = /^module\s+(\S+)/m.exec(goMod)?.[1];
  if (!module) throw new Error(`${goModDir}/go.mod names no module`);
  const folder = path.relative(root, goModDir).split(path.sep).join("/");
  if (!module.endsWith(`/${folder}`)) {
    throw new Error(
      `the Go module ${module} does not end with its folder ${folder}: Go could not find it by a tag of this repository`,
    );
  }
  if (Number(version.split(".")[0]) >= 2) {
    throw new Error(
      `version ${version}: a Go module at v2 or later needs a /v${version.split(".")[0]} suffix, which ${module} lacks`,
    );
  }
  return { module, tag: `${folder}/v${version}` };
}

/** `npm run build`, then `npm pack` of this repository into `dir`. */
function packProvider(dir: string): string {
  run(npm, ["run", "--silent", "build"], ROOT);
  run(npm, ["pack", "--silent", "--pack-destination", dir], ROOT);
  return only(dir, ".tgz");
}

/**
 * The Node.js SDK built to JavaScript and packed as Pulumi packs its own SDKs: in a temporary
 * copy of `sdk/nodejs`, compiled with this repository's TypeScript against its @pulumi/pulumi
 * into bin/, which with package.json and README.md copied into it is the package's root (the
 * generated code reads ./package.json beside it).
 */
function packNodeSdk(dir: string, work: string): string {
  const copy = path.join(work, "sdk-nodejs");
  cpSync(path.join(ROOT, "sdk/nodejs"), copy, { recursive: true });
  symlinkSync(path.join(ROOT, "node_modules"), path.join(copy, "node_modules"), "dir");
  run(path.join(ROOT, "node_modules/.bin/tsc"), ["-p", "tsconfig.json"], copy);
  const root = path.join(copy, "bin");
  for (const name of ["package.json", "README.md"])
    cpSync(path.join(copy, name), path.join(root, name));
  const pkg = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as {
    main?: string;
    types?: string;
  };
  for (const field of ["main", "types"] as const) {
    const file = pkg[field];
    if (!file || !existsSync(path.join(root, file))) {
      throw new Error(
        `sdk/nodejs/package.json's ${field} is ${String(file)}, which the build did not write (scripts/sdk-gen sets it)`,
      );
    }
  }
  const before = new Set(readdirSync(dir));
  run(npm, ["pack", "--silent", "--pack-destination", dir], root);
  const packed = readdirSync(dir).filter((name) => !before.has(name));
  if (packed.length !== 1)
    throw new Error(`npm pack of the Node.js SDK wrote ${packed.join(", ")}`);
  return path.join(dir, packed[0]!);
}

/** The Python SDK's sdist and wheel, built by PyPI's `build` in a throwaway environment. */
function buildPython(dir: string, work: string): { sdist: string; wheel: string } {
  const venv = path.join(work, "venv");
  run("python3", ["-m", "venv", venv], work);
  const python = path.join(venv, "bin", "python");
  run(python, ["-m", "pip", "install", "--quiet", "--disable-pip-version-check", "build"], work);
  // A copy: setuptools writes build/ and *.egg-info beside the sources.
  const copy = path.join(work, "sdk-python");
  cpSync(path.join(ROOT, "sdk/python"), copy, { recursive: true });
  // pyproject.toml's readme is README.md beside it; the generator writes it into the package.
  const packageDir = readdirSync(copy).find((name) =>
    existsSync(path.join(copy, name, "__init__.py")),
  );
  if (packageDir && !existsSync(path.join(copy, "README.md"))) {
    cpSync(path.join(copy, packageDir, "README.md"), path.join(copy, "README.md"));
  }
  run(python, ["-m", "build", "--sdist", "--wheel", "--outdir", dir, copy], work);
  return { sdist: only(dir, ".tar.gz"), wheel: only(dir, ".whl") };
}

/** The Go SDK builds and vets at its module path, with its go.mod and go.sum as committed. */
function checkGoSdk(): void {
  const dir = path.join(ROOT, "sdk/go");
  run("go", ["build", "./..."], dir, goEnv());
  run("go", ["vet", "./..."], dir, goEnv());
}

/** The plugin archives and checksums, by `npm run plugin -- --all-platforms`. */
function buildPlugin(dir: string, version: string): Manifest["plugin"] {
  run(npm, ["run", "--silent", "plugin", "--", "--all-platforms", `--out-dir=${dir}`], ROOT);
  const checksums = path.join(dir, `pulumi-resource-bunnynet-shield-v${version}-checksums.txt`);
  if (!existsSync(checksums))
    throw new Error(`npm run plugin -- --all-platforms wrote no ${checksums}`);
  return { archives: archivesIn(dir, version), checksums };
}

function archivesIn(dir: string, version: string): string[] {
  const prefix = `pulumi-resource-bunnynet-shield-v${version}-`;
  return readdirSync(dir)
    .filter((name) => name.startsWith(prefix) && name.endsWith(".tar.gz"))
    .sort()
    .map((name) => path.join(dir, name));
}

/** Builds every artifact into `options.out`; what it built. */
export function dryRun(options: DryRunOptions = {}): Manifest {
  const out = path.resolve(options.out ?? path.join(ROOT, "dist/release"));
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  // The folder is replaced whole: never one that holds something else.
  if (
    existsSync(out) &&
    readdirSync(out).length > 0 &&
    !existsSync(path.join(out, "release.json"))
  ) {
    throw new Error(
      `--out ${out} is not empty and holds no release.json: give an empty or new folder`,
    );
  }
  rmSync(out, { recursive: true, force: true });
  const version = releaseVersion();
  const work = mkdtempSync(path.join(tmpdir(), "shield-release-"));
  try {
    const dirs = {
      npm: path.join(out, "npm"),
      python: path.join(out, "python"),
      plugin: path.join(out, "plugin"),
    };
    for (const dir of Object.values(dirs)) mkdirSync(dir, { recursive: true });
    const step = <T>(name: string, fn: () => T): T => {
      const started = Date.now();
      const result = fn();
      log(`release: ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
      return result;
    };
    const provider = step("the provider package", () => packProvider(dirs.npm));
    const sdk = step("the Node.js SDK", () => packNodeSdk(dirs.npm, work));
    const python = step("the Python sdist and wheel", () => buildPython(dirs.python, work));
    const go = goTag(path.join(ROOT, "sdk/go"), version);
    step(`the Go SDK at ${go.module}`, checkGoSdk);
    const plugin = step("the plugin archives", () => buildPlugin(dirs.plugin, version));
    const rel = (file: string) => path.relative(out, file).split(path.sep).join("/");
    const manifest: Manifest = {
      version,
      npm: { provider: rel(provider), sdk: rel(sdk) },
      python: { sdist: rel(python.sdist), wheel: rel(python.wheel) },
      plugin: {
        ...plugin,
        archives: plugin.archives.map(rel),
        ...(plugin.checksums && { checksums: rel(plugin.checksums) }),
      },
      go,
    };
    writeFileSync(path.join(out, "release.json"), `${JSON.stringify(manifest, null, 2)}\n`);
    return manifest;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** The command line: `--dry-run` (required: this script publishes nothing), `--out <dir>`. */
function main(argv: string[]): void {
  let dry = false;
  let out: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i]!.split(/=(.*)/s, 2) as [string, string | undefined];
    if (flag === "--dry-run" && inline === undefined) dry = true;
    else if (flag === "--out" && (inline ?? argv[i + 1])) out = inline ?? argv[++i];
    else
      throw new RangeError(
        `npm run release: unknown argument ${argv[i]}; use --dry-run [--out <dir>]`,
      );
  }
  if (!dry) {
    throw new RangeError(
      "npm run release: give --dry-run. This script only builds; .github/workflows/release.yml publishes, on a v* tag",
    );
  }
  const manifest = dryRun({ out });
  process.stdout.write(`${JSON.stringify(manifest, null, 2)}\n`);
}

if (require.main === module) {
  try {
    main(process.argv.slice(2));
  } catch (error) {
    const stderr = (error as { stderr?: unknown }).stderr;
    process.stderr.write(
      `${error instanceof Error ? error.message : String(error)}\n${stderr ? String(stderr) : ""}`,
    );
    process.exit(1);
  }
}
