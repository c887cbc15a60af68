import { strict as assert } from "node:assert";
import type { EventLogsSearchResponse } from "../../src/emulator";
import { API_KEY, call, NOW, SUCCESS, TODAY, useEmulator, type Answer } from "./helpers";
import { startEmulator } from "../../src/emulator";

type Counters = Record<string, number>;
interface Overview {
  data: Record<string, Counters | Record<string, Counters> | number> & {
    overview: Counters;
    waf: Counters;
    overviewPastTwentyEightDays: Record<string, Counters>;
  };
  error: typeof SUCCESS;
}
interface Metric {
  metrics: Record<string, Record<string, number>>;
  totals: Counters;
}
interface Detailed {
  data: Record<string, Metric | number> & { resolution: number };
  error: typeof SUCCESS;
}

const DAY = 86_400_000;
const TODAY_START = Date.UTC(2026, 2, 15);
/** The overview's features and their names in the detailed answer. */
const FEATURES: Array<[string, string]> = [
  ["waf", "waf"],
  ["dDoS", "ddos"],
  ["ratelimit", "rateLimit"],
  ["botDetection", "botDetection"],
  ["accessList", "accessLists"],
  ["uploadScanning", "uploadScanning"],
  ["apiGuardian", "apiGuardian"],
];

describe("emulator: metrics", () => {
  const emulator = useEmulator({ drift: false });

  async function json<T>(path: string, status = 200): Promise<T> {
    const answer: Answer = await call(emulator(), path);
    assert.equal(answer.status, status, answer.text);
    return answer.json as T;
  }
  const overview = (zone = 1001) => json<Overview>(`/shield/metrics/overview/${zone}`);
  const detailed = (zone: number, query: string) =>
    json<Detailed>(`/shield/metrics/overview/${zone}/detailed?${query}`);
  const iso = (ms: number) => new Date(ms).toISOString();

  async function searchTotal(zone: number, from: number, to: number, action?: string) {
    const filters = action ? [{ field: "action", op: "eq", value: [action] }] : null;
    const answer = await call(emulator(), `/shield/event-logs/${zone}/search`, {
      method: "POST",
      body: { from, to, filters },
    });
    return (answer.json as EventLogsSearchResponse).total;
  }

  it("counts today's WAF events as the event-log search finds them, up to the clock", async () => {
    const { data, error } = await overview(1002);
    assert.deepEqual(error, SUCCESS);
    const until = NOW.getTime() + 1;
    const found = {
      totalTriggeredRules: await searchTotal(1002, TODAY_START, until),
      blockedRequests: await searchTotal(1002, TODAY_START, until, "blocked"),
      loggedRequests: await searchTotal(1002, TODAY_START, until, "logged"),
      challengedRequests: await searchTotal(1002, TODAY_START, until, "challenged"),
    };
    assert.deepEqual(data.waf, found);
    // Half of the day has gone by: about half of its 250 logs have happened.
    assert.ok(found.totalTriggeredRules > 100 && found.totalTriggeredRules < 150);
    assert.ok(
      found.totalTriggeredRules < (await searchTotal(1002, TODAY_START, TODAY_START + DAY)),
    );
    assert.equal(data.overview.wafTriggeredRules, found.totalTriggeredRules);
  });

  it("sums each feature's counters into the overview, for today and for each of 28 days", async () => {
    const { data } = await overview();
    const days = Object.keys(data.overviewPastTwentyEightDays);
    assert.equal(days.length, 28);
    assert.equal(days[27], iso(TODAY_START));
    assert.equal(days[0], iso(TODAY_START - 27 * DAY));
    assert.deepEqual(data.overviewPastTwentyEightDays[iso(TODAY_START)], data.overview);
    const feature = (name: string) => data[name] as Counters;
    assert.deepEqual(data.overview, {
      dDoSMitigated: feature("dDoS").blockedRequests! + feature("dDoS").challengedRequests!,
      wafTriggeredRules: feature("waf").totalTriggeredRules,
      ratelimitBreaches: feature("ratelimit").totalBreaches,
      botDetectionChallenged: feature("botDetection").challengedRequests,
      accessListActions: feature("accessList").totalActions,
      uploadScanningBlocks: feature("uploadScanning").blockedRequests,
      apiGuardianBlocks: feature("apiGuardian").blockedRequests,
    });
    for (const [name] of FEATURES.slice(1)) {
      const daily = data[`${name}OverviewPastTwentyEightDays`] as Record<string, Counters>;
      assert.deepEqual(Object.keys(daily), days, name);
      assert.deepEqual(daily[iso(TODAY_START)], feature(name), name);
    }
    // A day gone by counts all of its logs.
    assert.equal(data.overviewPastTwentyEightDays[days[26]!]!.wafTriggeredRules, 250);
    const ratelimit = feature("ratelimit");
    assert.equal(
      ratelimit.totalBreaches,
      ratelimit.loggedBreaches! + ratelimit.challengedBreaches! + ratelimit.blockedBreaches!,
    );
    assert.equal(data.totalCleanRequestsLimit, 10_000_000, "zone 1001 is on Advanced");
    assert.ok(
      Number.isInteger(data.totalBillableRequests) && (data.totalBillableRequests as number) > 0,
    );
  });

  it("follows the zone's log volume, and is the same in every emulator, per zone", async () => {
    emulator().state.setEventLogVolume(1003, TODAY, 10_000);
    const { data } = await overview(1003);
    assert.ok((data.waf.totalTriggeredRules as number) > 4_000);
    emulator().state.setEventLogVolume(1003, TODAY, 250);
    const again = await startEmulator({ apiKey: API_KEY, now: () => NOW, drift: false });
    try {
      const other = (await call(again, "/shield/metrics/overview/1001")).json as Overview;
      assert.deepEqual(other, await overview(1001));
      assert.notDeepEqual((await overview(1002)).data.dDoS, other.data.dDoS);
    } finally {
      await again.close();
    }
  });

  it("gives each feature's series and totals over a window, agreeing with the overview", async () => {
    const { data } = await detailed(
      1001,
      `StartDate=${iso(TODAY_START)}&EndDate=${iso(NOW.getTime() + 1)}&Resolution=3`,
    );
    const today = (await overview(1001)).data;
    assert.equal(data.resolution, 3);
    for (const [name, detailedName] of FEATURES) {
      const { metrics, totals } = data[detailedName] as Metric;
      assert.deepEqual(totals, today[name], name);
      for (const [counter, series] of Object.entries(metrics)) {
        // Hourly buckets from midnight to the current hour, every one present.
        assert.deepEqual(
          Object.keys(series),
          Array.from({ length: 13 }, (_, h) => iso(TODAY_START + h * 3_600_000)),
        );
        const sum = Object.values(series).reduce((a, b) => a + b, 0);
        assert.equal(sum, totals[counter], `${name}.${counter}`);
      }
    }
    assert.equal(data.totalCleanRequestsLimit, today.totalCleanRequestsLimit);
    assert.equal(data.totalBillableRequestsThisMonth, today.totalBillableRequests);
  });

  it("picks a resolution for Auto, coarsens one that gives too many buckets, aligns weeks and months", async () => {
    const window = (start: number, end: number, resolution: string) =>
      `StartDate=${iso(start)}&EndDate=${iso(end)}&Resolution=${resolution}`;
    const resolutionOf = async (query: string) => (await detailed(1001, query)).data.resolution;
    assert.equal(await resolutionOf(window(TODAY_START, TODAY_START + 3_600_000, "0")), 1);
    assert.equal(await resolutionOf(window(TODAY_START - DAY, TODAY_START, "0")), 2);
    assert.equal(await resolutionOf(window(TODAY_START - 7 * DAY, TODAY_START, "Auto")), 3);
    assert.equal(await resolutionOf(window(TODAY_START - 60 * DAY, TODAY_START, "42")), 4);
    assert.equal(await resolutionOf(window(TODAY_START - 60 * DAY, TODAY_START, "1")), 3);
    assert.equal(await resolutionOf(window(TODAY_START - DAY, TODAY_START, "TenMinutes")), 2);

    const weekly = await detailed(1001, window(TODAY_START - 20 * DAY, TODAY_START, "5"));
    const weeks = Object.keys((weekly.data.waf as Metric).metrics.totalTriggeredRules!);
    // 2026-02-23 was a Monday.
    assert.deepEqual(
      weeks,
      ["2026-02-23", "2026-03-02", "2026-03-09"].map((d) => `${d}T00:00:00.000Z`),
    );
    const monthly = await detailed(1001, window(Date.UTC(2026, 0, 20), TODAY_START, "6"));
    const months = Object.entries((monthly.data.waf as Metric).metrics.totalTriggeredRules!);
    assert.deepEqual(
      months.map(([month]) => month),
      ["2026-01-01", "2026-02-01", "2026-03-01"].map((d) => `${d}T00:00:00.000Z`),
    );
    assert.equal(months[1]![1], 28 * 250, "all of February's logs");
  });

  it("defaults to the day before now, and counts nothing after the clock", async () => {
    const { data } = await detailed(1001, "");
    const total = (data.waf as Metric).totals.totalTriggeredRules!;
    assert.equal(total, await searchTotal(1001, NOW.getTime() - DAY, NOW.getTime()));
    const future = await detailed(
      1001,
      `StartDate=${iso(NOW.getTime() + 1)}&EndDate=${iso(TODAY_START + DAY)}`,
    );
    assert.equal((future.data.waf as Metric).totals.totalTriggeredRules, 0);
  });

  it("answers an unknown zone with HTTP 202 and the zone's errorKey, on both routes", async () => {
    for (const path of ["/shield/metrics/overview/7", "/shield/metrics/overview/7/detailed"]) {
      const body = await json<{ data: null; error: typeof SUCCESS }>(path, 202);
      assert.equal(body.data, null);
      assert.equal(body.error.errorKey, "not_found_or_unauthorised_access.shieldzone");
    }
  });

  it("refuses a window that does not end after it starts, or is over 366 days", async () => {
    for (const query of [
      `StartDate=${iso(TODAY_START)}&EndDate=${iso(TODAY_START)}`,
      `StartDate=${iso(TODAY_START - 367 * DAY)}&EndDate=${iso(TODAY_START)}`,
    ]) {
      const body = await json<{ data: null; error: typeof SUCCESS }>(
        `/shield/metrics/overview/1001/detailed?${query}`,
      );
      assert.equal(body.data, null);
      assert.deepEqual(
        [body.error.statusCode, body.error.errorKey],
        [400, "invalid_datetime_window.metrics"],
      );
    }
  });

  it("answers a malformed date or resolution with a 400 ProblemDetails", async () => {
    for (const query of ["StartDate=yesterday", "EndDate=2026-13-40", "Resolution=Fortnightly"]) {
      const body = await json<{ status: number }>(
        `/shield/metrics/overview/1001/detailed?${query}`,
        400,
      );
      assert.equal(body.status, 400);
    }
  });
});

describe("emulator: metrics in drift mode", () => {
  const emulator = useEmulator({ drift: true });

  it("adds fields to the features' counters, none to the maps keyed by day, series or time", async () => {
    const overview = (await call(emulator(), "/shield/metrics/overview/1001")).json as Overview;
    assert.ok("addedBySinceSpec" in overview.data.waf);
    const daily = overview.data.overviewPastTwentyEightDays;
    assert.ok(!("addedBySinceSpec" in daily));
    assert.ok("addedBySinceSpec" in Object.values(daily)[0]!);
    const detailed = (await call(emulator(), "/shield/metrics/overview/1001/detailed"))
      .json as Detailed;
    const waf = detailed.data.waf as Metric;
    assert.ok("addedBySinceSpec" in waf);
    for (const map of [waf.metrics, waf.totals, waf.metrics.blockedRequests!]) {
      assert.ok(!("addedBySinceSpec" in map));
    }
  });
});
