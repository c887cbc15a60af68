/**
 * The provider plugin's start, as the engine sees it: from spawning the plugin to its first
 * answered `Check` (the port it prints, `Configure`, then a `Check`, whose kind's code loads
 * then). Measured side by side for the executable of `npm run plugin` (its launcher, which
 * starts the single executable without `NODE_OPTIONS`), for that single executable started
 * directly (what the launcher costs), and for the same server run by Node from the built
 * package (`node dist/plugin/main.js`, what an npm install's launcher runs) and from the bundle
 * inside the executable (`node <bundle>`).
 *
 * It also exports the little an outside client of the plugin needs: {@link spawnPlugin} starts
 * one as the engine does and {@link connectPlugin} calls it over gRPC, with the stubs
 * `@pulumi/pulumi` ships (`test/plugin/package.test.ts` drives the installed executable so).
 */
import { execFileSync, spawn, spawnSync, type ChildProcess } from "node:child_process";
import { chmodSync, copyFileSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { performance } from "node:perf_hooks";
import * as readline from "node:readline";
import type * as grpcTypes from "@grpc/grpc-js";
import type * as providerTypes from "@pulumi/pulumi/proto/provider_pb";
import { startEmulator } from "../src/emulator";
import {
  Empty,
  fromStruct,
  grpc,
  pluginProto,
  proto,
  service,
  toStruct,
} from "../src/plugin/protocol";
import { secret } from "../src/plugin/wire";
import { packagePlugin, PLUGIN_NAME, SERVER_NAME } from "../scripts/plugin-package";
import { median, round } from "./measure";

const ROOT = path.join(__dirname, "..");

/** A property bag. */
type Bag = Record<string, unknown>;

/** A plugin process started as the engine starts one, with the port it printed. */
export interface PluginProcess {
  readonly child: ChildProcess;
  readonly port: number;
  /** Milliseconds from the spawn to the printed port. */
  readonly portMs: number;
  /** What it wrote to standard error so far. */
  stderr(): string;
  /** Ends it and waits for its exit. */
  stop(): Promise<void>;
}

/**
 * Spawns `command` with the engine's address as its argument (the plugin needs no engine for
 * the calls made here) and resolves once it prints its port; rejects, with its standard error,
 * if it exits first or prints anything else.
 */
export function spawnPlugin(
  command: string,
  args: readonly string[] = [],
  options: { env?: NodeJS.ProcessEnv; cwd?: string; timeoutMs?: number } = {},
): Promise<PluginProcess> {
  const started = performance.now();
  const child = spawn(command, [...args, "127.0.0.1:1"], {
    env: options.env ?? { PATH: process.env.PATH },
    cwd: options.cwd,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let errors = "";
  child.stderr!.setEncoding("utf8").on("data", (chunk: string) => (errors += chunk));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill();
    await exited;
  };
  return new Promise((resolve, reject) => {
    const fail = (why: string) => {
      void stop();
      reject(new Error(`${command}: ${why}; its standard error: ${errors.trim() || "(empty)"}`));
    };
    const timer = setTimeout(() => fail("printed no port"), options.timeoutMs ?? 30_000);
    child.once("error", (error) => fail(String(error)));
    const early = (code: number | null, signal: string | null) =>
      fail(`exited (${signal ?? code}) before printing its port`);
    child.once("exit", early);
    readline.createInterface({ input: child.stdout! }).once("line", (line) => {
      clearTimeout(timer);
      child.off("exit", early);
      if (!/^\d+$/.test(line.trim())) return fail(`printed ${JSON.stringify(line)}, not a port`);
      resolve({
        child,
        port: Number(line),
        portMs: performance.now() - started,
        stderr: () => errors,
        stop,
      });
    });
  });
}

type Unary = (
  request: unknown,
  metadata: grpcTypes.Metadata,
  options: Partial<grpcTypes.CallOptions>,
  callback: (error: grpcTypes.ServiceError | null, response: unknown) => void,
) => void;

/** The calls of the plugin's protocol that outside checks make. */
export interface PluginConnection {
  getPluginInfo(): Promise<string>;
  getSchema(): Promise<string>;
  configure(args: Bag): Promise<void>;
  check(token: string, news: Bag): Promise<{ inputs: Bag; failures: string[] }>;
  /** A read with no stored properties: what `pulumi import` sends. */
  importRead(token: string, id: string): Promise<{ id: string; outputs: Bag; inputs: Bag }>;
  /** A data function's call. */
  invoke(token: string, args: Bag): Promise<Bag>;
  close(): void;
}

/** A gRPC client of the plugin listening on `port`. */
export function connectPlugin(port: number): PluginConnection {
  const client = new service.ResourceProviderClient(
    `127.0.0.1:${port}`,
    grpc.credentials.createInsecure(),
  );
  const call = <Res>(method: string, request: unknown): Promise<Res> => {
    const fn = (client as unknown as Record<string, Unary>)[method]!.bind(client);
    return new Promise((resolve, reject) =>
      fn(request, new grpc.Metadata(), { deadline: Date.now() + 30_000 }, (error, response) =>
        error ? reject(error) : resolve(response as Res),
      ),
    );
  };
  const urn = (token: string) => `urn:pulumi:bench::plugin::${token}::r`;
  return {
    getPluginInfo: async () =>
      (
        await call<InstanceType<typeof pluginProto.PluginInfo>>("getPluginInfo", new Empty())
      ).getVersion(),
    getSchema: async () =>
      (
        await call<providerTypes.GetSchemaResponse>("getSchema", new proto.GetSchemaRequest())
      ).getSchema(),
    async configure(args) {
      const request = new proto.ConfigureRequest().setArgs(toStruct(args)).setAcceptsecrets(true);
      await call("configure", request);
    },
    async check(token, news) {
      const request = new proto.CheckRequest()
        .setUrn(urn(token))
        .setType(token)
        .setOlds(toStruct({}))
        .setNews(toStruct(news));
      const response = await call<providerTypes.CheckResponse>("check", request);
      return {
        inputs: fromStruct(response.getInputs()),
        failures: response.getFailuresList().map((f) => `${f.getProperty()}: ${f.getReason()}`),
      };
    },
    async importRead(token, id) {
      const request = new proto.ReadRequest().setUrn(urn(token)).setType(token).setId(id);
      const response = await call<providerTypes.ReadResponse>("read", request);
      return {
        id: response.getId(),
        outputs: fromStruct(response.getProperties()),
        inputs: fromStruct(response.getInputs()),
      };
    },
    async invoke(token, args) {
      const request = new proto.InvokeRequest().setTok(token).setArgs(toStruct(args));
      return fromStruct((await call<providerTypes.InvokeResponse>("invoke", request)).getReturn());
    },
    close: () => client.close(),
  };
}

/** The resource every measured `Check` is about: an access list, valid. */
export const CHECKED = {
  token: "bunnynet-shield:index:AccessList",
  inputs: { shieldZoneId: 1002, name: "bench list", type: "IP", entries: ["192.0.2.1"] },
};

/** One start of `command`: the port, then `Configure` and the first `Check`, timed from the spawn. */
async function timeStart(
  command: string,
  args: readonly string[],
  config: Bag,
): Promise<{ portMs: number; checkMs: number }> {
  const started = performance.now();
  const plugin = await spawnPlugin(command, args);
  const connection = connectPlugin(plugin.port);
  try {
    await connection.configure(config);
    const checked = await connection.check(CHECKED.token, CHECKED.inputs);
    const checkMs = performance.now() - started;
    if (checked.failures.length > 0)
      throw new Error(`Check failed: ${checked.failures.join("; ")}`);
    return { portMs: plugin.portMs, checkMs };
  } finally {
    connection.close();
    await plugin.stop();
  }
}

/**
 * What the launcher itself adds to a start: the built launcher, copied beside a program that
 * does nothing (`/bin/true`, under the server's name), against that program spawned directly,
 * in turn; the median of `pairs` paired differences. Node's own start varies too much on a busy
 * machine for `executableMs - serverMs` to show a few milliseconds.
 */
function launcherOverhead(launcher: string, pairs = 200): number | undefined {
  const nothing = "/bin/true";
  if (process.platform === "win32" || !existsSync(nothing)) return undefined;
  const folder = mkdtempSync(path.join(tmpdir(), "shield-launcher-"));
  try {
    const copy = path.join(folder, PLUGIN_NAME);
    const server = path.join(folder, SERVER_NAME);
    copyFileSync(launcher, copy);
    copyFileSync(nothing, server);
    chmodSync(copy, 0o755);
    chmodSync(server, 0o755);
    const timed = (file: string) => {
      const started = performance.now();
      const run = spawnSync(file, ["127.0.0.1:1"], { stdio: "ignore" });
      if (run.status !== 0) throw new Error(`${file} exited with ${run.status ?? run.signal}`);
      return performance.now() - started;
    };
    const differences: number[] = [];
    for (let i = 0; i < pairs; i++) differences.push(timed(copy) - timed(server));
    return round(median(differences), 2);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** What {@link pluginStart} records. */
export interface PluginStartResult {
  runs: number;
  /** Median ms from spawn to the first answered `Check`, per way of running the plugin. */
  executableMs: number;
  /** The single executable started directly, without the launcher. */
  serverMs: number;
  nodeDistMs: number;
  nodeBundleMs: number;
  /**
   * What the launcher itself adds to a start, in ms (see {@link launcherOverhead}); absent on
   * Windows.
   */
  launcherOverheadMs?: number;
  /** Median ms from spawn to the printed port. */
  portMs: { executable: number; server: number; nodeDist: number; nodeBundle: number };
  targetMs: number;
  met: boolean;
  /** The archive and what it holds, in MB: the launcher, the single executable, its bundles. */
  archiveMB: number;
  launcherMB: number;
  executableMB: number;
  bundleMB: number;
  /** The Pulumi SDK's bundle, an asset of the executable compiled on the first import. */
  sdkBundleMB: number;
  perRun: Array<Record<string, number>>;
}

/**
 * Builds the archive and the package (`npm run plugin`, `npm run build`), then starts each way
 * of running the plugin `runs` times, in turn, the order rotating from run to run.
 */
export async function pluginStart(runs = 9): Promise<PluginStartResult> {
  const built = await packagePlugin();
  execFileSync("npx", ["tsc", "-p", "tsconfig.build.json"], { cwd: ROOT, stdio: "inherit" });
  const sides = {
    executable: [built.executable, []],
    server: [built.server, []],
    nodeDist: [process.execPath, [path.join(ROOT, "dist/plugin/main.js")]],
    nodeBundle: [process.execPath, [built.bundle]],
  } as const;
  const names = Object.keys(sides) as Array<keyof typeof sides>;
  const emulator = await startEmulator();
  const config = { apiKey: secret(emulator.apiKey), apiUrl: emulator.url };
  const perRun: Array<Record<string, number>> = [];
  try {
    // One untimed start each: the first reads the files from disk into the page cache.
    for (const name of names) await timeStart(sides[name][0], sides[name][1], config);
    for (let run = 0; run < runs; run++) {
      const figures: Record<string, number> = {};
      for (let i = 0; i < names.length; i++) {
        const name = names[(run + i) % names.length]!;
        const timed = await timeStart(sides[name][0], sides[name][1], config);
        figures[`${name}Ms`] = round(timed.checkMs, 1);
        figures[`${name}PortMs`] = round(timed.portMs, 1);
      }
      perRun.push(figures);
    }
  } finally {
    await emulator.close();
  }
  const med = (key: string) => round(median(perRun.map((r) => r[key]!)), 1);
  const mb = (bytes: number) => round(bytes / 1024 ** 2, 1);
  const targetMs = 250;
  return {
    runs,
    executableMs: med("executableMs"),
    serverMs: med("serverMs"),
    nodeDistMs: med("nodeDistMs"),
    nodeBundleMs: med("nodeBundleMs"),
    launcherOverheadMs: launcherOverhead(built.executable),
    portMs: {
      executable: med("executablePortMs"),
      server: med("serverPortMs"),
      nodeDist: med("nodeDistPortMs"),
      nodeBundle: med("nodeBundlePortMs"),
    },
    targetMs,
    met: med("executableMs") <= targetMs,
    archiveMB: mb(built.bytes.archive),
    launcherMB: mb(built.bytes.executable),
    executableMB: mb(built.bytes.server),
    bundleMB: mb(built.bytes.bundle),
    sdkBundleMB: mb(built.bytes.sdkBundle),
    perRun,
  };
}
