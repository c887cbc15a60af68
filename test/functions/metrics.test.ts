import { strict as assert } from "node:assert";
import { InvalidArgumentError, NotFoundError } from "../../src/client/errors";
import { ShieldClient } from "../../src/client/shield-client";
import { startEmulator, type Emulator } from "../../src/emulator";
import {
  getMetricsOverview,
  searchEventLogs,
  type GetMetricsOverviewArgs,
  type ShieldFunctionOptions,
} from "../../src/functions";
import { isolateSettings, rejection, requestsTo } from "./helpers";

const DAY = 86_400_000;
const FEATURES = [
  "overview",
  "waf",
  "dDoS",
  "ratelimit",
  "botDetection",
  "accessList",
  "uploadScanning",
  "apiGuardian",
];
const DAILY = [
  "overviewPastTwentyEightDays",
  "dDoSOverviewPastTwentyEightDays",
  "ratelimitOverviewPastTwentyEightDays",
  "botDetectionOverviewPastTwentyEightDays",
  "accessListOverviewPastTwentyEightDays",
  "uploadScanningOverviewPastTwentyEightDays",
  "apiGuardianOverviewPastTwentyEightDays",
];
const DETAILED = [
  "waf",
  "ddos",
  "rateLimit",
  "accessLists",
  "botDetection",
  "uploadScanning",
  "apiGuardian",
];

describe("functions: getMetricsOverview", () => {
  // The emulator's clock stands still at the suite's start, so that figures read at different
  // moments agree; the search's window check uses the machine's clock, a moment later.
  const now = new Date();
  const today = Math.floor(now.getTime() / DAY) * DAY;
  let emu: Emulator;
  let options: ShieldFunctionOptions;
  let client: ShieldClient;
  let restore: () => void;
  before(async () => {
    restore = isolateSettings();
    emu = await startEmulator({ now: () => now });
    options = { apiKey: emu.apiKey, apiUrl: emu.url, maxRetries: 0 };
    client = new ShieldClient({ apiKey: emu.apiKey, baseUrl: emu.url });
  });
  beforeEach(() => {
    emu.resetRequests();
    emu.faults.clear();
  });
  after(async () => {
    await emu.close();
    restore();
  });

  it("gives the overview in the API's names, as plain JSON, with one request", async () => {
    const metrics = await getMetricsOverview({ shieldZoneId: 1001 }, options);
    assert.equal(requestsTo(emu, "getMetricsOverview"), 1);
    assert.equal(requestsTo(emu, "getDetailedMetricsOverview"), 0);
    const answer = await client.metrics.overview(1001);
    assert.deepEqual(
      Object.keys(metrics).sort(),
      [
        ...FEATURES,
        ...DAILY,
        "detailed",
        "shieldZoneId",
        "totalBillableRequests",
        "totalCleanRequestsLimit",
      ].sort(),
    );
    for (const name of [...FEATURES, ...DAILY]) {
      assert.deepEqual(
        metrics[name as keyof typeof metrics],
        answer[name as keyof typeof answer],
        name,
      );
    }
    assert.equal(metrics.detailed, null, "no window asked for, no series read");
    assert.equal(metrics.totalCleanRequestsLimit, answer.totalCleanRequestsLimit);
    assert.equal(Object.keys(metrics.overviewPastTwentyEightDays).length, 28);
    assert.deepEqual(JSON.parse(JSON.stringify(metrics)), metrics, "plain JSON");
  });

  it("agrees with what searchEventLogs finds today", async () => {
    const metrics = await getMetricsOverview({ shieldZoneId: 1002 }, options);
    const window = { shieldZoneId: 1002, from: today, to: now.getTime() + 1, limit: 1 };
    const all = await searchEventLogs(window, options);
    const blocked = await searchEventLogs(
      { ...window, filters: [{ field: "action", op: "eq", value: ["blocked"] }] },
      options,
    );
    assert.equal(metrics.waf.totalTriggeredRules, all.total);
    assert.equal(metrics.waf.blockedRequests, blocked.total);
    assert.equal(metrics.overview.wafTriggeredRules, all.total);
  });

  it("reads the detailed series for a window, with the resolution by name", async () => {
    const metrics = await getMetricsOverview(
      {
        shieldZoneId: 1001,
        startDate: new Date(today),
        endDate: now.getTime() + 1,
        resolution: "Hourly",
      },
      options,
    );
    const detailed = metrics.detailed!;
    assert.equal(detailed.startDate, new Date(today).toISOString());
    assert.equal(detailed.endDate, new Date(now.getTime() + 1).toISOString());
    assert.equal(detailed.resolution, "Hourly");
    assert.deepEqual(emu.requests.find((r) => r.route === "getDetailedMetricsOverview")!.query, {
      StartDate: new Date(today).toISOString(),
      EndDate: new Date(now.getTime() + 1).toISOString(),
      Resolution: "3",
    });
    for (const name of DETAILED) {
      const series = detailed[name as keyof typeof detailed] as {
        metrics: Record<string, Record<string, number>>;
        totals: Record<string, number>;
      };
      for (const [counter, total] of Object.entries(series.totals)) {
        const sum = Object.values(series.metrics[counter]!).reduce((a, b) => a + b, 0);
        assert.equal(sum, total, `${name}.${counter}`);
      }
    }
    // Today so far, hour by hour, adds up to the overview's today.
    assert.deepEqual(detailed.waf.totals, metrics.waf);
    assert.equal(detailed.totalCleanRequestsLimit, metrics.totalCleanRequestsLimit);
  });

  it("asks for the series with only a resolution (a number too), leaving the window to the service", async () => {
    const metrics = await getMetricsOverview({ shieldZoneId: 1001, resolution: 4 }, options);
    assert.deepEqual(
      [metrics.detailed?.startDate, metrics.detailed?.endDate, metrics.detailed?.resolution],
      [null, null, "Daily"],
    );
    assert.deepEqual(emu.requests.find((r) => r.route === "getDetailedMetricsOverview")!.query, {
      Resolution: "4",
    });
  });

  it("keeps a counter the service added, leaves out values of another type, names a new resolution", async () => {
    emu.faults.add({
      route: "getMetricsOverview",
      status: 200,
      body: {
        data: {
          waf: { blockedRequests: 4, botScore: 9, note: "text" },
          overviewPastTwentyEightDays: null,
        },
        error: null,
      },
    });
    emu.faults.add({
      route: "getDetailedMetricsOverview",
      status: 200,
      body: { data: { waf: { metrics: { blockedRequests: { t1: 2, t2: "x" } } }, resolution: 9 } },
    });
    const metrics = await getMetricsOverview({ shieldZoneId: 1001, resolution: "Auto" }, options);
    assert.deepEqual(metrics.waf, { blockedRequests: 4, botScore: 9 });
    assert.deepEqual(metrics.dDoS, {});
    assert.deepEqual(metrics.overviewPastTwentyEightDays, {});
    assert.equal(metrics.totalBillableRequests, null);
    assert.deepEqual(metrics.detailed?.waf, {
      metrics: { blockedRequests: { t1: 2 } },
      totals: {},
    });
    assert.deepEqual(metrics.detailed?.ddos, { metrics: {}, totals: {} });
    assert.equal(metrics.detailed?.resolution, "9");
  });

  it("reports an unknown zone as a NotFoundError naming the function and the zone", async () => {
    await rejection(
      getMetricsOverview({ shieldZoneId: 4242 }, options),
      NotFoundError,
      "getMetricsOverview for shield zone 4242: ",
    );
  });

  const refused: Array<[string, Record<string, unknown>, string]> = [
    ["zone 0", { shieldZoneId: 0 }, "shieldZoneId"],
    ["a start in words", { startDate: "last week" }, "startDate"],
    ["an end before the start", { startDate: "2026-03-15", endDate: "2026-03-14" }, "endDate"],
    ["an unknown resolution name", { resolution: "Fortnightly" }, "resolution"],
    ["a resolution number without a name", { resolution: 9 }, "resolution"],
    ["an unknown field", { window: "day" }, "args.window"],
  ];
  for (const [what, change, argument] of refused) {
    it(`refuses ${what} before any request`, async () => {
      const error = await rejection(
        getMetricsOverview({ shieldZoneId: 1001, ...change } as GetMetricsOverviewArgs, options),
        InvalidArgumentError,
        "getMetricsOverview: ",
        `Invalid ${argument}`,
      );
      assert.equal(error.argument, argument);
      assert.equal(emu.requests.length, 0);
    });
  }
});
