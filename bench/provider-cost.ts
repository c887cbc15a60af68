/**
 * What the dynamic provider costs a stack, measured on an installed copy of the package (built,
 * packed and installed into a program folder, as users get it):
 * - the size of the `__provider` text every resource carries in state;
 * - the time a fresh process takes to rebuild the provider from that text and configure it,
 *   as Pulumi's dynamic-provider plugin does;
 * - the state that resources take, built from real outputs;
 * - the time a program takes to declare many resources under Pulumi's mocks, at two counts,
 *   to show that the per-resource cost stays flat (the provider is serialized once per object).
 */
import type * as dynamic from "@pulumi/pulumi/dynamic";
import { writeFile } from "node:fs/promises";
import * as path from "node:path";
import {
  AccessListConfigurationProvider,
  type AccessListConfigurationInputs,
} from "../src/resources";
import {
  installPackedPackage,
  runInProgram,
  serializedProviderText,
  type InstalledProgram,
} from "../test/support/packed-package";
import { startChildEmulator } from "./emulator-process";
import { median, now, repeat, type Sizes } from "./measure";
import { stackState } from "./stack";

const TYPE = "pulumi-nodejs:dynamic/bunnynet:AccessListConfiguration";
const STACK_URN = "urn:pulumi:dev::shield-bench::pulumi:pulumi:Stack::shield-bench-dev";
const PROVIDER_URN =
  "urn:pulumi:dev::shield-bench::pulumi:providers:pulumi-nodejs::default::7b1a2c3d-0000-4000-8000-000000000000";

export interface ProgramRun {
  resources: number;
  /** From the first `new AccessListConfiguration` until every id resolved, s. */
  seconds: number;
  perResourceMs: number;
  /** Loading @pulumi/pulumi and the package, before the first resource, ms. */
  loadMs: number;
  /** The whole `node` process, start to exit, as seen by the parent, s. */
  processSeconds: number;
}

export interface ProviderCostResult {
  /** Bytes of the `__provider` text (target < 16 KiB). */
  providerBytes: number;
  /** In a fresh process: from rebuilding the provider from its text to `configure` done (target < 300 ms). */
  providerColdLoadMs: number;
  /** The same when @pulumi/pulumi's runtime is already loaded, as in the real plugin process. */
  providerColdLoadInPluginMs: number;
  /** The first `check` after that (validation code already loaded with the provider). */
  firstCheckMs: number;
  /** The whole cold-load process, `node` start to exit, as seen by the parent. */
  providerColdLoadProcessMs: number;
  coldLoadRuns: number;
  /** Resources in the state measurement. */
  stateResources: number;
  /** JSON bytes of those resources' state entries (inputs and outputs each carry `__provider`). */
  stateBytes: number;
  stateBytesPerResource: number;
  /** Share of those bytes that is `__provider` text. */
  providerShareOfState: number;
  program: {
    small: ProgramRun;
    large: ProgramRun;
    /** (large − small time) / (large − small count): the cost of one more resource, ms. */
    marginalMsPerResource: number;
    runs: number;
  };
}

export async function providerCost(size: Sizes["providerCost"]): Promise<ProviderCostResult> {
  const program = await installPackedPackage();
  const text = await serializedProviderText(program);
  const textFile = path.join(program.dir, "provider-bench.txt");
  await writeFile(textFile, text);

  const cold = await repeat(size.coldLoadRuns, async () => ({
    bare: await coldLoad(program, textFile, false),
    plugin: await coldLoad(program, textFile, true),
  }));
  const state = await stateSize(text, size.stateResources);
  const small = await programRuns(program, size.programSmall, size.programRuns);
  const large = await programRuns(program, size.programLarge, size.programRuns);

  return {
    providerBytes: Buffer.byteLength(text),
    providerColdLoadMs: median(cold.map((c) => c.bare.rebuildToConfiguredMs)),
    providerColdLoadInPluginMs: median(cold.map((c) => c.plugin.rebuildToConfiguredMs)),
    firstCheckMs: median(cold.map((c) => c.bare.firstCheckMs)),
    providerColdLoadProcessMs: median(cold.map((c) => c.bare.processMs)),
    coldLoadRuns: size.coldLoadRuns,
    stateResources: size.stateResources,
    stateBytes: state.bytes,
    stateBytesPerResource: state.bytes / size.stateResources,
    providerShareOfState: state.providerShare,
    program: {
      small,
      large,
      marginalMsPerResource:
        ((large.seconds - small.seconds) * 1000) / (large.resources - small.resources),
      runs: size.programRuns,
    },
  };
}

interface ColdLoad {
  rebuildToConfiguredMs: number;
  firstCheckMs: number;
  processMs: number;
}

/**
 * A fresh `node` in the program folder rebuilds the provider with require-from-string (as
 * the plugin does), configures it and runs one `check`; it reports its own timings.
 */
async function coldLoad(
  program: InstalledProgram,
  textFile: string,
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
      const checked = await provider.check({}, {
        shieldZoneId: 1001, configurationId: 100101, isEnabled: true, __provider: text,
      });
      if (checked.failures) throw new Error(JSON.stringify(checked.failures));
      const done = performance.now();
      process.stdout.write(JSON.stringify({
        rebuildToConfiguredMs: configured - start,
        firstCheckMs: done - configured,
      }));
    });
  `;
  const start = now();
  const stdout = await runInProgram(program, script);
  const processMs = now() - start;
  return { ...(JSON.parse(stdout) as Omit<ColdLoad, "processMs">), processMs };
}

/**
 * State entries as the engine writes them for `count` resources, from real provider outputs:
 * each entry's inputs and outputs carry the `__provider` text.
 */
async function stateSize(
  text: string,
  count: number,
): Promise<{ bytes: number; providerShare: number }> {
  const zones = Math.max(1, Math.ceil(count / 10));
  const { snapshot, targets } = stackState(count, zones);
  const emulator = await startChildEmulator({ state: snapshot });
  try {
    const provider = new AccessListConfigurationProvider();
    const config = { "bunnynet:apiKey": emulator.apiKey, "bunnynet:apiUrl": emulator.url };
    await provider.configure({
      config: { get: (key: string) => config[key as keyof typeof config] },
    } as unknown as dynamic.ConfigureRequest);
    const created = new Date().toISOString();
    const entries = await Promise.all(
      targets.map(async (t, i) => {
        const checked = await provider.check({}, { ...t, action: "Block", __provider: text });
        const inputs = checked.inputs as AccessListConfigurationInputs;
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

async function programRuns(
  program: InstalledProgram,
  resources: number,
  runs: number,
): Promise<ProgramRun> {
  const results = await repeat(runs, () => programRun(program, resources));
  const seconds = median(results.map((r) => r.seconds));
  return {
    resources,
    seconds,
    perResourceMs: (seconds * 1000) / resources,
    loadMs: median(results.map((r) => r.loadMs)),
    processSeconds: median(results.map((r) => r.processSeconds)),
  };
}

/** A program that declares `resources` AccessListConfigurations under Pulumi's mocks. */
async function programRun(
  program: InstalledProgram,
  resources: number,
): Promise<Omit<ProgramRun, "perResourceMs">> {
  const script = `
    const start = performance.now();
    const pulumi = require("@pulumi/pulumi");
    pulumi.runtime.setMocks({
      newResource: (args) => ({
        id: args.inputs.shieldZoneId + "/" + args.inputs.configurationId,
        state: args.inputs,
      }),
      call: (args) => args.inputs,
    }, "project", "stack", false);
    const { AccessListConfiguration } = require(${JSON.stringify(program.packageName)});
    const loaded = performance.now();
    const declared = [];
    for (let i = 0; i < ${resources}; i++) {
      const zone = 1001 + (i % 20);
      declared.push(new AccessListConfiguration("access-list-" + i, {
        shieldZoneId: zone,
        configurationId: zone * 100 + 1 + Math.floor(i / 20),
        isEnabled: i % 2 === 0,
      }));
    }
    pulumi.all(declared.map((r) => r.id)).apply((ids) => {
      const done = performance.now();
      process.stdout.write(JSON.stringify({ ids: ids.length, loadMs: loaded - start, declareMs: done - loaded }));
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
  if (ids !== resources) throw new Error(`${ids} of ${resources} ids resolved`);
  return { resources, seconds: declareMs / 1000, loadMs, processSeconds };
}
