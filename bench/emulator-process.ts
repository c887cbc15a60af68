/**
 * The emulator in a child process, driven through its `/_emulator/` admin routes. The
 * benchmarks use it so that the benchmark process holds only the client's work: its CPU time
 * and memory are then the client's, and the emulator runs on the other core.
 */
import { spawn, type ChildProcess } from "node:child_process";
import * as http from "node:http";
import * as path from "node:path";
import * as readline from "node:readline";
import type { FaultSpec, RecordedRequest, StateSnapshot } from "../src/emulator";

/** The repository's root folder. */
export const REPO = path.resolve(__dirname, "..");

/** How to start the child emulator. */
export interface ChildEmulatorOptions {
  /** Added to every API answer, ms. */
  latencyMs?: number;
  /** Event log entries per page. */
  eventLogPageSize?: number;
  /** Replaces the seeded state once the emulator listens. */
  state?: StateSnapshot;
}

/** A fault as the admin route takes it: `times` may be "Infinity". */
export type FaultJson = Omit<FaultSpec, "times" | "retryAfter"> & {
  times?: number | "Infinity";
  retryAfter?: number | string;
};

/** A running child emulator. */
export interface ChildEmulator {
  readonly url: string;
  readonly apiKey: string;
  readonly pid: number;
  /**
   * TCP connections the emulator accepted so far, *not* counting the one this call opens
   * (every admin call uses its own connection, and the server counts it before answering).
   */
  connectionsOpened(): Promise<number>;
  /** Runs `work` and returns it with the number of TCP connections opened meanwhile. */
  connectionsDuring<T>(work: () => Promise<T>): Promise<{ value: T; opened: number }>;
  /** API requests recorded since the last {@link clearRequests}. */
  requests(): Promise<RecordedRequest[]>;
  clearRequests(): Promise<void>;
  addFault(fault: FaultJson): Promise<void>;
  clearFaults(): Promise<void>;
  state(): Promise<StateSnapshot>;
  setState(state: StateSnapshot): Promise<void>;
  /** Stops the process (SIGTERM) and waits for it to exit. */
  close(): Promise<void>;
}

const running = new Set<ChildProcess>();
let exitHookInstalled = false;

/** Starts `src/emulator/cli.ts` with ts-node in a child process and waits until it listens. */
export async function startChildEmulator(
  options: ChildEmulatorOptions = {},
): Promise<ChildEmulator> {
  const args = ["-r", "ts-node/register/transpile-only", "src/emulator/cli.ts", "--port", "0"];
  if (options.latencyMs !== undefined) args.push("--latency-ms", String(options.latencyMs));
  if (options.eventLogPageSize !== undefined) {
    args.push("--event-log-page-size", String(options.eventLogPageSize));
  }
  const child = spawn(process.execPath, args, { cwd: REPO, stdio: ["ignore", "pipe", "pipe"] });
  running.add(child);
  child.once("exit", () => running.delete(child));
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    // Never leave an emulator behind, even when a benchmark throws.
    process.once("exit", () => {
      for (const c of running) c.kill("SIGKILL");
    });
  }

  let stderr = "";
  child.stderr!.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
  const lines = readline.createInterface({ input: child.stdout! });
  const ready = await new Promise<{ url: string; apiKey: string; pid: number }>(
    (resolve, reject) => {
      const timer = setTimeout(() => {
        child.kill("SIGKILL");
        reject(new Error(`the emulator did not start within 60 s: ${stderr}`));
      }, 60_000);
      lines.once("line", (line) => {
        clearTimeout(timer);
        try {
          resolve(JSON.parse(line) as { url: string; apiKey: string; pid: number });
        } catch (error) {
          reject(error);
        }
      });
      child.once("exit", (code) => {
        clearTimeout(timer);
        reject(new Error(`the emulator exited (${code}) before listening: ${stderr}`));
      });
    },
  );
  lines.close();

  const admin = async (method: string, route: string, body?: unknown): Promise<string> => {
    const { status, text } = await adminRequest(ready.url, ready.apiKey, method, route, body);
    if (status >= 300) throw new Error(`${method} /_emulator${route}: HTTP ${status} ${text}`);
    return text;
  };
  const emulator: ChildEmulator = {
    url: ready.url,
    apiKey: ready.apiKey,
    pid: ready.pid,
    async connectionsOpened() {
      const stats = JSON.parse(await admin("GET", "/stats")) as { connectionsOpened: number };
      return stats.connectionsOpened - 1;
    },
    async connectionsDuring(work) {
      const before = await emulator.connectionsOpened();
      const value = await work();
      // `before` left out its own connection, which is counted by the time of `after`.
      const after = await emulator.connectionsOpened();
      return { value, opened: after - before - 1 };
    },
    async requests() {
      return JSON.parse(await admin("GET", "/requests")) as RecordedRequest[];
    },
    async clearRequests() {
      await admin("DELETE", "/requests");
    },
    async addFault(fault) {
      await admin("POST", "/faults", fault);
    },
    async clearFaults() {
      await admin("DELETE", "/faults");
    },
    async state() {
      return JSON.parse(await admin("GET", "/state")) as StateSnapshot;
    },
    async setState(state) {
      await admin("PUT", "/state", state);
    },
    close() {
      if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
      return new Promise<void>((resolve) => {
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      });
    },
  };
  if (options.state) await emulator.setState(options.state);
  return emulator;
}

/** One admin call on a connection of its own (`agent: false`), so connection counts stay exact. */
function adminRequest(
  url: string,
  apiKey: string,
  method: string,
  route: string,
  body: unknown,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const request = http.request(
      `${url}/_emulator${route}`,
      {
        method,
        agent: false,
        headers: {
          AccessKey: apiKey,
          ...(payload === undefined ? {} : { "Content-Type": "application/json" }),
        },
      },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (text += chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, text }));
        response.on("error", reject);
      },
    );
    request.on("error", reject);
    request.end(payload);
  });
}
