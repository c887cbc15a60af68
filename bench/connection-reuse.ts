/**
 * Connection reuse: PATCHes (`updateAccessListConfiguration`, alternating `isEnabled`) at a
 * fixed concurrency through `ShieldClient`, counting the TCP connections the emulator accepts.
 * With keep-alive, that count stays at the concurrency however many requests are sent.
 * Each run gets a fresh emulator (a new port), so the process-wide agent cannot bring sockets
 * from an earlier run.
 */
import { ShieldClient } from "../src/client";
import { startChildEmulator } from "./emulator-process";
import { median, now, pool, repeat, type Sizes } from "./measure";

const ZONE = 1001; // an Advanced zone: every one of its lists may be changed
const CONFIGURATIONS = [100101, 100102, 100103, 100104, 100111, 100112];

export interface ConnectionReuseResult {
  requests: number;
  concurrency: number;
  runs: number;
  /** The most connections any run opened (target: at most concurrency + 4). */
  connectionsOpened: number;
  connectionsOpenedPerRun: number[];
  /** Median over runs. */
  requestsPerSecond: number;
  failures: number;
}

export async function connectionReuse(
  size: Sizes["connectionReuse"],
): Promise<ConnectionReuseResult> {
  const runs = await repeat(size.runs, async () => {
    const emulator = await startChildEmulator();
    try {
      const client = new ShieldClient({ apiKey: emulator.apiKey, baseUrl: emulator.url });
      let failures = 0;
      const { value: seconds, opened } = await emulator.connectionsDuring(async () => {
        const start = now();
        await pool(size.requests, size.concurrency, async (i) => {
          const configurationId = CONFIGURATIONS[i % CONFIGURATIONS.length]!;
          const isEnabled = Math.floor(i / CONFIGURATIONS.length) % 2 === 0;
          try {
            await client.updateAccessListConfiguration(ZONE, configurationId, { isEnabled });
          } catch {
            failures++;
          }
        });
        return (now() - start) / 1000;
      });
      return { opened, requestsPerSecond: size.requests / seconds, failures };
    } finally {
      await emulator.close();
    }
  });
  return {
    requests: size.requests,
    concurrency: size.concurrency,
    runs: size.runs,
    connectionsOpened: Math.max(...runs.map((r) => r.opened)),
    connectionsOpenedPerRun: runs.map((r) => r.opened),
    requestsPerSecond: median(runs.map((r) => r.requestsPerSecond)),
    failures: runs.reduce((n, r) => n + r.failures, 0),
  };
}
