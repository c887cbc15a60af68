/** The API key never shows in errors, in the client object, nor in what the service records. */
import { strict as assert } from "node:assert";
import * as http from "node:http";
import type { AddressInfo } from "node:net";
import * as util from "node:util";
import { ShieldApiError, ShieldClient, ShieldError } from "../../src/client";
import {
  API_KEY,
  clientFor,
  collect,
  rejection,
  THREE_DAYS_AGO,
  TODAY,
  useEmulator,
} from "./helpers";

const WRONG_KEY = "wrong_KEY_77c1d2e3f4a5b6c7_SECRET";

/** Every rendering of `value` a log, a crash report or a Pulumi diagnostic might show. */
function renderings(value: unknown): string[] {
  const texts = [
    util.inspect(value, { depth: 10, showHidden: true }),
    util.inspect(value, { depth: Infinity, getters: true }),
    JSON.stringify(value) ?? "",
    String(value),
  ];
  if (value instanceof Error) {
    texts.push(value.message, value.stack ?? "");
    let cause: unknown = value.cause;
    for (let depth = 0; cause !== undefined && depth < 10; depth++) {
      texts.push(util.inspect(cause, { depth: 10, showHidden: true }), String(cause));
      cause = cause instanceof Error ? cause.cause : undefined;
    }
  }
  return texts;
}

function assertNoKey(value: unknown, ...keys: string[]): void {
  for (const text of renderings(value)) {
    for (const key of keys) {
      assert.ok(!text.includes(key), `the key leaked into: ${text.slice(0, 300)}`);
      // Also no recognisable part of it.
      assert.ok(
        !text.includes(key.slice(4, 20)),
        `part of the key leaked into: ${text.slice(0, 300)}`,
      );
    }
  }
}

describe("client secrets", () => {
  const emu = useEmulator();
  let client: ShieldClient;
  before(() => {
    client = clientFor(emu(), { maxRetries: 1, timeoutMs: 200 });
  });

  it("keeps the key out of the client's inspection and JSON", () => {
    assertNoKey(client, API_KEY);
    assert.deepEqual(JSON.parse(JSON.stringify(client)), {});
    assert.deepEqual(Object.keys(client), []);
    assert.ok(!Object.getOwnPropertyNames(client).some((name) => /key/i.test(name)));
  });

  it("keeps the key out of the search's stream and the metrics sub-client", () => {
    const now = Date.now();
    const stream = client.eventLogSearch.rows(1001, { from: now - 60_000, to: now });
    for (const value of [client.eventLogSearch, client.metrics, stream]) {
      assertNoKey(value, API_KEY);
      assert.deepEqual(JSON.parse(JSON.stringify(value)), {});
    }
  });

  it("keeps the key out of every kind of error", async () => {
    const errors: unknown[] = [];
    const capture = async (action: () => Promise<unknown>) => {
      try {
        await action();
        assert.fail("expected a failure");
      } catch (error) {
        assert.ok(error instanceof ShieldError, String(error));
        errors.push(error);
      }
    };
    const faults = emu().faults;
    await capture(() => clientFor(emu(), { apiKey: WRONG_KEY }).getBotDetection(1001));
    await capture(() => clientFor(emu(), { apiKey: WRONG_KEY }).search({ query: "x" }));
    await capture(() => client.getBotDetection(4242));
    await capture(() => client.listAccessLists(4242));
    await capture(() => client.getEventLogs(1001, THREE_DAYS_AGO));
    await capture(() => client.updateAccessListConfiguration(1003, 100303, { isEnabled: true }));
    faults.add({ route: "getBotDetection", status: 429, retryAfter: 3600 });
    await capture(() => client.getBotDetection(1001));
    faults.add({ route: "getBotDetection", status: 500 });
    await capture(() => client.getBotDetection(1001));
    faults.add({ route: "getBotDetection", status: 503, times: 2 });
    await capture(() => client.getBotDetection(1001));
    faults.add({ route: "getBotDetection", kind: "reset-before-response", times: 2 });
    await capture(() => client.getBotDetection(1001));
    faults.add({ route: "getBotDetection", kind: "truncated-body", times: 2 });
    await capture(() => client.getBotDetection(1001));
    faults.add({ route: "getBotDetection", latencyMs: 1000, times: 2 });
    await capture(() => client.getBotDetection(1001));
    faults.add({ route: "getBotDetection", kind: "malformed-json", times: 2 });
    await capture(() => client.getBotDetection(1001));
    faults.add({ route: "getBotDetection", status: 200, body: { data: 1 } });
    await capture(() => client.getBotDetection(1001));
    faults.add({
      route: "updateAccessListConfiguration",
      kind: "apply-then-reset",
      times: 2,
    });
    await capture(() => client.updateAccessListConfiguration(1001, 100101, { action: 2 }));
    await capture(() => client.getEventLogs(1001, TODAY, "bad\u0001token"));
    await capture(() => collect(client.eventLogs(0, TODAY)));
    await capture(async () => new ShieldClient({ apiKey: API_KEY, baseUrl: "ftp://x" }));
    await capture(() =>
      new ShieldClient({ apiKey: API_KEY, baseUrl: "http://127.0.0.1:1", maxRetries: 0 }).search({
        query: "x",
      }),
    );
    assert.equal(errors.length, 19);
    for (const error of errors) assertNoKey(error, API_KEY, WRONG_KEY);
  });

  it("sends the key only in the AccessKey header, which the emulator does not record", async () => {
    emu().resetRequests();
    await client.getBotDetection(1001);
    await client.updateAccessListConfiguration(1001, 100101, { action: 2 });
    await client.search({ query: "cdn" });
    assert.ok(emu().requests.every((r) => r.authenticated));
    const recorded = JSON.stringify(emu().requests);
    assert.ok(!recorded.includes(API_KEY));
    assert.ok(emu().requests.every((r) => !("accesskey" in r.headers)));
    assert.ok(emu().requests.every((r) => !("authorization" in r.headers)));
  });
});

describe("client secrets: redirects", () => {
  const emu = useEmulator();
  let redirector: http.Server;
  let redirectorUrl: string;
  before(async () => {
    // Sends every request on to the emulator under another host name.
    redirector = http.createServer((req, res) => {
      const port = new URL(emu().url).port;
      res.writeHead(302, { Location: `http://localhost:${port}${req.url}`, "Content-Length": "0" });
      res.end();
    });
    await new Promise<void>((resolve) => redirector.listen(0, "127.0.0.1", resolve));
    redirectorUrl = `http://127.0.0.1:${(redirector.address() as AddressInfo).port}`;
  });
  after(async () => {
    redirector.closeAllConnections();
    await new Promise((resolve) => redirector.close(resolve));
  });

  it("does not follow a redirect, so the key never goes to another host", async () => {
    emu().resetRequests();
    const client = new ShieldClient({
      apiKey: API_KEY,
      baseUrl: redirectorUrl,
      retryBaseDelayMs: 5,
    });
    const error = await rejection(client.getBotDetection(1001), ShieldApiError);
    assert.equal(error.status, 302);
    assert.match(error.message, /Redirects are not followed.*check that the API URL/);
    assert.equal(emu().requests.length, 0, "the emulator (another host) got no request");
    await rejection(
      client.updateAccessListConfiguration(1001, 100101, { action: 2 }),
      ShieldApiError,
    );
    assert.equal(emu().requests.length, 0);
  });
});
