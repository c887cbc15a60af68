import { strict as assert } from "node:assert";
import { InvalidArgumentError, NotFoundError, ValidationError } from "../../src/client/errors";
import { ShieldClient } from "../../src/client/shield-client";
import { formatEventLogDate } from "../../src/emulator";
import {
  getEventLogs,
  MAX_EVENT_LOG_LIMIT,
  type EventLog,
  type GetEventLogsResult,
} from "../../src/functions";
import { rejection, requestsTo, useEmulator } from "./helpers";

const PAGE = 100; // the emulator's default page size, like the service's

describe("functions: getEventLogs", () => {
  const ctx = useEmulator();
  const today = () => formatEventLogDate(new Date());
  const yesterday = () => formatEventLogDate(new Date(), 1);

  /** Every raw entry of a day, read with the client itself, as the expected values. */
  async function rawDay(zoneId: number, date: string) {
    const client = new ShieldClient({ apiKey: ctx.emu.apiKey, baseUrl: ctx.emu.url });
    const entries = [];
    for await (const entry of client.eventLogs(zoneId, date)) entries.push(entry);
    ctx.emu.resetRequests();
    return entries;
  }

  function assertMapped(log: EventLog, raw: Awaited<ReturnType<typeof rawDay>>[number]): void {
    assert.deepEqual(log, {
      logId: raw.logId,
      timestamp: raw.timestamp,
      time: new Date(raw.timestamp).toISOString(),
      log: raw.log,
      labels: { ...raw.labels },
    });
    assert.deepEqual(Object.keys(log.labels).sort(), [
      "asn",
      "country",
      "method",
      "ruleGroup",
      "ruleId",
      "serverZone",
      "severity",
      "status",
    ]);
  }

  it("reads one page without a limit", async () => {
    const day = today();
    const volume = ctx.emu.state.eventLogVolume(1001, day);
    assert.ok(volume > PAGE, "the seeded day spans several pages");
    const raw = await rawDay(1001, day);
    const page = await getEventLogs({ shieldZoneId: 1001, date: day }, ctx.options);
    assert.equal(page.shieldZoneId, 1001);
    assert.equal(page.date, day);
    assert.equal(page.logs.length, PAGE);
    page.logs.forEach((log, i) => assertMapped(log, raw[i]!));
    assert.equal(page.hasMoreData, true);
    assert.equal(typeof page.continuationToken, "string");
    assert.equal(page.omittedFromLastPage, 0);
    assert.equal(requestsTo(ctx.emu, "getEventLogs"), 1);
    // The first page is asked for without a token segment.
    assert.equal(ctx.emu.requests[0]!.path, `/shield/event-logs/1001/${day}`);
    assert.deepEqual(JSON.parse(JSON.stringify(page)), page, "plain JSON");
  });

  it("pages with continuationToken until hasMoreData is false", async () => {
    const day = yesterday();
    ctx.emu.state.setEventLogVolume(1002, day, 230);
    const raw = await rawDay(1002, day);
    const seen: EventLog[] = [];
    let page: GetEventLogsResult = await getEventLogs(
      { shieldZoneId: 1002, date: day },
      ctx.options,
    );
    seen.push(...page.logs);
    while (page.hasMoreData) {
      page = await getEventLogs(
        { shieldZoneId: 1002, date: day, continuationToken: page.continuationToken },
        ctx.options,
      );
      seen.push(...page.logs);
    }
    assert.equal(page.continuationToken, null);
    assert.equal(seen.length, 230);
    seen.forEach((log, i) => assertMapped(log, raw[i]!));
    assert.equal(requestsTo(ctx.emu, "getEventLogs"), 3);
  });

  it("collects across pages up to the limit, then continues from the token", async () => {
    const day = today();
    ctx.emu.state.setEventLogVolume(1001, day, 1050);
    const raw = await rawDay(1001, day);

    const first = await getEventLogs({ shieldZoneId: 1001, date: day, limit: 250 }, ctx.options);
    assert.equal(first.logs.length, 250);
    first.logs.forEach((log, i) => assertMapped(log, raw[i]!));
    assert.equal(requestsTo(ctx.emu, "getEventLogs"), 3);
    assert.equal(first.hasMoreData, true);
    assert.equal(typeof first.continuationToken, "string");
    // The limit fell inside the third page: its last 50 entries were read but left out.
    assert.equal(first.omittedFromLastPage, 50);

    ctx.emu.resetRequests();
    const rest = await getEventLogs(
      { shieldZoneId: 1001, date: day, continuationToken: first.continuationToken, limit: 1000 },
      ctx.options,
    );
    assert.equal(rest.logs.length, 1050 - 300);
    rest.logs.forEach((log, i) => assertMapped(log, raw[300 + i]!));
    assert.equal(rest.hasMoreData, false);
    assert.equal(rest.continuationToken, null);
    assert.equal(rest.omittedFromLastPage, 0);
    assert.equal(requestsTo(ctx.emu, "getEventLogs"), 8);
  });

  it("stops at the end of the day when the limit is larger", async () => {
    const day = today();
    ctx.emu.state.setEventLogVolume(1002, day, 1050);
    const all = await getEventLogs({ shieldZoneId: 1002, date: day, limit: 5000 }, ctx.options);
    assert.equal(all.logs.length, 1050);
    assert.equal(new Set(all.logs.map((l) => l.logId)).size, 1050);
    assert.equal(all.hasMoreData, false);
    assert.equal(all.continuationToken, null);
    assert.equal(requestsTo(ctx.emu, "getEventLogs"), 11);
  });

  it("a limit on a page boundary omits nothing", async () => {
    const day = today();
    ctx.emu.state.setEventLogVolume(1001, day, 1050);
    const two = await getEventLogs({ shieldZoneId: 1001, date: day, limit: 200 }, ctx.options);
    assert.equal(two.logs.length, 200);
    assert.equal(two.omittedFromLastPage, 0);
    assert.equal(two.hasMoreData, true);
    assert.equal(requestsTo(ctx.emu, "getEventLogs"), 2);
  });

  it("a limit smaller than a page reads one page", async () => {
    const day = today();
    const five = await getEventLogs({ shieldZoneId: 1003, date: day, limit: 5 }, ctx.options);
    assert.equal(five.logs.length, 5);
    assert.equal(five.omittedFromLastPage, PAGE - 5);
    assert.equal(requestsTo(ctx.emu, "getEventLogs"), 1);
  });

  it("gives an empty day as an empty list", async () => {
    const day = yesterday();
    ctx.emu.state.setEventLogVolume(1003, day, 0);
    const page = await getEventLogs({ shieldZoneId: 1003, date: day, limit: 10 }, ctx.options);
    assert.deepEqual(page, {
      shieldZoneId: 1003,
      date: day,
      logs: [],
      hasMoreData: false,
      continuationToken: null,
      omittedFromLastPage: 0,
    });
  });

  it("accepts MM-dd-yyyy, yyyy-MM-dd and a Date for the same UTC day", async () => {
    const now = new Date();
    const us = today();
    const iso = now.toISOString().slice(0, 10);
    const results = await Promise.all(
      [us, iso, now].map((date) =>
        getEventLogs({ shieldZoneId: 1001, date, limit: 3 }, ctx.options),
      ),
    );
    for (const result of results) {
      assert.equal(result.date, us);
      assert.deepEqual(result.logs, results[0]!.logs);
    }
  });

  it("stops when the service repeats a token it already gave", async () => {
    const day = today();
    const entry = { logId: "a", timestamp: 0, log: "x", labels: null };
    ctx.emu.faults.add({
      route: "getEventLogs",
      times: Infinity,
      status: 200,
      body: { logs: [entry], hasMoreData: true, continuationToken: "loop", startToken: null },
    });
    const result = await getEventLogs({ shieldZoneId: 1001, date: day, limit: 50 }, ctx.options);
    assert.equal(requestsTo(ctx.emu, "getEventLogs"), 2);
    assert.equal(result.logs.length, 2);
    assert.equal(result.hasMoreData, false);
    assert.equal(result.continuationToken, null);
    // Labels the service left out come back as nulls; epoch 0 is a time like any other.
    assert.equal(result.logs[0]!.time, "1970-01-01T00:00:00.000Z");
    assert.equal(result.logs[0]!.labels.severity, null);
  });

  it("reports an unknown zone as a NotFoundError naming the function and the zone", async () => {
    await rejection(
      getEventLogs({ shieldZoneId: 4242, date: today() }, ctx.options),
      NotFoundError,
      "getEventLogs for shield zone 4242: ",
    );
  });

  it("reports a day outside the service's window with the service's key", async () => {
    const error = await rejection(
      getEventLogs({ shieldZoneId: 1001, date: formatEventLogDate(new Date(), 5) }, ctx.options),
      ValidationError,
      "getEventLogs for shield zone 1001: ",
    );
    assert.equal(error.errorKey, "invalid_datetime_window.event_logs");
  });

  const refused: Array<[string, Record<string, unknown>, string]> = [
    ["zone 0", { shieldZoneId: 0 }, "shieldZoneId"],
    ["zone -1", { shieldZoneId: -1 }, "shieldZoneId"],
    ["zone 1.5", { shieldZoneId: 1.5 }, "shieldZoneId"],
    ['zone "12"', { shieldZoneId: "12" }, "shieldZoneId"],
    ["no zone", { shieldZoneId: undefined }, "shieldZoneId"],
    ["date 02-30-2026", { date: "02-30-2026" }, "date"],
    ["month 13", { date: "13-01-2026" }, "date"],
    ["month 13 in yyyy-MM-dd", { date: "2026-13-01" }, "date"],
    ["a date in words", { date: "yesterday" }, "date"],
    ["a date as a number", { date: Date.now() }, "date"],
    ["an invalid Date", { date: new Date(Number.NaN) }, "date"],
    ["no date", { date: undefined }, "date"],
    ["an empty token", { continuationToken: "" }, "continuationToken"],
    ["a token that is not a string", { continuationToken: 5 }, "continuationToken"],
    ["limit 0", { limit: 0 }, "limit"],
    ["a limit over the maximum", { limit: MAX_EVENT_LOG_LIMIT + 1 }, "limit"],
    ["a fractional limit", { limit: 2.5 }, "limit"],
    ["an unknown field", { page: 2 }, "args.page"],
  ];
  for (const [what, change, argument] of refused) {
    it(`refuses ${what} before any request`, async () => {
      const args = { shieldZoneId: 1001, date: today(), ...change };
      const error = await rejection(
        getEventLogs(args as never, ctx.options),
        InvalidArgumentError,
        "getEventLogs: ",
        `Invalid ${argument}`,
      );
      assert.equal(error.argument, argument);
      assert.equal(ctx.emu.requests.length, 0);
    });
  }

  it("takes a null token as the first page", async () => {
    const page = await getEventLogs(
      { shieldZoneId: 1001, date: today(), continuationToken: null, limit: 1 },
      ctx.options,
    );
    assert.equal(page.logs.length, 1);
    assert.equal(ctx.emu.requests[0]!.path, `/shield/event-logs/1001/${today()}`);
  });
});
