/**
 * Property-based tests (fast-check, fixed seeds, modest run counts):
 * 1. response parsing: any JSON value, and generated valid bodies, either parse to the
 *    documented shape or fail with an InvalidResponseError naming a path; never anything
 *    else. Mostly on the exported zod schemas, some through HTTP;
 * 2. the paging loop: generated page sequences (empty tokens, nulls, repeats, cycles)
 *    served by a tiny HTTP stub; `eventLogs()` terminates, yields exactly the entries of
 *    the pages it visited, in order, none lost or duplicated, and respects `limit`.
 */
import { strict as assert } from "node:assert";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import fc from "fast-check";
import type { z } from "zod";
import { InvalidResponseError, ShieldApiError, ShieldClient } from "../../src/client";
import { accessListSchema } from "../../src/client/areas/access-lists";
import { botDetectionSchema } from "../../src/client/areas/bot-detection";
import { eventLogPageSchema } from "../../src/client/areas/event-logs";
import { searchPageSchema } from "../../src/client/areas/search";
import { parseResponse } from "../../src/client/response";
import type { Emulator, RouteName } from "../../src/emulator";
import { getEventLogs } from "../../src/functions";
import { collect, emulator, isolateEnvironment, TODAY } from "./harness";
import { API_KEY, scanError, tally, useWatchers } from "./tally";

const REQUEST = { operation: "probe", method: "GET" as const, path: "/probe" };

// --- generators of valid bodies, after the API's documented shapes ------------------------

const text = fc.option(fc.string({ maxLength: 12 }), { nil: null });
const int = fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 });
const envelope = fc.record({
  statusCode: fc.constantFrom(200, 202, 400),
  success: fc.constant(true),
  message: fc.constant(null),
  errorKey: fc.constant(null),
});
const labels = fc.record({
  asn: text,
  country: text,
  ruleId: text,
  severity: text,
  method: text,
  ruleGroup: text,
  status: text,
  serverZone: text,
});
const logEntry = fc.record(
  {
    logId: text,
    timestamp: fc.maxSafeInteger(),
    log: text,
    labels: fc.option(labels, { nil: null }),
  },
  { requiredKeys: ["timestamp"] },
);
const wafLoggingResponse = fc.record(
  {
    logs: fc.option(fc.array(logEntry, { maxLength: 4 }), { nil: null }),
    hasMoreData: fc.boolean(),
    continuationToken: text,
    startToken: text,
    errorResponse: envelope,
  },
  { requiredKeys: [] },
);
const accessListDetails = fc.record(
  {
    listId: int,
    configurationId: int,
    name: text,
    description: text,
    isEnabled: fc.boolean(),
    type: fc.integer({ min: 0, max: 5 }),
    category: fc.integer({ min: 0, max: 8192 }),
    action: fc.integer({ min: 0, max: 5 }),
    requiredPlan: fc.integer({ min: 0, max: 3 }),
    entryCount: fc.nat(),
    updateFrequency: text,
    lastUpdated: fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
  },
  {
    requiredKeys: [
      "listId",
      "configurationId",
      "isEnabled",
      "type",
      "action",
      "entryCount",
      "lastUpdated",
    ],
  },
);
const accessListsResponse = fc.record(
  {
    managedLists: fc.option(fc.array(accessListDetails, { maxLength: 3 }), { nil: null }),
    customLists: fc.option(fc.array(accessListDetails, { maxLength: 3 }), { nil: null }),
    customEntryCount: fc.option(fc.nat(), { nil: null }),
    customEntryLimit: fc.option(fc.nat(), { nil: null }),
    customListCount: fc.option(fc.nat(), { nil: null }),
    customListLimit: fc.option(fc.nat(), { nil: null }),
    error: envelope,
  },
  { requiredKeys: [] },
);
const sensitivity = fc.record(
  { sensitivity: fc.integer({ min: 0, max: 3 }) },
  { requiredKeys: [] },
);
const botDetection = fc.record(
  {
    shieldZoneId: fc.integer({ min: 1, max: 2 ** 31 - 1 }),
    executionMode: fc.integer({ min: 0, max: 1 }),
    requestIntegrity: sensitivity,
    ipAddress: sensitivity,
    browserFingerprint: fc.record(
      {
        sensitivity: fc.integer({ min: 0, max: 3 }),
        aggression: fc.integer({ min: 0, max: 4 }),
        complexEnabled: fc.option(fc.boolean(), { nil: null }),
      },
      { requiredKeys: [] },
    ),
  },
  { requiredKeys: ["requestIntegrity", "ipAddress", "browserFingerprint"] },
);
const searchResults = fc.record(
  {
    Query: text,
    Total: fc.nat(),
    From: fc.nat(),
    Size: fc.nat(),
    SearchResults: fc.option(
      fc.array(
        fc.record({
          Type: fc.option(fc.constantFrom("cdn", "storage", "dns", "script", "stream"), {
            nil: null,
          }),
          Id: fc.nat(),
          Name: text,
        }),
        { maxLength: 4 },
      ),
      { nil: null },
    ),
  },
  { requiredKeys: ["Total", "From", "Size"] },
);

/** A path of a value, as zod and the client's messages write it (`a.0.b`). */
type Path = Array<string | number>;

/** Every path of `value` that leads to a leaf or a container, the root excepted. */
function pathsOf(value: unknown, prefix: Path = []): Path[] {
  if (typeof value !== "object" || value === null) return [];
  return Object.entries(value).flatMap(([key, child]) => {
    const path = [...prefix, Array.isArray(value) ? Number(key) : key];
    return [path, ...pathsOf(child, path)];
  });
}

/** `value` with the thing at `path` replaced. */
function replaced(value: unknown, path: Path, replacement: unknown): unknown {
  const copy = structuredClone(value) as Record<string | number, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  node[path[path.length - 1]] = replacement;
  return copy;
}

/** Parses and checks the outcome: the documented shape, or an InvalidResponseError naming a path. */
function parseOrNamedError(schema: z.ZodType, body: unknown): { ok: true } | { path: string } {
  try {
    parseResponse(schema, { status: 200, body }, REQUEST);
    return { ok: true };
  } catch (error) {
    scanError(error, "parse property");
    assert.ok(
      error instanceof InvalidResponseError,
      `not an InvalidResponseError: ${String(error)}`,
    );
    const match = /does not match the API's schema at (\S+): /.exec(error.message);
    assert.ok(match, `the message names a path: ${error.message}`);
    assert.match(error.message, /please report it/);
    return { path: match[1] };
  }
}

/** A body as it comes off the wire: plain JSON objects (fast-check may make null-prototype ones). */
const wire = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

/**
 * The fields each schema tolerates (display-only: never an error, see src/client/schemas.ts),
 * as a pattern of their dotted paths; every other field is checked strictly.
 */
const SCHEMAS: Array<[string, z.ZodType, fc.Arbitrary<unknown>, RegExp]> = [
  [
    "WafLoggingResponse",
    eventLogPageSchema,
    wafLoggingResponse.map(wire),
    /^(startToken|errorResponse|logs\.\d+\.(logId|log|labels))(\.|$)/,
  ],
  [
    "AccessListDetails",
    accessListSchema,
    accessListDetails.map(wire),
    /^(requiredPlan|entryCount|updateFrequency|lastUpdated)$/,
  ],
  ["bot detection data", botDetectionSchema, botDetection.map(wire), /^$/],
  [
    "SearchResults",
    searchPageSchema,
    searchResults.map(wire),
    /^(Query|SearchResults\.\d+\.(Type|Name))$/,
  ],
];

/** A value of another JSON type than `value`'s. */
function wrongTypeFor(value: unknown): unknown {
  if (typeof value === "number") return String(value);
  if (typeof value === "string") return 42;
  if (typeof value === "boolean") return "true";
  if (Array.isArray(value)) return { length: value.length };
  if (value === null) return { null: true };
  return [value];
}

describe("reliability: response parsing, property-based", function () {
  this.timeout(30_000);
  useWatchers();

  for (const [name, schema, valid, tolerated] of SCHEMAS) {
    it(`${name}: any JSON value parses or fails with InvalidResponseError naming a path`, () => {
      fc.assert(
        fc.property(fc.jsonValue({ maxDepth: 4 }), (body) => {
          tally.propertyRuns++;
          parseOrNamedError(schema, body);
        }),
        { seed: 7, numRuns: 200 },
      );
    });

    it(`${name}: valid bodies parse to the documented shape`, () => {
      fc.assert(
        fc.property(valid, (body) => {
          tally.propertyRuns++;
          const parsed = parseResponse(schema, { status: 200, body }, REQUEST) as Record<
            string,
            unknown
          >;
          const source = body as Record<string, unknown>;
          for (const [key, value] of Object.entries(source)) {
            // Missing or null lists become empty ones; everything else is kept as sent.
            if (
              value === null &&
              ["logs", "managedLists", "customLists", "SearchResults"].includes(key)
            ) {
              assert.deepEqual(parsed[key], []);
            } else {
              assert.deepEqual(parsed[key], value, key);
            }
          }
          if (schema === eventLogPageSchema) {
            assert.ok(Array.isArray(parsed.logs));
            assert.equal(typeof parsed.hasMoreData, "boolean");
          }
        }),
        { seed: 11, numRuns: 150 },
      );
    });

    it(`${name}: a valid body with one field of the wrong type fails, naming that field (or, for a tolerated field, parses)`, () => {
      const mutated = valid
        .filter((body) => pathsOf(body).length > 0)
        .chain((body) => fc.constantFrom(...pathsOf(body)).map((path) => ({ body, path })));
      fc.assert(
        fc.property(mutated, ({ body, path }) => {
          tally.propertyRuns++;
          const original = path.reduce<unknown>(
            (node, key) => (node as Record<string | number, unknown>)[key],
            body,
          );
          const outcome = parseOrNamedError(schema, replaced(body, path, wrongTypeFor(original)));
          if (tolerated.test(path.join("."))) {
            assert.ok("ok" in outcome, `refused a tolerated field at ${path.join(".")}`);
            return;
          }
          // A nullable field given an object, or a free-form string... may still be invalid
          // elsewhere first; but when it fails, the path named is the mutated one or inside it.
          assert.ok(
            "path" in outcome,
            `accepted a ${typeof original} replaced at ${path.join(".")}`,
          );
          const named = outcome.path;
          const wanted = path.join(".");
          assert.ok(
            named === wanted || named.startsWith(`${wanted}.`),
            `named ${named}, mutated ${wanted}`,
          );
        }),
        { seed: 13, numRuns: 150 },
      );
    });
  }

  describe("through HTTP", () => {
    isolateEnvironment();
    let emu: Emulator;
    let client: ShieldClient;
    before(async () => {
      emu = await emulator();
      client = new ShieldClient({ apiKey: API_KEY, baseUrl: emu.url, maxRetries: 0 });
    });
    after(() => emu?.close());

    const OPS: Array<[RouteName, fc.Arbitrary<unknown>, (c: ShieldClient) => Promise<unknown>]> = [
      ["getEventLogs", wafLoggingResponse, (c) => c.getEventLogs(1001, TODAY)],
      ["listAccessLists", accessListsResponse, (c) => c.listAccessLists(1001)],
      [
        "getBotDetection",
        fc.tuple(botDetection, envelope).map(([data, error]) => ({ data, error })),
        (c) => c.getBotDetection(1001),
      ],
      ["search", searchResults, (c) => c.search({ query: "x" })],
    ];
    for (const [route, valid, call] of OPS) {
      it(`${route}: served bodies (valid or any JSON) give the shape or a typed error`, async () => {
        await fc.assert(
          fc.asyncProperty(fc.oneof(valid, fc.jsonValue({ maxDepth: 3 })), async (body) => {
            tally.propertyRuns++;
            emu.faults.clear();
            emu.faults.add({
              route,
              status: 200,
              body: JSON.stringify(body),
              contentType: "application/json",
            });
            try {
              await call(client);
            } catch (error) {
              scanError(error, `${route} served body`);
              assert.ok(error instanceof ShieldApiError, `not a ShieldApiError: ${String(error)}`);
              if (error instanceof InvalidResponseError) {
                assert.match(error.message, /schema at \S+: /);
              }
            }
          }),
          { seed: 17, numRuns: 40 },
        );
      });
    }
  });
});

// --- the paging loop ----------------------------------------------------------------------

interface PageSpec {
  count: number;
  nullLogs: boolean;
  hasMoreData: boolean;
  /** "" and null end the walk; a number points at that page's token. */
  next: "" | null | number;
}

interface Scenario {
  tokens: string[];
  pages: PageSpec[];
  limit: number | undefined;
}

/** Tokens the service might send: opaque, sometimes odd, never a dot segment. */
const tokenArb = fc
  .oneof(
    fc.string({ unit: "grapheme", minLength: 1, maxLength: 10 }),
    fc.constantFrom("a/b", "%2F", "é", "a?b#c", "%2e%2e", "...", "😀", "\u202E", "x y"),
    fc.base64String({ minLength: 4, maxLength: 24 }),
  )
  .filter(
    // eslint-disable-next-line no-control-regex
    (t) => t !== "." && t !== ".." && !/[\u0000-\u001f\u007f]/.test(t),
  );

/** Where a page's token leads: nowhere ("" or null), or to a page (not the first, unless allowed). */
function nextArb(n: number, backToStart: boolean): fc.Arbitrary<"" | null | number> {
  const end = fc.constantFrom<"" | null>("", null);
  const lowest = backToStart ? 0 : 1;
  if (lowest > n - 1) return end;
  return fc.oneof(
    { weight: 1, arbitrary: end },
    { weight: 4, arbitrary: fc.integer({ min: lowest, max: n - 1 }) },
  );
}

/** Scenarios of 1 to 8 pages; `backToStart` lets a page's token lead back to the first page. */
function scenarioArb(backToStart: boolean): fc.Arbitrary<Scenario> {
  return fc.integer({ min: 1, max: 8 }).chain((n) =>
    fc.record({
      tokens: fc.uniqueArray(tokenArb, { minLength: n, maxLength: n }),
      pages: fc.array(
        fc.record({
          count: fc.integer({ min: 0, max: 4 }),
          nullLogs: fc.boolean(),
          hasMoreData: fc.boolean(),
          next: nextArb(n, backToStart),
        }),
        { minLength: n, maxLength: n },
      ),
      limit: fc.option(fc.integer({ min: 1, max: 20 }), { nil: undefined }),
    }),
  );
}

const logIdOf = (page: number, k: number) => `p${page}-e${k}`;

/** A stub of the event-log route serving one scenario: page 0 without a token, page j for tokens[j]. */
class PagingStub {
  scenario: Scenario = { tokens: [], pages: [], limit: undefined };
  /** Pages served, in order. */
  served: number[] = [];
  private readonly server: Server;
  url = "";

  constructor() {
    this.server = createServer((req, res) => {
      const prefix = `/shield/event-logs/1001/${TODAY}`;
      const path = req.url ?? "";
      let index = -1;
      if (path === prefix) index = 0;
      else if (path.startsWith(`${prefix}/`)) {
        index = this.scenario.tokens.indexOf(decodeURIComponent(path.slice(prefix.length + 1)));
      }
      if (index < 0) {
        res.writeHead(404, { "Content-Type": "application/json" }).end('{"title":"no such page"}');
        return;
      }
      this.served.push(index);
      const spec = this.scenario.pages[index];
      const logs = Array.from({ length: spec.count }, (_, k) => ({
        logId: logIdOf(index, k),
        timestamp: 1_773_578_096_000 + index * 10 + k,
        log: `entry ${k} of page ${index}`,
        labels: null,
      }));
      const body = {
        logs: spec.count === 0 && spec.nullLogs ? null : logs,
        hasMoreData: spec.hasMoreData,
        continuationToken:
          typeof spec.next === "number" ? this.scenario.tokens[spec.next] : spec.next,
        startToken: null,
        errorResponse: { statusCode: 200, success: true, message: null, errorKey: null },
      };
      res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify(body));
    });
  }

  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, "127.0.0.1", resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }
}

/**
 * Checks one walk against the scenario: it followed exactly the tokens it was given, stopped
 * for a reason the API notes give (or the limit), and yielded the visited pages' entries.
 */
function checkWalk(s: Scenario, served: number[], ids: string[]): void {
  const n = s.pages.length;
  assert.ok(served.length >= 1 && served.length <= n + 1, `served ${served.length} of ${n} pages`);
  assert.equal(served[0], 0, "starts at the first page, without a token");
  const followed = new Set<number>();
  for (let i = 0; i + 1 < served.length; i++) {
    const page = s.pages[served[i]];
    assert.ok(page.hasMoreData, "followed a token although hasMoreData was false");
    assert.equal(typeof page.next, "number", "followed an empty token");
    assert.equal(served[i + 1], page.next, "followed another token than the one sent");
    assert.ok(!followed.has(page.next as number), "followed a token twice");
    followed.add(page.next as number);
  }
  const all = served.flatMap((p) =>
    Array.from({ length: s.pages[p].count }, (_, k) => logIdOf(p, k)),
  );
  const expected = s.limit === undefined ? all : all.slice(0, s.limit);
  assert.deepEqual(ids, expected, "the visited pages' entries, in order, none lost");
  const last = s.pages[served[served.length - 1]];
  const limitReached = s.limit !== undefined && ids.length >= s.limit;
  if (limitReached) {
    // No page was read beyond the one that reached the limit.
    const before = served.slice(0, -1).reduce((sum, p) => sum + s.pages[p].count, 0);
    assert.ok(before < s.limit!, "read a page after the limit was reached");
  } else {
    const next = last.next;
    const stopped = !last.hasMoreData || next === "" || next === null || followed.has(next);
    assert.ok(stopped, "stopped although a new token was offered");
  }
}

describe("reliability: the paging loop, property-based", function () {
  this.timeout(60_000);
  useWatchers();
  isolateEnvironment();
  const stub = new PagingStub();
  let client: ShieldClient;
  before(async () => {
    await stub.start();
    client = new ShieldClient({
      apiKey: API_KEY,
      baseUrl: stub.url,
      maxRetries: 0,
      timeoutMs: 2_000,
    });
  });
  after(() => stub.stop());

  async function walk(s: Scenario): Promise<string[]> {
    stub.scenario = s;
    stub.served = [];
    const entries = await collect(client.eventLogs(1001, TODAY, { limit: s.limit }));
    return entries.map((e) => e.logId!);
  }

  it("eventLogs() terminates, follows only new tokens, yields the visited pages' entries, respects limit", async () => {
    await fc.assert(
      fc.asyncProperty(scenarioArb(false), async (s) => {
        tally.propertyRuns++;
        const ids = await walk(s);
        checkWalk(s, stub.served, ids);
        assert.equal(new Set(ids).size, ids.length, "no entry twice");
      }),
      { seed: 20260315, numRuns: 100 },
    );
  });

  it("with tokens that lead back to the first page: still terminates within n+1 pages", async () => {
    await fc.assert(
      fc.asyncProperty(scenarioArb(true), async (s) => {
        tally.propertyRuns++;
        const ids = await walk(s);
        // The first page has no token of its own to recognise, so a cycle back to it
        // reads it once more at most (checkWalk bounds the pages at n + 1).
        checkWalk(s, stub.served, ids);
      }),
      { seed: 42, numRuns: 60 },
    );
  });

  it("getEventLogs({limit}) reads the same pages and entries as the iterator", async () => {
    await fc.assert(
      fc.asyncProperty(scenarioArb(false), fc.integer({ min: 1, max: 20 }), async (s, limit) => {
        tally.propertyRuns++;
        const scenario = { ...s, limit };
        const ids = await walk(scenario);
        const servedByIterator = stub.served;
        stub.served = [];
        const result = await getEventLogs(
          { shieldZoneId: 1001, date: TODAY, limit },
          { apiKey: API_KEY, apiUrl: stub.url, maxRetries: 0 },
        );
        assert.deepEqual(
          result.logs.map((l) => l.logId),
          ids,
        );
        assert.deepEqual(stub.served, servedByIterator);
        assert.equal(result.hasMoreData, result.continuationToken !== null);
        const lastCount = s.pages[stub.served[stub.served.length - 1]].count;
        const takenFromLast = ids.filter((id) =>
          id.startsWith(`p${stub.served[stub.served.length - 1]}-`),
        ).length;
        assert.equal(result.omittedFromLastPage, lastCount - takenFromLast);
      }),
      { seed: 99, numRuns: 50 },
    );
  });

  it("a token the service sends that cannot be sent back: InvalidResponseError, iterator and function alike", async () => {
    for (const bad of ["\uD800", "a\uDC00", "..", ".", "a\nb", "x".repeat(5000)]) {
      stub.scenario = { tokens: ["first", bad], pages: [], limit: undefined };
      stub.scenario.pages = [
        { count: 2, nullLogs: false, hasMoreData: true, next: 1 },
        { count: 1, nullLogs: false, hasMoreData: false, next: "" },
      ];
      for (const run of [
        () => collect(client.eventLogs(1001, TODAY)),
        () => client.getEventLogs(1001, TODAY),
        () =>
          getEventLogs(
            { shieldZoneId: 1001, date: TODAY, limit: 10 },
            { apiKey: API_KEY, apiUrl: stub.url, maxRetries: 0 },
          ),
      ]) {
        stub.served = [];
        let caught: unknown;
        try {
          await run();
        } catch (error) {
          caught = error;
          scanError(error, "unusable token");
        }
        const shown = JSON.stringify(bad).slice(0, 20);
        assert.ok(caught instanceof InvalidResponseError, `${shown}: ${String(caught)}`);
        assert.match(caught.message, /unusable continuation token .*please report it/);
        assert.deepEqual(stub.served, [0], "the token was never sent");
      }
    }
  });
});
