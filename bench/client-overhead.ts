/**
 * Client overhead: `getBotDetection` through `ShieldClient` against the same request made with
 * bare node-fetch (same URL, the same headers as the client sends: AccessKey, Accept,
 * Accept-Encoding and User-Agent; the body read with `res.json()`, one JSON parse as the
 * client's; an agent with the same keep-alive settings), and made with bare `http.request`
 * (the same, its body collected and parsed once). All send the same request and get the same
 * answer. Against node-fetch, the baseline, the ratio is what a caller saves or pays by
 * using the client instead of a fetch; against `http.request`, which the client's transport
 * is built on, the difference is the client's own work: its checks, timeouts, retries, shared
 * reads and the validation of the answer. Calls are sequential, so each one's cost is visible;
 * the sides alternate in rounds (their order rotating from round to round) so that all see
 * the same conditions.
 */
import * as http from "node:http";
import fetch from "node-fetch";
import { ShieldClient } from "../src/client";
import { ACCEPT_ENCODING } from "../src/client/connection";
import { startChildEmulator } from "./emulator-process";
import { cpuMicros, median, now, repeat, type Sizes } from "./measure";

const ZONE = 1001;
/** The User-Agent of every side, so that they send the same request. */
const USER_AGENT = "bench/client-overhead";

/** One run's totals for one side. */
interface SideTotals {
  ms: number;
  cpuMicros: number;
  failures: number;
}

/** The sides, in the order of the first round; the order rotates from round to round. */
const SIDES = ["client", "bare", "http"] as const;
type Side = (typeof SIDES)[number];

export interface ClientOverheadResult {
  calls: number;
  rounds: number;
  runs: number;
  /** Median over runs of (client time / bare node-fetch time), each measured side by side in one run. */
  ratio: number;
  clientMicrosPerCall: number;
  bareMicrosPerCall: number;
  /** CPU time of this process per call (the emulator runs in another process). */
  clientCpuMicrosPerCall: number;
  bareCpuMicrosPerCall: number;
  /** Median over runs of (client CPU / bare node-fetch CPU). */
  cpuRatio: number;
  /** Median over runs of (client time / bare `http.request` time): the client's own cost. */
  platformRatio: number;
  platformMicrosPerCall: number;
  platformCpuMicrosPerCall: number;
  /** Median over runs of (client CPU / bare `http.request` CPU). */
  platformCpuRatio: number;
  failures: number;
  perRun: Array<{
    ratio: number;
    platformRatio: number;
    clientMicrosPerCall: number;
    bareMicrosPerCall: number;
    platformMicrosPerCall: number;
  }>;
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
      "Accept-Encoding": ACCEPT_ENCODING,
      "User-Agent": USER_AGENT,
    };
    const url = `${emulator.url}/shield/shield-zone/${ZONE}/bot-detection`;
    const { hostname, port, pathname } = new URL(url);
    const options: http.RequestOptions = { hostname, port, path: pathname, headers, agent };
    const sides: Record<Side, () => Promise<boolean>> = {
      async client() {
        try {
          await client.getBotDetection(ZONE);
          return true;
        } catch {
          return false;
        }
      },
      async bare() {
        try {
          const res = await fetch(url, { headers, agent });
          await res.json();
          return res.status === 200;
        } catch {
          return false;
        }
      },
      http: () =>
        new Promise<boolean>((resolve) => {
          http
            .get(options, (res) => {
              const chunks: Buffer[] = [];
              res.on("data", (chunk: Buffer) => chunks.push(chunk));
              res.on("end", () => {
                JSON.parse(Buffer.concat(chunks).toString());
                resolve(res.statusCode === 200);
              });
              res.on("error", () => resolve(false));
            })
            .on("error", () => resolve(false));
        }),
    };

    const batch = async (call: () => Promise<boolean>, count: number, into: SideTotals) => {
      const cpuStart = process.cpuUsage();
      const start = now();
      for (let i = 0; i < count; i++) if (!(await call())) into.failures++;
      into.ms += now() - start;
      into.cpuMicros += cpuMicros(cpuStart);
    };
    const totals = (): Record<Side, SideTotals> => ({
      client: { ms: 0, cpuMicros: 0, failures: 0 },
      bare: { ms: 0, cpuMicros: 0, failures: 0 },
      http: { ms: 0, cpuMicros: 0, failures: 0 },
    });

    const warm = totals();
    for (const side of SIDES) await batch(sides[side], size.warmup, warm[side]);

    const perRound = Math.ceil(size.calls / size.rounds);
    const runs = await repeat(size.runs, async () => {
      await emulator.clearRequests();
      const run = totals();
      let done = 0;
      for (let round = 0; done < size.calls; round++) {
        const count = Math.min(perRound, size.calls - done);
        for (let i = 0; i < SIDES.length; i++) {
          const side = SIDES[(round + i) % SIDES.length]!;
          await batch(sides[side], count, run[side]);
        }
        done += count;
      }
      return run;
    });

    const us = (side: SideTotals) => (side.ms * 1000) / size.calls;
    const cpu = (side: SideTotals) => side.cpuMicros / size.calls;
    return {
      calls: size.calls,
      rounds: size.rounds,
      runs: size.runs,
      ratio: median(runs.map((r) => r.client.ms / r.bare.ms)),
      clientMicrosPerCall: median(runs.map((r) => us(r.client))),
      bareMicrosPerCall: median(runs.map((r) => us(r.bare))),
      clientCpuMicrosPerCall: median(runs.map((r) => cpu(r.client))),
      bareCpuMicrosPerCall: median(runs.map((r) => cpu(r.bare))),
      cpuRatio: median(runs.map((r) => r.client.cpuMicros / r.bare.cpuMicros)),
      platformRatio: median(runs.map((r) => r.client.ms / r.http.ms)),
      platformMicrosPerCall: median(runs.map((r) => us(r.http))),
      platformCpuMicrosPerCall: median(runs.map((r) => cpu(r.http))),
      platformCpuRatio: median(runs.map((r) => r.client.cpuMicros / r.http.cpuMicros)),
      failures: [warm, ...runs].reduce(
        (n, r) => n + SIDES.reduce((m, side) => m + r[side].failures, 0),
        0,
      ),
      perRun: runs.map((r) => ({
        ratio: r.client.ms / r.bare.ms,
        platformRatio: r.client.ms / r.http.ms,
        clientMicrosPerCall: us(r.client),
        bareMicrosPerCall: us(r.bare),
        platformMicrosPerCall: us(r.http),
      })),
    };
  } finally {
    agent.destroy();
    await emulator.close();
  }
}
