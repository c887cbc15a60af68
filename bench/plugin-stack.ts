/**
 * The provider plugin against the dynamic resources, under the real Pulumi CLI, side by side in
 * one run (issue 31): one Node.js program, the same text but for its import (the plugin's Node
 * SDK, built from sdk/nodejs into the program folder, or the packed package), declares a stack of
 * every kind (`mixedStack`, as `stack1000` does); `pulumi up`, `pulumi stack export`,
 * `pulumi destroy`, each side against a fresh child emulator holding the same zones.
 *
 * - `pluginState`: state bytes per resource, whole and the provider's part (inputs and outputs).
 * - `pluginStack1000`: 1,000 resources over 50 zones under 10% 429s: `up`'s wall time against
 *   the lower bound of `stack.ts` (`concurrentLowerBound`), from the requests the emulator saw;
 *   the zone-lock header comes from zone-lock-tags.js, preloaded into the CLI's Node processes
 *   but for the program's own (whose stack traces state records, as a user's program's).
 *
 * `BENCH_STATE_EXPORT_DIR=<folder>` writes each side's `pulumi stack export` there
 * (`state-plugin.json`, `state-dynamic.json`), to see what the figures count.
 *
 * Needs the CLI (scripts/pulumi-cli.sh) and the stand-in Node.js language host
 * (scripts/language-host). The plugin runs from the installed package (its launcher runs the
 * built dist/plugin/main.js), as an npm install runs it; not the single executable, whose
 * bundle zone-lock-tags.js cannot patch.
 */
import { execFile } from "node:child_process";
import { cp, mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { isDeepStrictEqual, promisify } from "node:util";
import type { RecordedRequest, StateSnapshot } from "../src/emulator";
import type { Kind } from "../src/resources";
import { runToEnd } from "../test/support/child-process";
import { findCli } from "../test/support/cli-stack";
import { installPackedPackage, REPO, type InstalledProgram } from "../test/support/packed-package";
import { startChildEmulator } from "./emulator-process";
import { median, now, repeat, type Sizes } from "./measure";
import { concurrentLowerBound, LOCK_HEADER, rateLimitFault } from "./stack";
import { mixedStack, STACK_KINDS, type StackTarget } from "./stack-kinds";

const run = promisify(execFile);

/** The two forms of the same program. */
const SIDES = ["plugin", "dynamic"] as const;
type Side = (typeof SIDES)[number];

/** The Node SDK's package name (sdk/nodejs/package.json). */
const SDK_PACKAGE = "pulumi-bunnynet-shield-sdk";

/** A program folder holding both the packed package and the plugin's Node SDK. */
interface Programs {
  installed: InstalledProgram;
  cliBin: string;
  /** The module each side's program imports. */
  module: Record<Side, string>;
}

let programs: Promise<Programs> | undefined;

/** The packed package installed, and the Node SDK compiled beside it (once per process). */
function preparePrograms(): Promise<Programs> {
  return (programs ??= (async () => {
    const cliRoot = findCli();
    if (!cliRoot) throw new Error("Pulumi CLI not found: run scripts/pulumi-cli.sh (needs Go)");
    const installed = await installPackedPackage();
    // The SDK's sources in a folder of their own, compiled into the program's node_modules:
    // at run time it takes the program's @pulumi/pulumi, as an installed SDK does.
    const src = await mkdtemp(path.join(tmpdir(), "shield-sdk-"));
    await cp(path.join(REPO, "sdk", "nodejs"), src, { recursive: true });
    await symlink(path.join(REPO, "node_modules"), path.join(src, "node_modules"), "dir");
    const out = path.join(installed.dir, "node_modules", SDK_PACKAGE);
    await run(
      process.execPath,
      [
        require.resolve("typescript/bin/tsc"),
        ...["-p", src, "--outDir", out, "--declaration", "false", "--declarationMap", "false"],
      ],
      { maxBuffer: 16 * 1024 * 1024 },
    );
    await cp(path.join(src, "package.json"), path.join(out, "package.json"));
    await rm(src, { recursive: true, force: true });
    return {
      installed,
      cliBin: path.join(cliRoot, "bin"),
      module: { plugin: SDK_PACKAGE, dynamic: installed.packageName },
    };
  })());
}

/**
 * Whether the CLI is told to skip its checkpoints (PULUMI_SKIP_CHECKPOINTS in this process's
 * environment): on a file backend it otherwise writes the whole state after every step.
 */
const skipCheckpoints = (): boolean =>
  /^(1|true)$/i.test(process.env.PULUMI_SKIP_CHECKPOINTS ?? "");

/** The program: the same text on either side, but for the module it imports. */
const programText = (module: string) => `"use strict";
const shield = require(${JSON.stringify(module)});
const declarations = require("./declarations-plugin-bench.json");
declarations.forEach(([kind, args], i) => new shield[kind](kind + "-" + i, args));
`;

/** How the emulator answers: as in the stack benchmarks. */
type Conditions = Pick<
  Sizes["stack1000"],
  "latencyMs" | "rateLimitProbability" | "retryAfterSeconds"
>;

/** A resource's state entry, as `pulumi stack export` writes it. */
interface StateResource {
  type: string;
  custom?: boolean;
  inputs?: Record<string, unknown>;
  outputs?: Record<string, unknown>;
}

/** State bytes per resource of one side (JSON as the backend writes it, without indentation). */
export interface StateSize {
  resources: number;
  /** The whole entry (URN, type, provider reference, dependencies, source position, …). */
  bytesPerResource: number;
  /** Its `inputs` and `outputs`: what the provider puts in state. */
  providerBytesPerResource: number;
  /** Of which the `__provider` text (the dynamic form's serialized code). */
  serializedCodeBytesPerResource: number;
  /** The mean of each kind: whole entry / inputs and outputs. */
  kinds: Partial<Record<Kind, { bytes: number; providerBytes: number }>>;
  /** Mean bytes of each member of an entry (`"key":value,`): where the rest goes. */
  fields: Record<string, number>;
}

/** One `pulumi up` (then export, then destroy) of one side. */
export interface SideRun {
  /** `pulumi up` start to exit, s. */
  upSeconds: number;
  /** From the emulator's first request of `up` to its last, s. */
  upRequestSpanSeconds: number;
  /** From `up`'s start to the emulator's first request: the CLI, program and plugin starting, s. */
  upStartSeconds: number;
  /** From the last request's answer to `up`'s exit, s. */
  upEndSeconds: number;
  /** `concurrentLowerBound` of `up`'s requests, s. */
  lowerBoundSeconds: number;
  requests: number;
  rateLimited: number;
  lockedRequests: number;
  /** Declared resources missing from the state after `up`, plus 1 if a command failed. */
  failures: number;
  errors?: string[];
  destroySeconds: number;
  destroyLowerBoundSeconds: number;
  /** After destroy, the emulator holds of every resource what it held before. */
  stateRestored: boolean;
  state: StateSize;
}

/** Runs the program of `side` through up, export and destroy against a fresh emulator. */
async function sideRun(
  side: Side,
  targets: readonly StackTarget[],
  snapshot: StateSnapshot,
  conditions: Conditions,
  parallel: number,
): Promise<SideRun> {
  const { installed, cliBin, module } = await preparePrograms();
  const emulator = await startChildEmulator({ latencyMs: conditions.latencyMs, state: snapshot });
  const backend = await mkdtemp(path.join(tmpdir(), "shield-bench-backend-"));
  try {
    if (conditions.rateLimitProbability > 0) {
      await emulator.addFault(rateLimitFault(conditions));
    }
    await writeFile(
      path.join(installed.dir, "Pulumi.yaml"),
      "name: shield-plugin-bench\nruntime: nodejs\ndescription: benchmark program\n",
    );
    await writeFile(path.join(installed.dir, "index.js"), programText(module[side]));
    await writeFile(
      path.join(installed.dir, "declarations-plugin-bench.json"),
      JSON.stringify(targets.map((t) => [t.kind, t.inputs])),
    );
    const env: NodeJS.ProcessEnv = {
      PATH: [
        path.join(REPO, "scripts", "language-host"),
        path.join(installed.dir, "node_modules", ".bin"),
        cliBin,
        process.env.PATH,
      ].join(path.delimiter),
      HOME: process.env.HOME,
      PULUMI_HOME: path.join(backend, ".pulumi-home"),
      PULUMI_CONFIG_PASSPHRASE: "bench",
      PULUMI_SKIP_UPDATE_CHECK: "1",
      PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "1",
      PULUMI_BACKEND_URL: `file://${backend}`,
      // Both forms take the service's address and key from the environment.
      BUNNYNET_API_URL: emulator.url,
      BUNNYNET_API_KEY: emulator.apiKey,
      NODE_OPTIONS: `--require ${path.join(__dirname, "zone-lock-tags.js")}`,
      BENCH_LOCK_HEADER: LOCK_HEADER,
      // The CLI's own switch, passed on: the state written once at the end, not after every step.
      ...(skipCheckpoints() ? { PULUMI_SKIP_CHECKPOINTS: "true" } : {}),
    };
    const errors: string[] = [];
    const pulumi = async (args: string[]) => {
      const result = await cli(cliBin, installed.dir, env, [...args, "--stack", side]);
      if (result.code !== 0) errors.push(`pulumi ${args[0]} (${side}): ${result.tail}`);
      return result;
    };
    await pulumi(["stack", "init"]);
    const bounds = {
      latencyMs: conditions.latencyMs,
      retryAfterMs: conditions.retryAfterSeconds * 1000,
    };

    await emulator.clearRequests();
    const upStarted = Date.now();
    const up = await pulumi(["up", "--yes", "--skip-preview", "--parallel", String(parallel)]);
    const upEnded = Date.now();
    const upRecords = await emulator.requests();
    const upTimes = upRecords.map((r) => r.at);
    const exported = await pulumi(["stack", "export"]);
    const resources = exported.code === 0 ? ours(JSON.parse(exported.stdout)) : [];
    if (exported.code === 0 && process.env.BENCH_STATE_EXPORT_DIR) {
      // Opt-in: the exported state of each side, to look at what the figures count.
      await writeFile(
        path.join(process.env.BENCH_STATE_EXPORT_DIR, `state-${side}.json`),
        exported.stdout,
      );
    }

    await emulator.clearRequests();
    const destroy = await pulumi([
      "destroy",
      "--yes",
      "--skip-preview",
      "--parallel",
      String(parallel),
    ]);
    const destroyRecords = await emulator.requests();
    const final = await emulator.state();
    return {
      upSeconds: up.seconds,
      upRequestSpanSeconds: span(upRecords, conditions.latencyMs),
      // The emulator's clock is this machine's: arrival times compare with Date.now() here.
      upStartSeconds: (Math.min(...upTimes) - upStarted) / 1000,
      upEndSeconds: (upEnded - Math.max(...upTimes) - conditions.latencyMs) / 1000,
      lowerBoundSeconds: concurrentLowerBound(upRecords, bounds) / 1000,
      requests: upRecords.length,
      rateLimited: upRecords.filter((r) => r.status === 429).length,
      lockedRequests: upRecords.filter((r) => r.headers[LOCK_HEADER] !== undefined).length,
      failures: targets.length - resources.length + (errors.length > 0 ? 1 : 0),
      ...(errors.length > 0 ? { errors } : {}),
      destroySeconds: destroy.seconds,
      destroyLowerBoundSeconds: concurrentLowerBound(destroyRecords, bounds) / 1000,
      stateRestored: targets.every((t) =>
        isDeepStrictEqual(
          STACK_KINDS[t.kind].live(snapshot, t.inputs),
          STACK_KINDS[t.kind].live(final, t.inputs),
        ),
      ),
      state: stateSize(resources),
    };
  } finally {
    await emulator.close();
    await rm(backend, { recursive: true, force: true });
  }
}

/** The stack's resources of either form: the plugin's tokens or the dynamic resources'. */
function ours(exported: { deployment: { resources?: StateResource[] } }): StateResource[] {
  return (exported.deployment.resources ?? []).filter(
    (r) =>
      r.custom === true &&
      (r.type.startsWith("bunnynet-shield:index:") ||
        r.type.startsWith("pulumi-nodejs:dynamic/bunnynet:")),
  );
}

const bytes = (value: unknown) =>
  value === undefined ? 0 : Buffer.byteLength(JSON.stringify(value));

function stateSize(resources: readonly StateResource[]): StateSize {
  const perKind = new Map<Kind, { n: number; bytes: number; providerBytes: number }>();
  let whole = 0;
  let provider = 0;
  let code = 0;
  const fields: Record<string, number> = {};
  for (const r of resources) {
    for (const [key, value] of Object.entries(r)) {
      fields[key] = (fields[key] ?? 0) + bytes(key) + 1 + bytes(value) + 1;
    }
    const kind = r.type.split(/[:/]/).pop() as Kind;
    const entry = bytes(r);
    const part = bytes(r.inputs) + bytes(r.outputs);
    whole += entry;
    provider += part;
    code += bytes(r.inputs?.__provider) + bytes(r.outputs?.__provider);
    const k = perKind.get(kind) ?? { n: 0, bytes: 0, providerBytes: 0 };
    perKind.set(kind, {
      n: k.n + 1,
      bytes: k.bytes + entry,
      providerBytes: k.providerBytes + part,
    });
  }
  const n = Math.max(1, resources.length);
  return {
    resources: resources.length,
    bytesPerResource: whole / n,
    providerBytesPerResource: provider / n,
    serializedCodeBytesPerResource: code / n,
    kinds: Object.fromEntries(
      [...perKind].map(([kind, k]) => [
        kind,
        { bytes: Math.round(k.bytes / k.n), providerBytes: Math.round(k.providerBytes / k.n) },
      ]),
    ),
    fields: Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, Math.round(v / n)])),
  };
}

/** From the first request's arrival to the last one's answer (arrival plus the latency), s. */
function span(records: readonly RecordedRequest[], latencyMs: number): number {
  if (records.length === 0) return 0;
  const times = records.map((r) => r.at);
  return (Math.max(...times) + latencyMs - Math.min(...times)) / 1000;
}

/** Runs the CLI; its exit code, output and wall time. */
async function cli(
  cliBin: string,
  cwd: string,
  env: NodeJS.ProcessEnv,
  args: string[],
): Promise<{ code: number | null; stdout: string; tail: string; seconds: number }> {
  const start = now();
  const { code, stdout, stderr } = await runToEnd(path.join(cliBin, "pulumi"), args, { cwd, env });
  return {
    code,
    stdout,
    tail: `${stdout}\n${stderr}`.slice(-2000),
    seconds: (now() - start) / 1000,
  };
}

/** Both sides, `runs` times, alternating which goes first. */
async function sideBySide(
  targets: readonly StackTarget[],
  snapshot: StateSnapshot,
  conditions: Conditions,
  runs: number,
): Promise<Array<Record<Side, SideRun>>> {
  return repeat(runs, async (i) => {
    const order = i % 2 === 0 ? SIDES : ([...SIDES].reverse() as Side[]);
    const result = {} as Record<Side, SideRun>;
    for (const side of order) {
      result[side] = await sideRun(side, targets, snapshot, conditions, targets.length);
    }
    return result;
  });
}

export interface PluginStateResult {
  resources: number;
  zones: number;
  kinds: number;
  runs: number;
  /** Bytes per resource, whole entry and the provider's part; the medians' run is in `sides`. */
  plugin: StateSize;
  dynamic: StateSize;
  /** plugin.bytesPerResource ≤ 1,536 (1.5 KB)? Not judged here: see run.ts. */
  ratio: number;
  failures: number;
  /** What the CLI said when a command failed, by side. */
  errors?: string[];
}

/**
 * State per resource: one zone's mix of every kind (20 resources: `stack1000`'s density) times
 * two zones, no latency, no faults; the plugin's program against the dynamic one.
 */
export async function pluginState(size: Sizes["stack1000"]): Promise<PluginStateResult> {
  const perZone = Math.ceil(size.resources / size.zones);
  const zones = 2;
  const { snapshot, targets } = mixedStack(perZone * zones, zones);
  const runs = await sideBySide(
    targets,
    snapshot,
    { latencyMs: 0, rateLimitProbability: 0, retryAfterSeconds: 0 },
    1,
  );
  const last = runs[runs.length - 1]!;
  return {
    resources: targets.length,
    zones,
    kinds: new Set(targets.map((t) => t.kind)).size,
    runs: runs.length,
    plugin: last.plugin.state,
    dynamic: last.dynamic.state,
    ratio: last.plugin.state.bytesPerResource / last.dynamic.state.bytesPerResource,
    failures: runs.reduce((n, r) => n + r.plugin.failures + r.dynamic.failures, 0),
    ...errorsOf(runs.flatMap((r) => [r.plugin, r.dynamic])),
  };
}

/** The CLI's failures of these runs, if any. */
function errorsOf(runs: readonly SideRun[]): { errors?: string[] } {
  const errors = runs.flatMap((r) => r.errors ?? []);
  return errors.length > 0 ? { errors } : {};
}

/** One side's medians over the runs. */
export interface SideSummary {
  upSeconds: number;
  upRequestSpanSeconds: number;
  upStartSeconds: number;
  upEndSeconds: number;
  lowerBoundSeconds: number;
  /** upSeconds / lowerBoundSeconds (target for the plugin ≤ 1.1). */
  ratioToLowerBound: number;
  /** upRequestSpanSeconds / lowerBoundSeconds: without the CLI's and program's start. */
  spanRatioToLowerBound: number;
  destroySeconds: number;
  destroyLowerBoundSeconds: number;
  failures: number;
  stateRestored: boolean;
  bytesPerResource: number;
  providerBytesPerResource: number;
}

export interface PluginStack1000Result {
  resources: number;
  zones: number;
  latencyMs: number;
  rateLimitProbability: number;
  retryAfterSeconds: number;
  /** `pulumi up --parallel`: every resource at once, as the bound assumes. */
  parallel: number;
  /** The CLI skipped its checkpoints (PULUMI_SKIP_CHECKPOINTS set for the run). */
  skipCheckpoints: boolean;
  runs: number;
  plugin: SideSummary;
  dynamic: SideSummary;
  /** Median over runs of plugin ÷ dynamic `up` wall time. */
  upRatioPluginToDynamic: number;
  /** Every side run, for the record. */
  perRun: Array<Record<Side, SideRun>>;
}

/** 1,000 resources of every kind over 50 zones under 10% 429s, on the plugin and dynamic. */
export async function pluginStack1000(size: Sizes["stack1000"]): Promise<PluginStack1000Result> {
  const { snapshot, targets } = mixedStack(size.resources, size.zones);
  const runs = await sideBySide(targets, snapshot, size, size.runs);
  const summary = (side: Side): SideSummary => {
    const of = (f: (r: SideRun) => number) => median(runs.map((r) => f(r[side])));
    const up = of((r) => r.upSeconds);
    const bound = of((r) => r.lowerBoundSeconds);
    return {
      upSeconds: up,
      upRequestSpanSeconds: of((r) => r.upRequestSpanSeconds),
      upStartSeconds: of((r) => r.upStartSeconds),
      upEndSeconds: of((r) => r.upEndSeconds),
      lowerBoundSeconds: bound,
      ratioToLowerBound: of((r) => r.upSeconds / r.lowerBoundSeconds),
      spanRatioToLowerBound: of((r) => r.upRequestSpanSeconds / r.lowerBoundSeconds),
      destroySeconds: of((r) => r.destroySeconds),
      destroyLowerBoundSeconds: of((r) => r.destroyLowerBoundSeconds),
      failures: runs.reduce((n, r) => n + r[side].failures, 0),
      stateRestored: runs.every((r) => r[side].stateRestored),
      bytesPerResource: of((r) => r.state.bytesPerResource),
      providerBytesPerResource: of((r) => r.state.providerBytesPerResource),
    };
  };
  return {
    resources: targets.length,
    zones: size.zones,
    latencyMs: size.latencyMs,
    rateLimitProbability: size.rateLimitProbability,
    retryAfterSeconds: size.retryAfterSeconds,
    parallel: targets.length,
    skipCheckpoints: skipCheckpoints(),
    runs: size.runs,
    plugin: summary("plugin"),
    dynamic: summary("dynamic"),
    upRatioPluginToDynamic: median(runs.map((r) => r.plugin.upSeconds / r.dynamic.upSeconds)),
    perRun: runs,
  };
}
