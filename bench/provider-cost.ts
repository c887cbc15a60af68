/**
 * What the dynamic provider costs a stack, measured on an installed copy of the package (built,
 * packed and installed into a program folder, as users get it):
 * - for every kind, the size of the `__provider` text each of its resources carries in state,
 *   and the time a fresh process takes to rebuild the provider from that text, configure it and
 *   answer a first `check` (which loads the kind's code), as Pulumi's dynamic-provider plugin
 *   does;
 * - the state that resources take, built from real outputs;
 * - the time a program takes to declare many resources under Pulumi's mocks, at two counts,
 *   to show that the per-resource cost stays flat (the provider is serialized once per object).
 */
import { writeFile } from "node:fs/promises";
import * as path from "node:path";
import { KINDS, type Kind } from "../src/resources";
import {
  installPackedPackage,
  runInProgram,
  serializedProviderText,
  type InstalledProgram,
} from "../test/support/packed-package";
import { startChildEmulator } from "./emulator-process";
import { median, now, repeat, type Sizes } from "./measure";
import {
  benchZones,
  configuredProvider,
  singleKindStack,
  STACK_KINDS,
  type Props,
  type StackTarget,
} from "./stack-kinds";

const TYPE = "pulumi-nodejs:dynamic/bunnynet:AccessListConfiguration";
const STACK_URN = "urn:pulumi:dev::shield-bench::pulumi:pulumi:Stack::shield-bench-dev";
const PROVIDER_URN =
  "urn:pulumi:dev::shield-bench::pulumi:providers:pulumi-nodejs::default::7b1a2c3d-0000-4000-8000-000000000000";

export interface ProgramRun {
  resources: number;
  /** From the first `new` until every id resolved, s. */
  seconds: number;
  perResourceMs: number;
  /** Loading @pulumi/pulumi and the package, before the first resource, ms. */
  loadMs: number;
  /** The whole `node` process, start to exit, as seen by the parent, s. */
  processSeconds: number;
}

/** A program declaring resources at two counts. */
export interface DeclarationCost {
  small: ProgramRun;
  large: ProgramRun;
  /** (large − small time) / (large − small count): the cost of one more resource, ms. */
  marginalMsPerResource: number;
  runs: number;
}

/** One kind's provider, medians over the runs. */
export interface KindCost {
  /** Bytes of the `__provider` text. */
  providerBytes: number;
  /** In a fresh process: from rebuilding the provider from its text to its first `check` answered. */
  coldLoadMs: number;
  /** The same when @pulumi/pulumi's runtime is already loaded, as in the real plugin process. */
  coldLoadInPluginMs: number;
  /** The part of coldLoadMs until `configure` is done (before the kind's code loads). */
  configuredMs: number;
  /** What the first request adds afterwards: loading the client, which `check` does not need. */
  clientLoadMs: number;
  /** The whole cold-load process, `node` start to exit, as seen by the parent. */
  processMs: number;
}

export interface ProviderCostResult {
  /** The largest `__provider` text of any kind (target < 4 KiB). */
  providerBytesMax: number;
  /** The slowest kind's cold load, to its first `check` answered (target < 150 ms). */
  providerColdLoadMsMax: number;
  providerColdLoadInPluginMsMax: number;
  /** Every kind's figures. */
  kinds: Record<Kind, KindCost>;
  coldLoadRuns: number;
  /** Resources in the state measurement. */
  stateResources: number;
  /** JSON bytes of those resources' state entries (inputs and outputs each carry `__provider`). */
  stateBytes: number;
  stateBytesPerResource: number;
  /** Share of those bytes that is `__provider` text. */
  providerShareOfState: number;
  /** AccessListConfigurations declared by a program. */
  program: DeclarationCost;
}

export async function providerCost(size: Sizes["providerCost"]): Promise<ProviderCostResult> {
  const program = await installPackedPackage();
  const sample = benchZones(1, 0).zones[0]!;
  const texts = {} as Record<Kind, { text: string; file: string; inputs: Props }>;
  for (const kind of KINDS) {
    const inputs = STACK_KINDS[kind].inputs(sample, 0);
    const text = await serializedProviderText(program, kind, inputs);
    const file = path.join(program.dir, `provider-bench-${kind}.txt`);
    await writeFile(file, text);
    texts[kind] = { text, file, inputs };
  }

  // Kind after kind within each run, so that every kind sees the same machine load.
  const cold = await repeat(size.coldLoadRuns, async () => {
    const run = {} as Record<Kind, { bare: ColdLoad; plugin: ColdLoad }>;
    for (const kind of KINDS) {
      const { file, inputs } = texts[kind];
      run[kind] = {
        bare: await coldLoad(program, file, inputs, false),
        plugin: await coldLoad(program, file, inputs, true),
      };
    }
    return run;
  });
  const kinds = {} as Record<Kind, KindCost>;
  for (const kind of KINDS) {
    const runs = cold.map((run) => run[kind]);
    kinds[kind] = {
      providerBytes: Buffer.byteLength(texts[kind].text),
      coldLoadMs: median(runs.map((r) => r.bare.checkedMs)),
      coldLoadInPluginMs: median(runs.map((r) => r.plugin.checkedMs)),
      configuredMs: median(runs.map((r) => r.bare.configuredMs)),
      clientLoadMs: median(runs.map((r) => r.bare.clientLoadMs)),
      processMs: median(runs.map((r) => r.bare.processMs)),
    };
  }
  const largest = (field: keyof KindCost) => Math.max(...KINDS.map((k) => kinds[k][field]));

  const state = await stateSize(texts.AccessListConfiguration.text, size.stateResources);
  const declarations = (count: number) =>
    singleKindStack("AccessListConfiguration", count, Math.min(count, 20)).targets;
  return {
    providerBytesMax: largest("providerBytes"),
    providerColdLoadMsMax: largest("coldLoadMs"),
    providerColdLoadInPluginMsMax: largest("coldLoadInPluginMs"),
    kinds,
    coldLoadRuns: size.coldLoadRuns,
    stateResources: size.stateResources,
    stateBytes: state.bytes,
    stateBytesPerResource: state.bytes / size.stateResources,
    providerShareOfState: state.providerShare,
    program: await declarationCost(
      declarations(size.programSmall),
      declarations(size.programLarge),
      size.programRuns,
    ),
  };
}

interface ColdLoad {
  configuredMs: number;
  checkedMs: number;
  clientLoadMs: number;
  processMs: number;
}

/**
 * A fresh `node` in the program folder rebuilds the provider with require-from-string (as
 * the plugin does), configures it and runs one `check`; it reports its own timings.
 */
async function coldLoad(
  program: InstalledProgram,
  textFile: string,
  inputs: Props,
  preloadRuntime: boolean,
): Promise<ColdLoad> {
  const script = `
    const fs = require("fs");
    const path = require("path");
    ${preloadRuntime ? 'require("@pulumi/pulumi/runtime");' : ""}
    const requireFromString = require(require.resolve("require-from-string", {
      paths: [path.dirname(require.resolve("@pulumi/pulumi/package.json"))],
    }));
    const text = fs.readFileSync(${JSON.stringify(textFile)}, "utf8");
    const config = { "bunnynet:apiKey": "bench-key", "bunnynet:apiUrl": "http://127.0.0.1:9" };
    const start = performance.now();
    const provider = requireFromString(text).handler();
    provider.configure({ config: { get: (key) => config[key] } }).then(async () => {
      const configured = performance.now();
      const checked = await provider.check({}, { ...${JSON.stringify(inputs)}, __provider: text });
      if (checked.failures) throw new Error(JSON.stringify(checked.failures));
      const done = performance.now();
      // What the first request adds: the client, which check does not need.
      require(${JSON.stringify(`${program.packageName}/dist/client/shield-client.js`)});
      process.stdout.write(JSON.stringify({
        configuredMs: configured - start,
        checkedMs: done - start,
        clientLoadMs: performance.now() - done,
      }));
    });
  `;
  const start = now();
  const stdout = await runInProgram(program, script);
  const processMs = now() - start;
  return { ...(JSON.parse(stdout) as Omit<ColdLoad, "processMs">), processMs };
}

/**
 * State entries as the engine writes them for `count` AccessListConfigurations, from real
 * provider outputs: each entry's inputs and outputs carry the `__provider` text.
 */
async function stateSize(
  text: string,
  count: number,
): Promise<{ bytes: number; providerShare: number }> {
  const zones = Math.max(1, Math.ceil(count / 10));
  const { snapshot, targets } = singleKindStack("AccessListConfiguration", count, zones);
  const emulator = await startChildEmulator({ state: snapshot });
  try {
    const provider = await configuredProvider("AccessListConfiguration", emulator);
    const created = new Date().toISOString();
    const entries = await Promise.all(
      targets.map(async (t, i) => {
        const checked = await provider.check({}, { ...t.inputs, __provider: text });
        const inputs = checked.inputs as Props;
        const { id, outs } = await provider.create(inputs);
        return {
          urn: `urn:pulumi:dev::shield-bench::${TYPE}::access-list-${i}`,
          custom: true,
          id,
          type: TYPE,
          inputs: { ...inputs, __provider: text },
          outputs: { ...outs, __provider: text },
          parent: STACK_URN,
          provider: PROVIDER_URN,
          propertyDependencies: Object.fromEntries(Object.keys(inputs).map((k) => [k, []])),
          created,
          modified: created,
        };
      }),
    );
    const bytes = Buffer.byteLength(JSON.stringify(entries));
    const providerBytes = 2 * count * Buffer.byteLength(JSON.stringify(text));
    return { bytes, providerShare: providerBytes / bytes };
  } finally {
    await emulator.close();
  }
}

/**
 * A program declaring the `small` resources, and one declaring the `large` ones, each `runs`
 * times, from the installed package under Pulumi's mocks.
 */
export async function declarationCost(
  small: readonly StackTarget[],
  large: readonly StackTarget[],
  runs: number,
): Promise<DeclarationCost> {
  const program = await installPackedPackage();
  const measure = async (targets: readonly StackTarget[]): Promise<ProgramRun> => {
    const results = await repeat(runs, () => programRun(program, targets));
    const seconds = median(results.map((r) => r.seconds));
    return {
      resources: targets.length,
      seconds,
      perResourceMs: (seconds * 1000) / targets.length,
      loadMs: median(results.map((r) => r.loadMs)),
      processSeconds: median(results.map((r) => r.processSeconds)),
    };
  };
  const smallRun = await measure(small);
  const largeRun = await measure(large);
  return {
    small: smallRun,
    large: largeRun,
    marginalMsPerResource:
      ((largeRun.seconds - smallRun.seconds) * 1000) / (largeRun.resources - smallRun.resources),
    runs,
  };
}

/** A program that declares `targets` (each of its kind, with its inputs) under Pulumi's mocks. */
async function programRun(
  program: InstalledProgram,
  targets: readonly StackTarget[],
): Promise<Omit<ProgramRun, "perResourceMs">> {
  // The declarations travel in a file: as a script argument, a large stack's would not fit.
  const file = path.join(program.dir, "declarations-bench.json");
  await writeFile(file, JSON.stringify(targets.map((t) => [t.kind, t.inputs])));
  const script = `
    const start = performance.now();
    const pulumi = require("@pulumi/pulumi");
    let ids = 0;
    pulumi.runtime.setMocks({
      newResource: (args) => ({ id: "id-" + ids++, state: args.inputs }),
      call: (args) => args.inputs,
    }, "project", "stack", false);
    const resources = require(${JSON.stringify(program.packageName)});
    const declarations = JSON.parse(require("fs").readFileSync(${JSON.stringify(file)}, "utf8"));
    const loaded = performance.now();
    const declared = declarations.map(([kind, args], i) => new resources[kind]("r-" + i, args));
    pulumi.all(declared.map((r) => r.id)).apply((resolved) => {
      const done = performance.now();
      process.stdout.write(JSON.stringify({ ids: resolved.length, loadMs: loaded - start, declareMs: done - loaded }));
    });
  `;
  const start = now();
  const stdout = await runInProgram(program, script);
  const processSeconds = (now() - start) / 1000;
  const { ids, loadMs, declareMs } = JSON.parse(stdout) as {
    ids: number;
    loadMs: number;
    declareMs: number;
  };
  if (ids !== targets.length) throw new Error(`${ids} of ${targets.length} ids resolved`);
  return { resources: targets.length, seconds: declareMs / 1000, loadMs, processSeconds };
}
