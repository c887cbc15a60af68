import { strict as assert } from "node:assert";
import { InvalidArgumentError, NotFoundError, ValidationError } from "../../src/client/errors";
import { ShieldClient } from "../../src/client/shield-client";
import { formatEventLogDate } from "../../src/emulator";
import {
  DEFAULT_EVENT_LOG_SEARCH_LIMIT,
  getEventLogs,
  MAX_EVENT_LOG_LIMIT,
  searchEventLogs,
  type SearchEventLogsArgs,
} from "../../src/functions";
import { rejection, requestsTo, useEmulator } from "./helpers";

const DAY = 86_400_000;
const HOUR = 3_600_000;

describe("functions: searchEventLogs", () => {
  // The function checks its window by this machine's clock; the emulator runs on it too.
  const ctx = useEmulator();
  const yesterday = () => {
    const start = Math.floor(Date.now() / DAY) * DAY - DAY;
    return { from: start, to: start + DAY };
  };
  const lastHours = (hours: number) => ({ from: Date.now() - hours * HOUR, to: Date.now() });

  it("finds the very events getEventLogs reads for a day, newest first, as plain JSON", async () => {
    const day = formatEventLogDate(new Date(), 1);
    ctx.emu.state.setEventLogVolume(1002, day, 700);
    const logs = await getEventLogs({ shieldZoneId: 1002, date: day, limit: 1000 }, ctx.options);
    ctx.emu.resetRequests();
    const window = yesterday();
    const found = await searchEventLogs({ shieldZoneId: 1002, ...window }, ctx.options);
    assert.equal(found.total, 700);
    assert.equal(found.truncated, false);
    assert.deepEqual(found.groups, []);
    assert.deepEqual(
      found.rows.map((r) => [r.logId, r.timestamp, r.time]),
      [...logs.logs].reverse().map((l) => [l.logId, l.timestamp, l.time]),
    );
    const [first] = found.rows;
    const entry = logs.logs.find((l) => l.logId === first!.logId)!;
    assert.equal(first!.fields.country, entry.labels.country);
    assert.equal((first!.log as { message: string }).message, entry.log);
    assert.deepEqual(
      [found.shieldZoneId, found.from, found.to],
      [1002, new Date(window.from).toISOString(), new Date(window.to).toISOString()],
    );
    // Two pages of the largest size the service serves.
    assert.equal(requestsTo(ctx.emu, "searchEventLogs"), 2);
    assert.deepEqual(JSON.parse(JSON.stringify(found)), found, "plain JSON, nothing undefined");
  });

  it("collects up to the limit, says what it left out, and asks for no more than it needs", async () => {
    const found = await searchEventLogs(
      { shieldZoneId: 1001, ...lastHours(40), limit: 7 },
      ctx.options,
    );
    assert.equal(found.rows.length, 7);
    assert.ok(found.total > 7);
    assert.equal(found.truncated, true);
    assert.deepEqual(
      ctx.emu.requests.map((r) => (r.body as { pageSize: number }).pageSize),
      [7],
    );
  });

  it("collects the default limit when none is given", async () => {
    const day = formatEventLogDate(new Date(), 1);
    ctx.emu.state.setEventLogVolume(1003, day, DEFAULT_EVENT_LOG_SEARCH_LIMIT + 30);
    const found = await searchEventLogs({ shieldZoneId: 1003, ...yesterday() }, ctx.options);
    assert.equal(found.rows.length, DEFAULT_EVENT_LOG_SEARCH_LIMIT);
    assert.equal(found.total, DEFAULT_EVENT_LOG_SEARCH_LIMIT + 30);
    assert.equal(found.truncated, true);
  });

  it("filters, queries and groups, with sparklines", async () => {
    const window = lastHours(30);
    const blocked = await searchEventLogs(
      {
        shieldZoneId: 1001,
        ...window,
        filters: [{ field: "action", op: "eq", value: ["blocked"] }],
        query: "injection",
        limit: MAX_EVENT_LOG_LIMIT,
      },
      ctx.options,
    );
    assert.ok(blocked.rows.length > 0);
    for (const row of blocked.rows) {
      assert.equal(row.fields.action, "blocked");
      assert.match((row.log as { ruleName: string }).ruleName, /injection/i);
    }
    const grouped = await searchEventLogs(
      {
        shieldZoneId: 1001,
        ...window,
        filters: [{ field: "action", op: "eq", value: ["blocked"] }],
        query: "injection",
        groupBy: ["ruleId"],
        buckets: 3,
      },
      ctx.options,
    );
    assert.deepEqual(grouped.rows, []);
    assert.equal(
      grouped.groups.reduce((sum, g) => sum + g.count, 0),
      blocked.total,
    );
    for (const group of grouped.groups) {
      const members = blocked.rows.filter((r) => r.fields.ruleId === group.key.ruleId);
      assert.equal(group.count, members.length);
      assert.equal(group.sparkline.length, 3);
      assert.equal(group.lastSeen, Math.max(...members.map((r) => r.timestamp)));
      assert.equal(group.context.blocked, group.count);
    }
    assert.equal(grouped.total, grouped.groups.length);
  });

  it("gives what the service leaves out as null, {} or []", async () => {
    ctx.emu.faults.add({
      route: "searchEventLogs",
      status: 200,
      body: {
        rows: null,
        groups: [{ count: 2 }],
        total: 1,
        totalPages: 1,
        errorResponse: { statusCode: 200, success: true },
      },
    });
    const found = await searchEventLogs(
      { shieldZoneId: 1001, ...lastHours(1), groupBy: ["ip"] },
      ctx.options,
    );
    assert.deepEqual(found.groups, [
      { key: {}, count: 2, firstSeen: null, lastSeen: null, context: {}, sparkline: [] },
    ]);
    ctx.emu.faults.add({
      route: "searchEventLogs",
      status: 200,
      body: { rows: [{ timestamp: 0, fields: { ip: 7 } }], total: 1, totalPages: 1 },
    });
    const rows = await searchEventLogs({ shieldZoneId: 1001, ...lastHours(1) }, ctx.options);
    assert.deepEqual(rows.rows, [
      { logId: null, timestamp: 0, time: "1970-01-01T00:00:00.000Z", fields: {}, log: null },
    ]);
  });

  it("reports an unknown zone as a NotFoundError naming the function and the zone", async () => {
    await rejection(
      searchEventLogs({ shieldZoneId: 4242, ...lastHours(1) }, ctx.options),
      NotFoundError,
      "searchEventLogs for shield zone 4242: ",
    );
  });

  it("reports the service's window error with its key", async () => {
    ctx.emu.faults.add({
      route: "searchEventLogs",
      envelopeErrorKey: "invalid_datetime_window.event_logs",
      envelopeMessage: "Outside the window.",
    });
    const error = await rejection(
      searchEventLogs({ shieldZoneId: 1001, ...lastHours(1) }, ctx.options),
      ValidationError,
      "searchEventLogs for shield zone 1001: ",
    );
    assert.equal(error.errorKey, "invalid_datetime_window.event_logs");
  });

  const AN_HOUR_AGO = Date.now() - HOUR;
  const refused: Array<[string, Record<string, unknown>, string]> = [
    ["zone 0", { shieldZoneId: 0 }, "shieldZoneId"],
    ["no from", { from: undefined }, "from"],
    ["a window three days back", { from: Date.now() - 3 * DAY - HOUR }, "from"],
    ["a window that ends tomorrow", { to: Date.now() + 2 * DAY }, "to"],
    ["a window that ends as it starts", { from: AN_HOUR_AGO, to: AN_HOUR_AGO }, "to"],
    ["a local time", { from: "2026-07-01T10:00:00" }, "from"],
    ["a time in words", { to: "now" }, "to"],
    ["a fractional time", { to: 1.5 }, "to"],
    [
      "a malformed filter field",
      { filters: [{ field: "host name", op: "eq", value: ["x"] }] },
      "filters.0.field",
    ],
    [
      "a bare filter value",
      { filters: [{ field: "ip", op: "eq", value: "1.2.3.4" }] },
      "filters.0.value",
    ],
    [
      "cidr on the url",
      { filters: [{ field: "url", op: "cidr", value: ["10.0.0.0/8"] }] },
      "filters.0.field",
    ],
    [
      "a network without a prefix",
      { filters: [{ field: "ip", op: "cidr", value: ["10.0.0.0"] }] },
      "filters.0.value.0",
    ],
    ["a malformed dimension", { groupBy: ["host name"] }, "groupBy.0"],
    ["buckets without groupBy", { buckets: 4 }, "buckets"],
    ["a query that is not text", { query: 5 }, "query"],
    ["limit 0", { limit: 0 }, "limit"],
    ["a limit over the maximum", { limit: MAX_EVENT_LOG_LIMIT + 1 }, "limit"],
    ["an unknown field", { pageSize: 20 }, "args.pageSize"],
  ];
  for (const [what, change, argument] of refused) {
    it(`refuses ${what} before any request`, async () => {
      const args = { shieldZoneId: 1001, ...lastHours(2), ...change };
      const error = await rejection(
        searchEventLogs(args as SearchEventLogsArgs, ctx.options),
        InvalidArgumentError,
        "searchEventLogs: ",
        `Invalid ${argument}`,
      );
      assert.equal(error.argument, argument);
      assert.equal(ctx.emu.requests.length, 0);
    });
  }

  it("reads the window's rows with the client too, page by page, the same", async () => {
    const window = lastHours(20);
    const client = new ShieldClient({ apiKey: ctx.emu.apiKey, baseUrl: ctx.emu.url });
    const streamed = await client.eventLogSearch.rows(1001, window, { pageSize: 25 });
    const found = await searchEventLogs({ shieldZoneId: 1001, ...window }, ctx.options);
    assert.deepEqual(
      found.rows.map((r) => r.logId),
      streamed.map((r) => r.logId),
    );
  });
});
