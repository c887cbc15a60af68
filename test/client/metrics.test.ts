/**
 * `client.metrics`: the overview and the detailed series, one feature's, managed rule's, rate
 * limit's and endpoint's figures, and a month's overages.
 */
import { strict as assert } from "node:assert";
import { InvalidArgumentError, NotFoundError, type ShieldClient } from "../../src/client";
import { guardianDocument } from "../resources/api-guardian.fixtures";
import { clientFor, rawAnswer, rejection, useEmulator, withoutDriftFields } from "./helpers";

describe("client: metrics of features, rules, rate limits, endpoints, and overages", () => {
  const emulator = useEmulator();
  let client: ShieldClient;
  before(() => {
    client = clientFor(emulator());
  });

  it("gives each feature's 28 days and their totals, which agree with the overview", async () => {
    const bots = await client.metrics.botDetection(1001);
    const days = Object.values(bots.overviewPastTwentyEightDays ?? {});
    assert.equal(days.length, 28);
    const sum = days.reduce((total, day) => total + (day.challengedRequests ?? 0), 0);
    assert.equal(bots.totalChallengedRequests, sum);
    const overview = await client.metrics.overview(1001);
    const today = Object.values(bots.overviewPastTwentyEightDays ?? {}).at(-1)!;
    assert.equal(today.challengedRequests, overview.botDetection?.challengedRequests);

    const uploads = await client.metrics.uploadScanning(1001);
    assert.equal(typeof uploads.totalFilesScanned, "number");
    const guardian = await client.metrics.apiGuardian(1001);
    assert.equal(typeof guardian.totalRequestsInspected, "number");
  });

  it("gives one managed rule's triggers", async () => {
    const rule = await client.metrics.wafRule(1001, "942100");
    assert.equal(rule.totalTriggers, (rule.blockedRequests ?? 0) + (rule.loggedRequests ?? 0));
    assert.ok((rule.totalTriggers ?? 0) > 0, "the seeded logs trigger 942100");
    const none = await client.metrics.wafRule(1001, "000000");
    assert.equal(none.totalTriggers, 0);
  });

  it("shares a zone's breaches among its rate limits, and reads one", async () => {
    const make = (name: string) =>
      client.rateLimits.create({
        shieldZoneId: 1001,
        ruleName: name,
        ruleConfiguration: {
          variableTypes: { REQUEST_URI: "" },
          operatorType: 0,
          value: "/",
          actionType: 1,
          requestCount: 10,
          timeframe: 60,
          blockTime: 300,
        },
      });
    const [a, b] = [await make("a"), await make("b")];
    const all = await client.metrics.rateLimits(1001);
    assert.deepEqual(
      all.map((m) => m.ratelimitId),
      [a.id, b.id],
    );
    const one = await client.metrics.rateLimit(b.id);
    assert.deepEqual(one.overview, all[1]!.overview);
    await rejection(client.metrics.rateLimit(999_999), NotFoundError);
  });

  it("gives an endpoint's figures, and refuses bad arguments before any request", async () => {
    emulator().resetRequests();
    await rejection(client.metrics.wafRule(1001, "../x"), InvalidArgumentError);
    await rejection(client.metrics.apiGuardianEndpoint(1001, -1), InvalidArgumentError);
    await rejection(client.metrics.overages(1001, { month: 13 }), InvalidArgumentError);
    await rejection(client.metrics.overages(1001, { day: 1 } as never), InvalidArgumentError);
    assert.equal(emulator().requests.length, 0);
    await rejection(client.metrics.apiGuardianEndpoint(1001, 424242), NotFoundError);
    const guardian = await client.apiGuardian.uploadSpecification(1001, {
      content: guardianDocument("1.0.0"),
    });
    const endpoints = guardian.endpoints.map((e) => e.apiGuardianEndpointId!);
    const each = await Promise.all(
      endpoints.map((id) => client.metrics.apiGuardianEndpoint(1001, id)),
    );
    const whole = await client.metrics.apiGuardian(1001);
    assert.equal(
      each.reduce((sum, e) => sum + (e.totalRequestsInspected ?? 0), 0),
      whole.totalRequestsInspected,
      "the endpoints share the zone's requests out",
    );
  });

  it("gives a month's overages, this month by default", async () => {
    const march = await client.metrics.overages(1001, { year: 2026, month: 3 });
    assert.equal(march.month, 3);
    const [segment] = march.segments;
    assert.equal(
      march.totalOverage,
      Math.max(0, march.totalCleanRequests! - segment!.overageAllowance!),
    );
    assert.deepEqual(
      await client.metrics.overages(1001),
      march,
      "the emulator's clock is in March 2026",
    );
    assert.deepEqual((await client.metrics.overages(1001, { year: 2026, month: 12 })).segments, []);
    assert.deepEqual(emulator().requests.at(-1)!.query, { year: "2026", month: "12" });
  });
});

describe("client: metrics", () => {
  const emu = useEmulator();
  let client: ShieldClient;
  before(() => {
    client = clientFor(emu());
  });
  beforeEach(() => emu().resetRequests());

  it("reads the overview as the service sent it", async () => {
    const expected = (await rawAnswer(emu(), "/shield/metrics/overview/1001")) as { data: unknown };
    const overview = await client.metrics.overview(1001);
    assert.deepEqual(overview, withoutDriftFields(expected.data));
    assert.equal(Object.keys(overview.overviewPastTwentyEightDays ?? {}).length, 28);
  });

  it("sends the window as ISO 8601 and the resolution as its number", async () => {
    const window = {
      startDate: "2026-03-15T00:00:00+01:00",
      endDate: new Date("2026-03-15T06:00:00Z"),
      resolution: 3,
    };
    const detailed = await client.metrics.detailed(1002, window);
    const [request] = emu().requests;
    assert.equal(request!.route, "getDetailedMetricsOverview");
    assert.deepEqual(request!.query, {
      StartDate: "2026-03-14T23:00:00.000Z",
      EndDate: "2026-03-15T06:00:00.000Z",
      Resolution: "3",
    });
    const expected = (await rawAnswer(
      emu(),
      `/shield/metrics/overview/1002/detailed?StartDate=2026-03-14T23:00:00Z&EndDate=2026-03-15T06:00:00Z&Resolution=3`,
    )) as { data: unknown };
    assert.deepEqual(detailed, withoutDriftFields(expected.data));
    assert.equal(detailed.resolution, 3);
    assert.equal(Object.keys(detailed.waf?.metrics?.blockedRequests ?? {}).length, 7);
    emu().resetRequests();
    await client.metrics.detailed(1002);
    assert.deepEqual(emu().requests[0]!.query, {}, "no window: the service's defaults");
  });

  it("refuses a bad window before sending", async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ startDate: "2026-03-15T00:00:00Z", endDate: "2026-03-14T00:00:00Z" }, "window.endDate"],
      [{ startDate: "yesterday" }, "window.startDate"],
      [{ resolution: -1 }, "window.resolution"],
      [{ resolution: "Hourly" }, "window.resolution"],
      [{ step: 3 }, "window.step"],
    ];
    for (const [window, argument] of cases) {
      const error = await rejection(
        client.metrics.detailed(1001, window as never),
        InvalidArgumentError,
      );
      assert.equal(error.argument, argument);
    }
    await rejection(client.metrics.overview(0), InvalidArgumentError);
    assert.equal(emu().requests.length, 0);
  });

  it("reports an unknown zone as a NotFoundError on both", async () => {
    await rejection(client.metrics.overview(7), NotFoundError);
    await rejection(client.metrics.detailed(7), NotFoundError);
  });
});
