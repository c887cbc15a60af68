import { strict as assert } from "node:assert";
import type {
  EventLogEntry,
  EventLogsSearchResponse,
  WafLoggingResponse,
} from "../../src/emulator";
import { startEmulator } from "../../src/emulator";
import {
  API_KEY,
  call,
  NOW,
  SUCCESS,
  THREE_DAYS_AGO,
  TODAY,
  TWO_DAYS_AGO,
  useEmulator,
  YESTERDAY,
} from "./helpers";

async function page(
  emulator: ReturnType<ReturnType<typeof useEmulator>>,
  path: string,
  expectedStatus = 200,
): Promise<WafLoggingResponse> {
  const answer = await call(emulator, path);
  assert.equal(answer.status, expectedStatus, answer.text);
  return answer.json as WafLoggingResponse;
}

describe("emulator: event logs", () => {
  const emulator = useEmulator({ eventLogPageSize: 100 });

  /** Follows continuation tokens from the first page to the end. */
  async function readDay(zoneId: number, date: string): Promise<WafLoggingResponse[]> {
    const pages = [await page(emulator(), `/shield/event-logs/${zoneId}/${date}`)];
    for (;;) {
      const last = pages[pages.length - 1] as WafLoggingResponse;
      if (!last.hasMoreData) break;
      assert.ok(last.continuationToken);
      pages.push(
        await page(emulator(), `/shield/event-logs/${zoneId}/${date}/${last.continuationToken}`),
      );
      assert.ok(pages.length < 100, "paging must end");
    }
    return pages;
  }

  it("pages through a day by continuation token until hasMoreData is false", async () => {
    const pages = await readDay(1001, TODAY);
    assert.deepEqual(
      pages.map((p) => [p.logs?.length, p.hasMoreData]),
      [
        [100, true],
        [100, true],
        [50, false],
      ],
    );
    const last = pages[2] as WafLoggingResponse;
    assert.equal(last.continuationToken, "");
    for (const p of pages) {
      assert.deepEqual(p.errorResponse, SUCCESS);
      assert.equal(typeof p.startToken, "string");
    }
    const logs = pages.flatMap((p) => p.logs ?? []);
    assert.equal(new Set(logs.map((l) => l.logId)).size, 250);
  });

  it("produces realistic, ascending entries within the requested UTC day", async () => {
    const [first] = await readDay(1002, YESTERDAY);
    const logs = first?.logs ?? [];
    const dayStart = Date.UTC(2026, 2, 14);
    let previous = 0;
    for (const log of logs) {
      assert.ok(Number.isInteger(log.timestamp));
      assert.ok(log.timestamp >= dayStart && log.timestamp < dayStart + 86_400_000);
      assert.ok(log.timestamp >= previous, "ascending");
      previous = log.timestamp;
      assert.match(
        log.logId ?? "",
        /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-a[0-9a-f]{3}-[0-9a-f]{12}$/,
      );
      assert.match(log.labels.asn ?? "", /^AS\d+$/);
      assert.match(log.labels.country ?? "", /^[A-Z]{2}$/);
      assert.match(log.labels.ruleId ?? "", /^\d{6}$/);
      assert.ok(["CRITICAL", "ERROR", "WARNING", "NOTICE"].includes(log.labels.severity ?? ""));
      assert.ok(["GET", "POST", "PUT", "HEAD", "DELETE"].includes(log.labels.method ?? ""));
      assert.match(log.labels.status ?? "", /^\d{3}$/);
      assert.ok(log.log?.includes(log.labels.ruleId ?? "?"));
    }
    assert.ok(new Set(logs.map((l) => l.labels.severity)).size >= 3, "varied severities");
  });

  it("is deterministic across emulators", async () => {
    const other = await startEmulator({ apiKey: API_KEY, now: () => NOW });
    try {
      const path = `/shield/event-logs/1001/${TWO_DAYS_AGO}`;
      const mine = await call(emulator(), path);
      const theirs = await call(other, path);
      assert.equal(mine.text, theirs.text);
    } finally {
      await other.close();
    }
  });

  it("treats an empty token segment as the first page", async () => {
    const plain = await call(emulator(), `/shield/event-logs/1001/${TODAY}`);
    const slash = await call(emulator(), `/shield/event-logs/1001/${TODAY}/`);
    assert.equal(slash.status, 200);
    assert.equal(slash.text, plain.text);
  });

  it("follows setEventLogVolume, including an exact multiple of the page size and zero", async () => {
    emulator().state.setEventLogVolume(1003, TODAY, 300);
    const pages = await readDay(1003, TODAY);
    assert.deepEqual(
      pages.map((p) => [p.logs?.length, p.hasMoreData, p.continuationToken === ""]),
      [
        [100, true, false],
        [100, true, false],
        [100, false, true],
      ],
    );
    emulator().state.setEventLogVolume(1003, YESTERDAY, 0);
    const empty = await page(emulator(), `/shield/event-logs/1003/${YESTERDAY}`);
    assert.deepEqual(empty.logs, []);
    assert.equal(empty.hasMoreData, false);
    assert.equal(empty.continuationToken, "");
  });

  it("serves deep pages of a huge day cheaply", async () => {
    emulator().state.setEventLogVolume(1002, TODAY, 200_000);
    const first = await page(emulator(), `/shield/event-logs/1002/${TODAY}`);
    const started = Date.now();
    let token = first.continuationToken;
    for (let i = 0; i < 50; i++) {
      const next = await page(emulator(), `/shield/event-logs/1002/${TODAY}/${token}`);
      token = next.continuationToken;
    }
    assert.ok(Date.now() - started < 3_000, "50 pages of a 200,000-entry day are quick");
  });

  it("accepts each of the three retained days", async () => {
    for (const date of [TODAY, YESTERDAY, TWO_DAYS_AGO]) {
      const body = await page(emulator(), `/shield/event-logs/1001/${date}`);
      assert.equal(body.errorResponse.success, true, date);
    }
  });

  for (const [what, date] of [
    ["three days ago", THREE_DAYS_AGO],
    ["tomorrow", "03-16-2026"],
    ["an impossible date", "02-30-2026"],
    ["another format", "2026-03-15"],
    ["a non-date", "yesterday"],
  ]) {
    it(`answers ${what} with HTTP 200 and invalid_datetime_window.event_logs`, async () => {
      const body = await page(emulator(), `/shield/event-logs/1001/${date}`);
      assert.equal(body.logs, null);
      assert.equal(body.hasMoreData, false);
      assert.equal(body.errorResponse.statusCode, 400);
      assert.equal(body.errorResponse.success, false);
      assert.equal(body.errorResponse.errorKey, "invalid_datetime_window.event_logs");
      assert.match(body.errorResponse.message ?? "", /\w/);
    });
  }

  it("answers an unknown zone with HTTP 202 and not_found_or_unauthorised_access.shieldzone", async () => {
    const body = await page(emulator(), `/shield/event-logs/5/${TODAY}`, 202);
    assert.equal(body.logs, null);
    assert.deepEqual(body.errorResponse, {
      statusCode: 202,
      success: false,
      message: "Shield Zone not found or Unauthorized access.",
      errorKey: "not_found_or_unauthorised_access.shieldzone",
    });
  });

  it("rejects a foreign or malformed continuation token", async () => {
    const first = await page(emulator(), `/shield/event-logs/1001/${TODAY}`);
    const token = first.continuationToken ?? "";
    for (const path of [
      `/shield/event-logs/1001/${TODAY}/not-a-token`,
      `/shield/event-logs/1001/${TODAY}/${token}x`,
      `/shield/event-logs/1001/${YESTERDAY}/${token}`, // another day's position
      `/shield/event-logs/1002/${TODAY}/${token}`, // another zone's position
    ]) {
      const body = await page(emulator(), path);
      assert.equal(body.errorResponse.errorKey, "invalid_continuation_token.event_logs", path);
      assert.equal(body.errorResponse.statusCode, 400);
      assert.equal(body.logs, null);
    }
  });

  it("moves the window with the clock", async () => {
    let now = NOW;
    const moving = await startEmulator({ apiKey: API_KEY, now: () => now });
    try {
      const path = `/shield/event-logs/1001/${TWO_DAYS_AGO}`;
      assert.equal(
        ((await call(moving, path)).json as WafLoggingResponse).errorResponse.success,
        true,
      );
      now = new Date("2026-03-16T00:00:00Z");
      const body = (await call(moving, path)).json as WafLoggingResponse;
      assert.equal(body.errorResponse.errorKey, "invalid_datetime_window.event_logs");
    } finally {
      await moving.close();
    }
  });
});

const DAY = 86_400_000;
const TODAY_START = Date.UTC(2026, 2, 15);
/** The whole retained window: the start of two days ago to the end of today. */
const WINDOW = { from: TODAY_START - 2 * DAY, to: TODAY_START + DAY };

describe("emulator: event-log search", () => {
  // The raw answers are compared exactly: drift mode is tested on its own below.
  const emulator = useEmulator({ drift: false, eventLogPageSize: 1000 });

  async function search(
    body: Record<string, unknown>,
    zone = 1001,
    status = 200,
  ): Promise<EventLogsSearchResponse> {
    const answer = await call(emulator(), `/shield/event-logs/${zone}/search`, {
      method: "POST",
      body,
    });
    assert.equal(answer.status, status, answer.text);
    return answer.json as EventLogsSearchResponse;
  }

  /** Every row of a search, page after page. */
  async function allRows(body: Record<string, unknown>, zone = 1001) {
    const first = await search({ ...body, page: 0 }, zone);
    const rows = [...(first.rows ?? [])];
    for (let page = 1; page < first.totalPages; page++) {
      rows.push(...((await search({ ...body, page }, zone)).rows ?? []));
    }
    return { rows, total: first.total, totalPages: first.totalPages };
  }

  /** The entries `GET /shield/event-logs` serves for these days (one page each: 1,000). */
  async function served(zone: number, ...days: string[]): Promise<EventLogEntry[]> {
    const logs: EventLogEntry[] = [];
    for (const day of days) {
      const page = (await call(emulator(), `/shield/event-logs/${zone}/${day}`))
        .json as WafLoggingResponse;
      assert.equal(page.hasMoreData, false);
      logs.push(...(page.logs ?? []));
    }
    return logs;
  }

  const newestFirst = (logs: EventLogEntry[]) =>
    [...logs].sort((a, b) => b.timestamp - a.timestamp).map((l) => [l.logId, l.timestamp]);

  it("finds the very logs the GET serves, newest first, across the three days", async () => {
    const logs = await served(1001, TODAY, YESTERDAY, TWO_DAYS_AGO);
    const found = await allRows({ ...WINDOW, pageSize: 200 });
    assert.equal(found.total, 750);
    assert.equal(found.totalPages, 4);
    assert.deepEqual(
      found.rows.map((r) => [r.logId, r.timestamp]),
      newestFirst(logs),
    );
    const first = found.rows[0]!;
    const entry = logs.find((l) => l.logId === first.logId)!;
    assert.deepEqual(Object.keys(first.fields ?? {}).sort(), [
      "action",
      "asn",
      "country",
      "feature",
      "ip",
      "ja4",
      "ruleId",
      "ua",
      "url",
    ]);
    assert.equal(first.fields?.country, entry.labels.country);
    assert.equal(first.fields?.ruleId, entry.labels.ruleId);
    assert.equal(first.fields?.action, entry.labels.status === "403" ? "blocked" : "logged");
    assert.ok(entry.log?.includes(first.fields!.ip), "the log line names the same IP");
    assert.equal(first.log?.message, entry.log, "the context carries the log line");
  });

  it("keeps to the window, to the millisecond, and follows the zone's volume", async () => {
    emulator().state.setEventLogVolume(1002, YESTERDAY, 1000);
    const logs = await served(1002, YESTERDAY);
    const [from, to] = [logs[100]!.timestamp, logs[600]!.timestamp];
    const found = await allRows({ from, to, pageSize: 500 }, 1002);
    assert.equal(found.total, 500);
    assert.deepEqual(
      found.rows.map((r) => [r.logId, r.timestamp]),
      newestFirst(logs.slice(100, 600)),
    );
  });

  it("pages with the spec's defaults and clamps", async () => {
    const unset = await search(WINDOW);
    assert.equal(unset.rows?.length, 50, "pageSize defaults to 50");
    assert.equal(unset.totalPages, 15);
    assert.equal(unset.page, 0);
    assert.equal(unset.groups, null, "rows or groups, never both");
    assert.deepEqual(unset.errorResponse, SUCCESS);
    assert.equal((await search({ ...WINDOW, pageSize: 9999 })).rows?.length, 500);
    assert.equal((await search({ ...WINDOW, pageSize: -3 })).totalPages, 750);
    const last = await search({ ...WINDOW, pageSize: 100, page: 7 });
    assert.deepEqual([last.rows?.length, last.page], [50, 7]);
    assert.deepEqual((await search({ ...WINDOW, page: 99 })).rows, []);
  });

  it("filters by a field's values (OR) and by several clauses (AND)", async () => {
    const logs = await served(1001, TODAY, YESTERDAY, TWO_DAYS_AGO);
    const countries = ["US", "DE"];
    const found = await allRows({
      ...WINDOW,
      pageSize: 500,
      filters: [
        { field: "country", op: "in", value: countries },
        { field: "action", op: "eq", value: ["blocked"] },
      ],
    });
    const expected = logs.filter(
      (l) => countries.includes(l.labels.country!) && l.labels.status === "403",
    );
    assert.ok(expected.length > 0);
    assert.equal(found.total, expected.length);
    assert.deepEqual(
      found.rows.map((r) => [r.logId, r.timestamp]),
      newestFirst(expected),
    );
  });

  it("matches contains, wildcard and cidr as documented", async () => {
    const all = (await allRows({ ...WINDOW, pageSize: 500 })).rows;
    const count = async (filter: Record<string, unknown>) =>
      (await search({ ...WINDOW, filters: [filter] })).total;
    const of = (test: (fields: Record<string, string>) => boolean) =>
      all.filter((r) => test(r.fields!)).length;

    assert.equal(
      await count({ field: "url", op: "contains", value: ["WP-LOGIN"] }),
      of((f) => f.url.includes("wp-login")),
    );
    assert.equal(
      await count({ field: "ua", op: "wildcard", value: ["*firefox*", "curl/*"] }),
      of((f) => /firefox/i.test(f.ua) || f.ua.startsWith("curl/")),
    );
    const low = of((f) => Number(f.ip.split(".")[0]) < 64);
    assert.ok(low > 0 && low < all.length);
    assert.equal(await count({ field: "ip", op: "cidr", value: ["0.0.0.0/2"] }), low);
    assert.equal(await count({ field: "ip", op: "cidr", value: ["2001:db8::/32"] }), 0);
    assert.equal(await count({ field: "feature", op: "eq", value: ["WAF"] }), all.length);
  });

  it("looks for the query in the IP, rule id, URL, User-Agent and rule name", async () => {
    const all = (await allRows({ ...WINDOW, pageSize: 500 })).rows;
    const total = async (query: string) => (await search({ ...WINDOW, query })).total;
    const named = (text: string) => all.filter((r) => (r.log?.ruleName as string).includes(text));
    assert.equal(await total("libinjection"), named("libinjection").length);
    assert.equal(await total("sqlmap"), all.filter((r) => r.fields!.ua.includes("sqlmap")).length);
    const ip = all[3]!.fields!.ip;
    assert.ok((await total(ip)) >= 1);
    assert.equal(await total("no event mentions this"), 0);
    assert.equal((await search({ ...WINDOW, query: null })).total, all.length);
  });

  it("groups with counts, first and last seen, context and a sparkline over the window", async () => {
    const all = (await allRows({ ...WINDOW, pageSize: 500 })).rows;
    const answer = await search({
      ...WINDOW,
      groupBy: ["country", "action"],
      buckets: 6,
      pageSize: 500,
    });
    assert.equal(answer.rows, null);
    const groups = answer.groups!;
    assert.equal(answer.total, groups.length);
    assert.equal(
      groups.reduce((sum, g) => sum + g.count, 0),
      all.length,
    );
    for (const [i, group] of groups.entries()) {
      const members = all.filter(
        (r) => r.fields!.country === group.key!.country && r.fields!.action === group.key!.action,
      );
      assert.deepEqual(Object.keys(group.key!), ["country", "action"]);
      assert.equal(group.count, members.length);
      assert.equal(group.firstSeen, Math.min(...members.map((r) => r.timestamp)));
      assert.equal(group.lastSeen, Math.max(...members.map((r) => r.timestamp)));
      assert.equal(group.sparkline?.length, 6);
      assert.equal(
        group.sparkline!.reduce((a, b) => a + b, 0),
        group.count,
      );
      // Bucket i covers [from + i*width, from + (i+1)*width).
      const width = (WINDOW.to - WINDOW.from) / 6;
      const firstBucket = members.filter((r) => r.timestamp < WINDOW.from + width).length;
      assert.equal(group.sparkline![0], firstBucket);
      assert.equal(group.context!.country, group.key!.country);
      assert.equal(group.context![group.key!.action!], group.count);
      assert.equal(group.context!.features, "waf");
      if (i > 0) assert.ok(groups[i - 1]!.count >= group.count, "largest groups first");
    }
    const unbucketed = await search({ ...WINDOW, groupBy: ["ruleId"], pageSize: 2, page: 1 });
    assert.equal(unbucketed.groups?.length, 2);
    assert.equal(unbucketed.groups![0]!.sparkline, null, "no sparkline without buckets");
    assert.equal(unbucketed.totalPages, Math.ceil(unbucketed.total / 2));
    const filtered = await search({
      ...WINDOW,
      groupBy: ["action"],
      filters: [{ field: "action", op: "eq", value: ["logged"] }],
    });
    assert.deepEqual(
      filtered.groups!.map((g) => [g.key, g.count]),
      [[{ action: "logged" }, all.filter((r) => r.fields!.action === "logged").length]],
    );
  });

  it("serves deep pages of a huge day cheaply", async () => {
    emulator().state.setEventLogVolume(1003, TODAY, 2_000_000);
    const started = Date.now();
    const deep = await search({ ...WINDOW, pageSize: 500, page: 3000 }, 1003);
    assert.equal(deep.rows?.length, 500);
    assert.equal(deep.total, 2_000_000 + 500);
    assert.ok(Date.now() - started < 2_000, "a page deep into 2,000,000 entries is quick");
  });

  const windows: Array<[string, Record<string, number>]> = [
    ["a window that starts three days ago", { from: WINDOW.from - 1, to: NOW.getTime() }],
    ["a window that ends tomorrow", { from: TODAY_START, to: WINDOW.to + 1 }],
    ["a window that ends before it starts", { from: TODAY_START + 10, to: TODAY_START }],
    ["an empty window", { from: TODAY_START, to: TODAY_START }],
  ];
  for (const [what, window] of windows) {
    it(`answers ${what} with HTTP 200 and invalid_datetime_window.event_logs`, async () => {
      const answer = await search(window);
      assert.deepEqual([answer.rows, answer.groups, answer.total], [null, null, 0]);
      assert.equal(answer.errorResponse.success, false);
      assert.equal(answer.errorResponse.statusCode, 400);
      assert.equal(answer.errorResponse.errorKey, "invalid_datetime_window.event_logs");
    });
  }

  it("answers an unknown zone with HTTP 202 and the zone's errorKey", async () => {
    const answer = await search(WINDOW, 7, 202);
    assert.equal(answer.errorResponse.errorKey, "not_found_or_unauthorised_access.shieldzone");
  });

  const refused: Array<[string, unknown, RegExp]> = [
    ["no body", "", /body is required/],
    ["no from", { to: WINDOW.to }, /'from' is required/],
    ["a text time", { ...WINDOW, from: "2026-03-15" }, /'from' must be a 64-bit integer/],
    ["a filter that is not an object", { ...WINDOW, filters: ["ip"] }, /'filters.0'/],
    [
      "an unknown filter field",
      { ...WINDOW, filters: [{ field: "host", op: "eq", value: ["a"] }] },
      /Unknown field 'host'/,
    ],
    [
      "an unknown operator",
      { ...WINDOW, filters: [{ field: "ip", op: "ne", value: ["a"] }] },
      /Unknown operator 'ne'/,
    ],
    [
      "a filter without values",
      { ...WINDOW, filters: [{ field: "ip", op: "eq", value: [] }] },
      /at least one value/,
    ],
    [
      "cidr on another field",
      { ...WINDOW, filters: [{ field: "url", op: "cidr", value: ["10.0.0.0/8"] }] },
      /'cidr' takes the field 'ip'/,
    ],
    [
      "a malformed network",
      { ...WINDOW, filters: [{ field: "ip", op: "cidr", value: ["10.0.0.0/33"] }] },
      /'cidr'/,
    ],
    [
      "an unknown dimension to group by",
      { ...WINDOW, groupBy: ["host"] },
      /Unknown dimension 'host'/,
    ],
  ];
  for (const [what, body, detail] of refused) {
    it(`answers ${what} with a 400 ProblemDetails`, async () => {
      const answer = await call(emulator(), "/shield/event-logs/1001/search", {
        method: "POST",
        body,
      });
      assert.equal(answer.status, 400, answer.text);
      const problem = answer.json as { status: number; detail: string };
      assert.equal(problem.status, 400);
      assert.match(problem.detail, detail);
    });
  }

  it("is a POST route next to the GET of a day", async () => {
    const get = await call(emulator(), "/shield/event-logs/1001/search");
    assert.equal(
      (get.json as WafLoggingResponse).errorResponse.errorKey,
      "invalid_datetime_window.event_logs",
    );
    const put = await call(emulator(), "/shield/event-logs/1001/search", {
      method: "PUT",
      body: WINDOW,
    });
    assert.equal(put.status, 405);
  });
});

describe("emulator: event-log search in drift mode", () => {
  const emulator = useEmulator({ drift: true });

  it("adds fields to rows and groups, none to their maps, and retypes the unread page", async () => {
    const rows = (
      await call(emulator(), "/shield/event-logs/1001/search", { method: "POST", body: WINDOW })
    ).json as Record<string, unknown> & EventLogsSearchResponse;
    assert.ok("addedBySinceSpec" in rows);
    assert.equal(typeof rows.page, "string");
    const row = rows.rows![0]!;
    assert.ok("addedBySinceSpec" in row);
    assert.ok(!("addedBySinceSpec" in row.fields!), "fields is a map");
    assert.equal(typeof row.timestamp, "number");
    const grouped = (
      await call(emulator(), "/shield/event-logs/1001/search", {
        method: "POST",
        body: { ...WINDOW, groupBy: ["asn"], buckets: 2 },
      })
    ).json as EventLogsSearchResponse;
    const group = grouped.groups![0]!;
    assert.ok("addedBySinceSpec" in group);
    assert.ok(!("addedBySinceSpec" in group.key!));
    assert.ok(!("addedBySinceSpec" in group.context!));
    assert.equal(typeof group.count, "number");
  });
});
