/**
 * Bad input, table-driven, across the three entry points: the resource's `check` (a
 * CheckFailure naming the property), the client's methods and the data functions (an
 * InvalidArgumentError naming the argument). Nothing may leave the process for any of
 * them. Then odd-but-legal path segments and queries: each request stays on its route.
 */
import { strict as assert } from "node:assert";
import fc from "fast-check";
import { InvalidArgumentError, ShieldApiError, ShieldClient } from "../../src/client";
import type { Emulator } from "../../src/emulator";
import { getBotDetection, getEventLogs, search } from "../../src/functions";
import type { ShieldFunctionOptions } from "../../src/functions";
import type { AccessListConfigurationProvider } from "../../src/resources";
import {
  clientFor,
  collect,
  configuredProvider,
  emulator,
  failure,
  isolateEnvironment,
  TODAY,
} from "./harness";
import { scanError, tally, useWatchers } from "./tally";

/** A value of the wrong type, for arguments TypeScript would refuse. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const any = (value: unknown): any => value;

const RTL = "\u202E";
const ZWJ = "\u200D";
const LONE = "\uD800";
const EMOJI = "👨‍👩‍👧";
const NUL = "\u0000";

interface BadInput {
  /** Where it goes in. */
  target: "check" | "client" | "function";
  what: string;
  /** The property (check) or argument (others) the error must name. */
  field: string;
  run: (env: Env) => Promise<unknown> | unknown;
}

interface Env {
  provider: AccessListConfigurationProvider;
  client: ShieldClient;
  options: ShieldFunctionOptions;
}

const VALID = { shieldZoneId: 1001, configurationId: 100101, isEnabled: true };

/** `check` with one property replaced (or added). */
function checkWith(field: string, value: unknown, what = show(value)): BadInput {
  return {
    target: "check",
    what: `${field} = ${what}`,
    field,
    run: ({ provider }) => provider.check({}, { ...VALID, [field]: value }),
  };
}

function show(value: unknown): string {
  if (typeof value === "string") {
    return JSON.stringify(value.length > 30 ? `${value.slice(0, 27)}...` : value);
  }
  if (typeof value === "number") return Object.is(value, -0) ? "-0" : String(value);
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

function client(field: string, what: string, run: (c: ShieldClient) => unknown): BadInput {
  return { target: "client", what, field, run: ({ client: c }) => run(c) };
}

function fn(
  field: string,
  what: string,
  run: (options: ShieldFunctionOptions) => Promise<unknown>,
): BadInput {
  return { target: "function", what, field, run: ({ options }) => run(options) };
}

const BAD_IDS: unknown[] = [0, -1, -0, 2 ** 31, 2 ** 53, Infinity, -Infinity, NaN, 1.5, "1001"];
const BAD_CONFIGURATION_IDS: unknown[] = [0, -7, 2 ** 53, Infinity, NaN, 100101.5, "100101", []];
const BAD_DATES: unknown[] = [
  "02-30-2026", // Feb 30
  "13-01-2026", // month 13
  "03-00-2026", // day 00
  "2026-02-29", // not a leap year
  "2026-13-01",
  "1969-12-31", // before the epoch
  "2026/03/15",
  "03/15/2026",
  "..",
  "%2e%2e",
  "03%2F15%2F2026",
  "03-15-2026/..",
  `03-15-2026${RTL}`,
  `03-15-2026${ZWJ}`,
  `03-15-2026${EMOJI}`,
  `03-15-2026${NUL}`,
  LONE,
  "０３-15-2026", // full-width digits
  "",
  new Date(NaN),
  20260315,
  null,
];
const BAD_TOKENS: unknown[] = [
  "..",
  ".",
  "",
  `a${NUL}b`,
  "tok\n",
  `a${LONE}b`,
  "\uDC00",
  "x".repeat(5000),
  42,
  {},
];

const TABLE: BadInput[] = [
  // --- the resource's check --------------------------------------------------------
  ...BAD_IDS.map((v) => checkWith("shieldZoneId", v)),
  checkWith("shieldZoneId", null),
  checkWith("shieldZoneId", `1001${RTL}`),
  ...BAD_CONFIGURATION_IDS.map((v) => checkWith("configurationId", v)),
  ...["true", 1, null, "yes", [true]].map((v) => checkWith("isEnabled", v)),
  ...[
    6,
    -1,
    2.5,
    NaN,
    "block",
    `Block${ZWJ}`,
    `Block${RTL}`,
    `Block${NUL}`,
    "🚫",
    LONE,
    "Block/../Allow",
  ].map((v) => checkWith("action", v)),
  ...["delete", "Keep", "restore/../keep", `keep${RTL}`].map((v) => checkWith("onDelete", v)),
  ...["enabled", "colour", "constructor", "toString", "hasOwnProperty", "valueOf"].map((name) =>
    checkWith(name, true, "true (unknown field)"),
  ),
  {
    target: "check",
    what: '"__proto__" as an own property (unknown field)',
    field: "__proto__",
    run: ({ provider }) =>
      provider.check(
        {},
        JSON.parse('{"shieldZoneId":1001,"configurationId":100101,"isEnabled":true,"__proto__":1}'),
      ),
  },

  // --- the client's methods ---------------------------------------------------------
  ...BAD_IDS.map((v) =>
    client("shieldZoneId", `getBotDetection(${show(v)})`, (c) => c.getBotDetection(any(v))),
  ),
  client("shieldZoneId", "listAccessLists(null)", (c) => c.listAccessLists(any(null))),
  client("shieldZoneId", "listAccessLists(2**31)", (c) => c.listAccessLists(2 ** 31)),
  ...BAD_CONFIGURATION_IDS.map((v) =>
    client("configurationId", `update(1001, ${show(v)})`, (c) =>
      c.updateAccessListConfiguration(1001, any(v), { isEnabled: true }),
    ),
  ),
  ...(
    [
      ["change.isEnabled", { isEnabled: "true" }],
      ["change.isEnabled", { isEnabled: null }],
      ["change.action", { action: -6 }],
      ["change.action", { action: 2.5 }],
      ["change.action", { action: NaN }],
      ["change.action", { action: "Block" }],
      ["change.enabled", { enabled: true }],
      ["change.extra", { isEnabled: true, extra: 1 }],
      ["change", {}],
      ["change", null],
      ["change", []],
      ["change", "isEnabled=true"],
    ] as const
  ).map(([field, change]) =>
    client(field, `update(1001, 100101, ${show(change)})`, (c) =>
      c.updateAccessListConfiguration(1001, 100101, any(change)),
    ),
  ),
  ...BAD_DATES.map((v) =>
    client("date", `getEventLogs(1001, ${show(v)})`, (c) => c.getEventLogs(1001, any(v))),
  ),
  ...BAD_DATES.slice(0, 4).map((v) =>
    client("date", `eventLogs(1001, ${show(v)})`, (c) => collect(c.eventLogs(1001, any(v)))),
  ),
  ...BAD_TOKENS.map((v) =>
    client("continuationToken", `getEventLogs(1001, TODAY, ${show(v)})`, (c) =>
      c.getEventLogs(1001, TODAY, any(v)),
    ),
  ),
  ...[0, -1, 1.5, NaN, Infinity, "10"].map((v) =>
    client("limit", `eventLogs limit ${show(v)}`, (c) =>
      collect(c.eventLogs(1001, TODAY, { limit: any(v) })),
    ),
  ),
  ...(
    [
      ["query", { query: "x".repeat(257) }],
      ["query", { query: `a${NUL}` }],
      ["query", { query: `a${LONE}` }],
      ["query", { query: 5 }],
      ["query", { query: null }],
      ["query", {}],
      ["size", { query: "x", size: 0 }],
      ["size", { query: "x", size: 101 }],
      ["size", { query: "x", size: 2 ** 53 }],
      ["from", { query: "x", from: -1 }],
      ["from", { query: "x", from: 2 ** 31 }],
      ["from", { query: "x", from: 1.5 }],
      ["from", { query: "x", from: NaN }],
      ["params.limit", { query: "x", limit: 3 }],
      ["params", null],
      ["params", "cdn"],
    ] as const
  ).map(([field, params]) =>
    client(field, `search(${show(params)})`, (c) => c.search(any(params))),
  ),
  ...(
    [
      ["pageSize", { query: "x", pageSize: 0 }],
      ["pageSize", { query: "x", pageSize: 101 }],
      ["params.from", { query: "x", from: 0 }],
      ["query", { query: `x${LONE}` }],
    ] as const
  ).map(([field, params]) =>
    client(field, `searchAll(${show(params)})`, (c) => collect(c.searchAll(any(params)))),
  ),

  // --- the data functions -----------------------------------------------------------
  ...[0, 2 ** 31, NaN, "1001"].map((v) =>
    fn("shieldZoneId", `getBotDetection({shieldZoneId: ${show(v)}})`, (o) =>
      getBotDetection({ shieldZoneId: any(v) }, o),
    ),
  ),
  fn("args.zoneId", "getBotDetection({zoneId})", (o) => getBotDetection(any({ zoneId: 1001 }), o)),
  fn("args", "getBotDetection(null)", (o) => getBotDetection(any(null), o)),
  fn("args", "getBotDetection([1001])", (o) => getBotDetection(any([1001]), o)),
  ...["02-30-2026", "2026-13-01", "03-00-2026", "%2e%2e", `03-15-2026${RTL}`].map((date) =>
    fn("date", `getEventLogs date ${show(date)}`, (o) =>
      getEventLogs({ shieldZoneId: 1001, date }, o),
    ),
  ),
  ...["..", ".", "", `${LONE}`, `x${NUL}`, "y".repeat(4097)].map((token) =>
    fn("continuationToken", `getEventLogs token ${show(token)}`, (o) =>
      getEventLogs({ shieldZoneId: 1001, date: TODAY, continuationToken: token }, o),
    ),
  ),
  ...[0, 100_001, 1.5, "10"].map((limit) =>
    fn("limit", `getEventLogs limit ${show(limit)}`, (o) =>
      getEventLogs({ shieldZoneId: 1001, date: TODAY, limit: any(limit) }, o),
    ),
  ),
  fn("args.page", "getEventLogs({page})", (o) =>
    getEventLogs(any({ shieldZoneId: 1001, date: TODAY, page: 2 }), o),
  ),
  fn("query", "search query of 300 characters", (o) => search({ query: "q".repeat(300) }, o)),
  fn("query", "search query with a lone surrogate", (o) => search({ query: LONE }, o)),
  fn("query", "search query 7", (o) => search({ query: any(7) }, o)),
  fn("all", 'search all: "yes"', (o) => search({ query: "x", all: any("yes") }, o)),
  fn("size", "search all with size", (o) => search({ query: "x", all: true, size: 5 }, o)),
  fn("from", "search from -1", (o) => search({ query: "x", from: -1 }, o)),
  fn("size", "search size 101", (o) => search({ query: "x", size: 101 }, o)),
  fn("args.limit", "search({limit})", (o) => search(any({ query: "x", limit: 5 }), o)),
  fn("options.apiKey", "options.apiKey 123", (o) =>
    getBotDetection({ shieldZoneId: 1001 }, any({ ...o, apiKey: 123 })),
  ),
  fn("options.colour", "options.colour", (o) =>
    getBotDetection({ shieldZoneId: 1001 }, any({ ...o, colour: "red" })),
  ),
  fn("timeoutMs", "options.timeoutMs -1", (o) =>
    getBotDetection({ shieldZoneId: 1001 }, { ...o, timeoutMs: -1 }),
  ),
  fn("timeoutMs", "options.timeoutMs 0.5", (o) =>
    getBotDetection({ shieldZoneId: 1001 }, { ...o, timeoutMs: 0.5 }),
  ),
  fn("maxRetries", "options.maxRetries 100", (o) =>
    getBotDetection({ shieldZoneId: 1001 }, { ...o, maxRetries: 100 }),
  ),
  fn("apiUrl", "options.apiUrl ftp://", (o) =>
    getBotDetection({ shieldZoneId: 1001 }, { ...o, apiUrl: "ftp://example.com" }),
  ),
  fn("apiUrl", "options.apiUrl with credentials", (o) =>
    getBotDetection({ shieldZoneId: 1001 }, { ...o, apiUrl: "http://user:pw@127.0.0.1:1" }),
  ),
  fn("apiUrl", "options.apiUrl with a query", (o) =>
    getBotDetection({ shieldZoneId: 1001 }, { ...o, apiUrl: "http://127.0.0.1:1/?x=1" }),
  ),
];

describe("reliability: bad input is refused before anything is sent", function () {
  this.timeout(10_000);
  useWatchers();
  isolateEnvironment();
  const env = {} as Env;
  let emu: Emulator;

  before(async () => {
    emu = await emulator();
    env.provider = await configuredProvider(emu);
    env.client = clientFor(emu);
    env.options = { apiKey: emu.apiKey, apiUrl: emu.url, maxRetries: 0 };
  });
  beforeEach(() => emu.resetRequests());
  afterEach(() => {
    assert.deepEqual(
      emu.requests.map((r) => `${r.method} ${r.path}`),
      [],
      "no request may leave the process",
    );
  });
  after(() => emu?.close());

  it(`has at least 40 bad inputs (${TABLE.length})`, () => {
    assert.ok(TABLE.length >= 40);
    const targets = new Set(TABLE.map((t) => t.target));
    assert.deepEqual([...targets].sort(), ["check", "client", "function"]);
  });

  for (const [i, input] of TABLE.entries()) {
    it(`${input.target}: ${input.what} → names ${input.field}`, async () => {
      tally.badInputsTried++;
      if (input.target === "check") {
        const result = (await input.run(env)) as {
          failures?: Array<{ property: string; reason: string }>;
        };
        const failure = result.failures?.find((f) => f.property === input.field);
        assert.ok(failure, `no CheckFailure for ${input.field}: ${JSON.stringify(result)}`);
        assert.ok(failure.reason.includes(input.field), `reason names it: ${failure.reason}`);
        assert.equal(result.failures!.length, 1, JSON.stringify(result.failures));
        return;
      }
      const error = await failure(
        Promise.resolve().then(() => input.run(env)),
        InvalidArgumentError,
        `bad input #${i}`,
      );
      assert.equal(error.argument, input.field);
      assert.ok(error.message.includes(`Invalid ${input.field}:`), error.message);
      if (input.target === "function") {
        assert.match(
          error.message,
          /^(getBotDetection|getEventLogs|search)( for shield zone \d+)?: /,
        );
      }
      // The message shows the refused value without being huge, and ends with what to do.
      assert.ok(error.message.length < 600, `message of ${error.message.length} characters`);
      assert.match(error.message, /; .+\.$/s);
    });
  }
});

/** Tokens the service would never send, but that are legal: they must stay on the route. */
const ODD_TOKENS = [
  "a/b",
  "%2F",
  "é",
  "a?b#c",
  "%2e%2e",
  "..%2F..",
  "../x",
  "../../shield-zone/1001/access-lists",
  "...",
  "\\..\\",
  "%",
  "%zz",
  ";x=1",
  "a b+c",
  RTL,
  ZWJ,
  EMOJI,
  "😀".repeat(100),
];

const ODD_QUERIES = ["a&search=b", "#", "?", "é", RTL, EMOJI, "%2F", "a/../b", "1+1=2", ""];

describe("reliability: odd but legal input stays on its route", function () {
  this.timeout(30_000);
  useWatchers();
  isolateEnvironment();
  let emu: Emulator;
  let c: ShieldClient;
  before(async () => {
    emu = await emulator();
    c = clientFor(emu, { maxRetries: 0 });
  });
  beforeEach(() => emu.resetRequests());
  after(() => emu?.close());

  /** The one recorded request is on the event-logs route and carries exactly `token`. */
  function assertOnRoute(token: string): void {
    assert.equal(emu.requests.length, 1);
    const [request] = emu.requests;
    assert.equal(request.route, "getEventLogs", request.path);
    assert.deepEqual(request.query, {});
    const prefix = `/shield/event-logs/1001/${TODAY}/`;
    assert.ok(request.path.startsWith(prefix), request.path);
    assert.equal(decodeURIComponent(request.path.slice(prefix.length)), token);
  }

  for (const token of ODD_TOKENS) {
    it(`token ${JSON.stringify(token).slice(0, 40)}: client and function`, async () => {
      tally.routeProbes++;
      // The emulator refuses a token it did not issue: a ValidationError, after one request.
      const error = await failure(c.getEventLogs(1001, TODAY, token), ShieldApiError, "odd token");
      assert.equal(error.errorKey, "invalid_continuation_token.event_logs");
      assertOnRoute(token);
      emu.resetRequests();
      await failure(
        getEventLogs(
          { shieldZoneId: 1001, date: TODAY, continuationToken: token },
          { apiKey: emu.apiKey, apiUrl: emu.url, maxRetries: 0 },
        ),
        ShieldApiError,
        "odd token (function)",
      );
      assertOnRoute(token);
    });
  }

  for (const query of ODD_QUERIES) {
    it(`search query ${JSON.stringify(query)}: one request to /search carrying it`, async () => {
      tally.routeProbes++;
      await c.search({ query });
      assert.equal(emu.requests.length, 1);
      const [request] = emu.requests;
      assert.equal(request.route, "search");
      assert.equal(request.path, "/search");
      assert.deepEqual(request.query, { search: query, from: "0", size: "20" });
    });
  }

  it("any string as a token: refused without a request, or sent intact to the route", async () => {
    const token = fc.oneof(
      fc.string({ unit: "binary", maxLength: 40 }),
      fc.string({ unit: "grapheme", maxLength: 20 }),
      fc.constantFrom(...ODD_TOKENS, "..", ".", "", "/", "%2e", "%2e%2E", "./", "../"),
      fc
        .array(fc.constantFrom("/", ".", "..", "%", "2e", "2F", "?", "#", "é", RTL, LONE, "a"), {
          maxLength: 8,
        })
        .map((parts) => parts.join("")),
    );
    await fc.assert(
      fc.asyncProperty(token, async (t) => {
        tally.propertyRuns++;
        emu.resetRequests();
        try {
          await c.getEventLogs(1001, TODAY, t);
          assert.fail("the emulator accepts only its own tokens");
        } catch (error) {
          scanError(error, "token property");
          if (error instanceof InvalidArgumentError) {
            assert.equal(error.argument, "continuationToken");
            assert.equal(emu.requests.length, 0);
            return;
          }
          assert.ok(error instanceof ShieldApiError, String(error));
          assertOnRoute(t);
        }
      }),
      { seed: 20260315, numRuns: 150 },
    );
  });
});
