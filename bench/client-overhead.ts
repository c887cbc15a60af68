/**
 * Client overhead: `getBotDetection` through `ShieldClient` against the same request made with
 * bare node-fetch (same URL, the same headers as the client sends: AccessKey, Accept and
 * User-Agent; the body read with `res.json()`, one JSON parse as the client's; an agent with the
 * same keep-alive settings). Both send the same bytes and get the same answer, so the
 * difference is the client's own work: its checks, timeouts, retries, shared reads and the
 * validation of the answer. Calls are sequential, so each one's cost is visible; the two sides
 * alternate in rounds (first one, then the other, then swapped) so that both see the same
 * conditions.
 */
import * as http from "node:http";
import fetch from "node-fetch";
import { ShieldClient } from "../src/client";
import { startChildEmulator } from "./emulator-process";
import { cpuMicros, median, now, repeat, type Sizes } from "./measure";

const ZONE = 1001;
/** The User-Agent of both sides, so that they send the same request. */
const USER_AGENT = "bench/client-overhead";

/** One run's totals for one side. */
interface SideTotals {
  ms: number;
  cpuMicros: number;
  failures: number;
}

export interface ClientOverheadResult {
  calls: number;
  rounds: number;
  runs: number;
  /** Median over runs of (client time / bare time), each measured side by side in one run. */
  ratio: number;
  clientMicrosPerCall: number;
  bareMicrosPerCall: number;
  /** CPU time of this process per call (the emulator runs in another process). */
  clientCpuMicrosPerCall: number;
  bareCpuMicrosPerCall: number;
  /** Median over runs of (client CPU / bare CPU). */
  cpuRatio: number;
  failures: number;
  perRun: Array<{ ratio: number; clientMicrosPerCall: number; bareMicrosPerCall: number }>;
}

export async function clientOverhead(size: Sizes["clientOverhead"]): Promise<ClientOverheadResult> {
  const emulator = await startChildEmulator();
  const agent = new http.Agent({ keepAlive: true, maxSockets: 32 });
  try {
    const client = new ShieldClient({
      apiKey: emulator.apiKey,
      baseUrl: emulator.url,
      userAgent: USER_AGENT,
    });
    const headers = {
      AccessKey: emulator.apiKey,
      Accept: "application/json",
      "User-Agent": USER_AGENT,
    };
    const url = `${emulator.url}/shield/shield-zone/${ZONE}/bot-detection`;
    const viaClient = async (): Promise<boolean> => {
      try {
        await client.getBotDetection(ZONE);
        return true;
      } catch {
        return false;
      }
    };
    const bare = async (): Promise<boolean> => {
      try {
        const res = await fetch(url, { headers, agent });
        await res.json();
        return res.status === 200;
      } catch {
        return false;
      }
    };

    const batch = async (call: () => Promise<boolean>, count: number, into: SideTotals) => {
      const cpuStart = process.cpuUsage();
      const start = now();
      for (let i = 0; i < count; i++) if (!(await call())) into.failures++;
      into.ms += now() - start;
      into.cpuMicros += cpuMicros(cpuStart);
    };

    const warm: SideTotals = { ms: 0, cpuMicros: 0, failures: 0 };
    await batch(viaClient, size.warmup, warm);
    await batch(bare, size.warmup, warm);

    const perRound = Math.ceil(size.calls / size.rounds);
    const runs = await repeat(size.runs, async () => {
      await emulator.clearRequests();
      const client: SideTotals = { ms: 0, cpuMicros: 0, failures: 0 };
      const bareSide: SideTotals = { ms: 0, cpuMicros: 0, failures: 0 };
      let done = 0;
      for (let round = 0; done < size.calls; round++) {
        const count = Math.min(perRound, size.calls - done);
        if (round % 2 === 0) {
          await batch(viaClient, count, client);
          await batch(bare, count, bareSide);
        } else {
          await batch(bare, count, bareSide);
          await batch(viaClient, count, client);
        }
        done += count;
      }
      return { client, bare: bareSide };
    });

    const us = (totals: SideTotals, field: "ms" | "cpuMicros") =>
      field === "ms" ? (totals.ms * 1000) / size.calls : totals.cpuMicros / size.calls;
    return {
      calls: size.calls,
      rounds: size.rounds,
      runs: size.runs,
      ratio: median(runs.map((r) => r.client.ms / r.bare.ms)),
      clientMicrosPerCall: median(runs.map((r) => us(r.client, "ms"))),
      bareMicrosPerCall: median(runs.map((r) => us(r.bare, "ms"))),
      clientCpuMicrosPerCall: median(runs.map((r) => us(r.client, "cpuMicros"))),
      bareCpuMicrosPerCall: median(runs.map((r) => us(r.bare, "cpuMicros"))),
      cpuRatio: median(runs.map((r) => r.client.cpuMicros / r.bare.cpuMicros)),
      failures: warm.failures + runs.reduce((n, r) => n + r.client.failures + r.bare.failures, 0),
      perRun: runs.map((r) => ({
        ratio: r.client.ms / r.bare.ms,
        clientMicrosPerCall: us(r.client, "ms"),
        bareMicrosPerCall: us(r.bare, "ms"),
      })),
    };
  } finally {
    agent.destroy();
    await emulator.close();
  }
}
