/**
 * `client.eventLogSearch`: against the emulator (what is sent, what comes
 * back), and against the stub for paging edge cases, per-item parsing and retries.
 *
 * The search checks its window against this machine's clock, so the emulator here runs on the
 * real clock too, and windows are taken relative to now.
 */
import { strict as assert } from "node:assert";
import {
  InvalidArgumentError,
  InvalidResponseError,
  NotFoundError,
  ServerError,
  ShieldClient,
  ValidationError,
  type EventLogSearchRequest,
} from "../../src/client";
import {
  clientFor,
  collect,
  OK_ENVELOPE,
  rawAnswer as raw,
  rejection,
  useEmulator,
  withoutDriftFields,
} from "./helpers";
import { useStub } from "./stub";

const HOUR = 3_600_000;

/** The InvalidArgumentError `call` throws at once (before anything is sent). */
function thrown(call: () => unknown): InvalidArgumentError {
  try {
    call();
  } catch (error) {
    assert.ok(error instanceof InvalidArgumentError, String(error));
    return error;
  }
  assert.fail("expected an InvalidArgumentError");
}

describe("client: event-log search", () => {
  const emu = useEmulator({ now: () => new Date() });
  let client: ShieldClient;
  let window: { from: number; to: number };
  before(() => {
    client = clientFor(emu());
  });
  beforeEach(() => {
    emu().resetRequests();
    const now = Date.now();
    window = { from: now - 30 * HOUR, to: now };
  });

  it("reads every row across pages, as the service sent them, with its figures", async () => {
    const expected = await raw(emu(), "/shield/event-logs/1001/search", {
      ...window,
      pageSize: 500,
    });
    emu().resetRequests();
    const rows = client.eventLogSearch.rows(1001, { ...window }, { pageSize: 40 });
    assert.equal(rows.total, undefined, "nothing is sent before iteration");
    assert.equal(emu().requests.length, 0);
    const all = await collect(rows);
    const { rows: sent, total } = expected as { rows: unknown[]; total: number };
    assert.ok(total > 80, "the window spans several pages");
    assert.deepEqual(withoutDriftFields(all), withoutDriftFields(sent));
    assert.equal(rows.total, total);
    assert.equal(rows.totalPages, Math.ceil(total / 40));
    const requests = emu().requests;
    assert.equal(requests.length, rows.totalPages);
    requests.forEach((request, page) => {
      assert.equal(request.method, "POST");
      assert.equal(request.route, "searchEventLogs");
      assert.deepEqual(request.body, { ...window, page, pageSize: 40 });
    });
  });

  it("stops at the limit without reading further pages, and sizes pages by it", async () => {
    const five = await collect(client.eventLogSearch.rows(1001, window, { limit: 5 }));
    assert.equal(five.length, 5);
    assert.deepEqual(
      emu().requests.map((r) => (r.body as { pageSize: number }).pageSize),
      [5],
      "a limit under the largest page is the page size",
    );
    emu().resetRequests();
    const some = await collect(
      client.eventLogSearch.rows(1001, window, { limit: 70, pageSize: 30 }),
    );
    assert.equal(some.length, 70);
    assert.equal(emu().requests.length, 3);
    emu().resetRequests();
    await collect(client.eventLogSearch.rows(1001, window, { limit: 2000 }));
    assert.equal((emu().requests[0]!.body as { pageSize: number }).pageSize, 500);
  });

  it("sends filters, the query and groupBy as given, and reads groups", async () => {
    const request: EventLogSearchRequest = {
      ...window,
      query: "a",
      filters: [
        { field: "ip", op: "cidr", value: ["0.0.0.0/1", "2001:db8::/32"] },
        { field: "action", op: "in", value: ["blocked", "logged"] },
      ],
      groupBy: ["country", "action"],
      buckets: 4,
    };
    const expected = await raw(emu(), "/shield/event-logs/1001/search", {
      ...request,
      pageSize: 500,
    });
    emu().resetRequests();
    const groups = client.eventLogSearch.groups(1001, request);
    const all = await groups;
    assert.deepEqual(
      withoutDriftFields(all),
      withoutDriftFields((expected as { groups: unknown[] }).groups),
    );
    assert.ok(all.every((g) => g.sparkline?.length === 4));
    assert.equal(groups.total, all.length);
    assert.deepEqual(emu().requests[0]!.body, { ...request, page: 0, pageSize: 500 });
  });

  it("sends a dimension it does not know, leaving the verdict to the service", async () => {
    const search = client.eventLogSearch.groups(1001, { ...window, groupBy: ["host"] });
    await rejection(collect(search), ValidationError);
    assert.deepEqual(emu().requests[0]!.body, {
      ...window,
      groupBy: ["host"],
      page: 0,
      pageSize: 500,
    });
  });

  it("exports the events a search selects as CSV, one line each, newest first", async () => {
    const filters = [{ field: "ruleId", op: "eq", value: ["942100"] }];
    const rows = await collect(client.eventLogSearch.rows(1001, { ...window, filters }));
    emu().resetRequests();
    const csv = await client.eventLogSearch.export(1001, { ...window, filters });
    const [request] = emu().requests;
    assert.equal(request!.route, "exportEventLogs");
    assert.deepEqual(request!.body, { ...window, filters });
    const [header, ...lines] = csv.trimEnd().split("\r\n");
    assert.match(header!, /^timestamp,logId,feature,ruleId,/);
    assert.ok(rows.length > 0);
    assert.deepEqual(
      lines.map((line) => line.split(",")[1]),
      rows.map((row) => row.logId),
    );
    assert.ok(lines.every((line) => line.split(",")[3] === "942100"));
  });

  it("refuses an export's grouping or a window outside retention before sending", async () => {
    await assert.rejects(
      client.eventLogSearch.export(1001, { ...window, groupBy: ["ip"] } as never),
      /request\.groupBy/,
    );
    await assert.rejects(
      client.eventLogSearch.export(1001, { from: 0, to: 1 }),
      /request\.from.*the service keeps event logs/,
    );
    assert.equal(emu().requests.length, 0);
  });

  it("reports an unknown zone as a NotFoundError", async () => {
    await rejection(collect(client.eventLogSearch.rows(7, window)), NotFoundError);
  });

  const refused: Array<[string, Partial<EventLogSearchRequest> | Record<string, unknown>, string]> =
    [
      ["a window older than two days", { from: Date.now() - 73 * HOUR }, "request.from"],
      ["a window that ends tomorrow", { to: Date.now() + 48 * HOUR }, "request.to"],
      [
        "a window that ends before it starts",
        { from: Date.now() - HOUR, to: Date.now() - 2 * HOUR },
        "request.to",
      ],
      ["a time without a zone", { from: "2026-03-15T10:00:00" }, "request.from"],
      ["a day that does not exist", { from: "2026-02-30" }, "request.from"],
      ["a negative time", { from: -1 }, "request.from"],
      ["an invalid Date", { to: new Date(Number.NaN) }, "request.to"],
      ["an unknown field", { size: 3 }, "request.size"],
      [
        "a malformed filter field",
        { filters: [{ field: "1host", op: "eq", value: ["a"] }] },
        "request.filters.0.field",
      ],
      [
        "a malformed operator",
        { filters: [{ field: "ip", op: "= 1", value: ["a"] }] },
        "request.filters.0.op",
      ],
      [
        "a filter with an extra property",
        { filters: [{ field: "ip", op: "eq", value: ["a"], not: true }] },
        "request.filters.0.not",
      ],
      [
        "a filter without values",
        { filters: [{ field: "ip", op: "eq", value: [] }] },
        "request.filters.0.value",
      ],
      [
        "a value that is not text",
        { filters: [{ field: "ip", op: "eq", value: [7] }] },
        "request.filters.0.value.0",
      ],
      [
        "cidr on another field",
        { filters: [{ field: "url", op: "cidr", value: ["10.0.0.0/8"] }] },
        "request.filters.0.field",
      ],
      [
        "a malformed network",
        { filters: [{ field: "ip", op: "cidr", value: ["10.0.0.0/33"] }] },
        "request.filters.0.value.0",
      ],
      ["a dimension twice", { groupBy: ["ip", "ip"] }, "request.groupBy"],
      ["buckets without groupBy", { groupBy: null, buckets: 5 }, "request.buckets"],
      ["too many buckets", { groupBy: ["ip"], buckets: 501 }, "request.buckets"],
      ["a query with control characters", { query: "a\u0000" }, "request.query"],
    ];
  for (const [what, change, argument] of refused) {
    it(`refuses ${what} before sending, naming ${argument}`, () => {
      const call = () =>
        client.eventLogSearch.groups(1001, { ...window, groupBy: ["ip"], ...change } as never);
      assert.equal(thrown(call).argument, argument);
      assert.equal(emu().requests.length, 0);
    });
  }

  it("refuses bad options, and groups in rows() or no groups in groups()", () => {
    const cases: Array<[() => unknown, string]> = [
      [() => client.eventLogSearch.rows(1001, window, { limit: 0 }), "limit"],
      [() => client.eventLogSearch.rows(1001, window, { pageSize: 501 }), "pageSize"],
      [() => client.eventLogSearch.rows(0, window), "shieldZoneId"],
      [() => client.eventLogSearch.rows(1001, { ...window, groupBy: ["ip"] }), "request.groupBy"],
      [() => client.eventLogSearch.groups(1001, window), "request.groupBy"],
      [() => client.eventLogSearch.groups(1001, { ...window, groupBy: [] }), "request.groupBy"],
      [() => client.eventLogSearch.rows(1001, null as never), "request"],
    ];
    for (const [call, argument] of cases) {
      assert.equal(thrown(call).argument, argument);
    }
    assert.equal(emu().requests.length, 0);
  });
});

describe("client: event-log search against the stub", () => {
  const stub = useStub();
  let client: ShieldClient;
  before(() => {
    client = clientFor(stub(), { maxRetries: 2 });
  });
  const window = () => ({ from: Date.now() - HOUR, to: Date.now() });
  const row = (logId: string, timestamp: unknown = 1_700_000_000_000) => ({
    logId,
    timestamp,
    log: { ip: "192.0.2.1" },
    fields: { ip: "192.0.2.1" },
  });
  const page = (rows: unknown[], total: number, totalPages: number) => ({
    rows,
    groups: null,
    total,
    totalPages,
    page: 0,
    errorResponse: OK_ENVELOPE,
  });

  it("stops at an empty page even if totalPages promised more", async () => {
    stub().reply({ body: page([row("a")], 10, 10) }, { body: page([], 10, 10) });
    assert.equal((await collect(client.eventLogSearch.rows(1001, window()))).length, 1);
    assert.equal(stub().requests.length, 2);
  });

  it("stops at totalPages even if the service keeps sending rows", async () => {
    stub().reply({ body: page([row("a")], 2, 2) }, { body: page([row("a")], 2, 2) });
    assert.equal((await collect(client.eventLogSearch.rows(1001, window()))).length, 2);
    assert.deepEqual(
      stub().requests.map((r) => (r.body as { page: number }).page),
      [0, 1],
    );
  });

  it("parses each row as it is yielded, naming a bad one by its place", async () => {
    stub().reply(
      { body: page([row("a"), row("b")], 4, 2) },
      { body: page([row("c"), row("d", "noon")], 4, 2) },
    );
    const seen: string[] = [];
    const error = await rejection(
      (async () => {
        for await (const r of client.eventLogSearch.rows(1001, window())) seen.push(r.logId!);
      })(),
      InvalidResponseError,
    );
    assert.deepEqual(seen, ["a", "b", "c"]);
    assert.match(error.message, /schema at rows\.1\.timestamp: .*\(it was "noon"\)/);
  });

  it("keeps what it does not read as sent, and drops map values of another type", async () => {
    const odd = { ...row("a"), log: "a line of text", fields: { ip: "192.0.2.1", weight: 3 } };
    stub().reply({ body: { ...page([odd], 1, 1), page: "zero", extra: { deep: [1] } } });
    const [only] = await collect(client.eventLogSearch.rows(1001, window()));
    assert.deepEqual(only, {
      logId: "a",
      timestamp: 1_700_000_000_000,
      log: "a line of text",
      fields: { ip: "192.0.2.1" },
    });
  });

  it("retries the search, which only reads, on a 503 and a reset", async () => {
    stub().reply({ status: 503 }, { reset: true }, { body: page([row("a")], 1, 1) });
    assert.equal((await collect(client.eventLogSearch.rows(1001, window()))).length, 1);
    assert.equal(stub().requests.length, 3);
    assert.ok(stub().requests.every((r) => r.method === "POST"));
    stub().reply({ status: 503 }, { status: 503 }, { status: 503 });
    await rejection(collect(client.eventLogSearch.rows(1001, window())), ServerError);
  });

  it("reports the service's window error with its errorKey", async () => {
    const failure = {
      statusCode: 400,
      success: false,
      message: "Outside the window.",
      errorKey: "invalid_datetime_window.event_logs",
    };
    stub().reply({
      body: { rows: null, groups: null, total: 0, totalPages: 0, page: 0, errorResponse: failure },
    });
    const error = await rejection(
      collect(client.eventLogSearch.rows(1001, window())),
      ValidationError,
    );
    assert.equal(error.errorKey, "invalid_datetime_window.event_logs");
  });
});
