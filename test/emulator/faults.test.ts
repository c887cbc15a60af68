import { strict as assert } from "node:assert";
import { startEmulator, type Emulator } from "../../src/emulator";
import { API_KEY, call, NOW, patchList, TODAY, useEmulator } from "./helpers";

const BOT = "/shield/shield-zone/1001/bot-detection";

function rawFetch(emulator: Emulator, path: string, init: RequestInit = {}): Promise<Response> {
  return fetch(emulator.url + path, { ...init, headers: { AccessKey: API_KEY, ...init.headers } });
}

describe("emulator: faults", () => {
  const emulator = useEmulator();
  afterEach(() => {
    emulator().faults.clear();
    emulator().resetRequests();
  });

  describe("ordinary answers", () => {
    it("answers a status with a ProblemDetails body and Retry-After in seconds", async () => {
      emulator().faults.add({ route: "getBotDetection", status: 429, retryAfter: 2 });
      const answer = await call(emulator(), BOT);
      assert.equal(answer.status, 429);
      assert.equal(answer.headers.get("retry-after"), "2");
      assert.match(answer.headers.get("content-type") ?? "", /^application\/problem\+json/);
      assert.equal((answer.json as { status: number }).status, 429);
      assert.equal((await call(emulator(), BOT)).status, 200, "times defaults to 1");
    });

    it("sends Retry-After as an HTTP date or raw text", async () => {
      const date = new Date("2026-03-15T12:35:30Z");
      emulator().faults.add({ status: 503, retryAfter: date });
      emulator().faults.add({ status: 503, retryAfter: "soon" });
      assert.equal((await call(emulator(), BOT)).headers.get("retry-after"), date.toUTCString());
      assert.equal((await call(emulator(), BOT)).headers.get("retry-after"), "soon");
    });

    it("sends a given body with its content type", async () => {
      emulator().faults.add({ status: 500, body: "boom" });
      emulator().faults.add({
        status: 400,
        body: { oops: true },
        contentType: "application/vnd.x+json",
      });
      const text = await call(emulator(), BOT);
      assert.deepEqual(
        [text.status, text.text, text.headers.get("content-type")],
        [500, "boom", "text/plain; charset=utf-8"],
      );
      const json = await call(emulator(), BOT);
      assert.deepEqual(
        [json.status, json.json, json.headers.get("content-type")],
        [400, { oops: true }, "application/vnd.x+json"],
      );
    });

    it("answers HTTP 202 with each route's own failure envelope", async () => {
      const key = "plan_change_blocked.shieldzone";
      emulator().faults.add({
        route: "*",
        times: 5,
        envelopeErrorKey: key,
        envelopeMessage: "No.",
      });
      const failure = { statusCode: 202, success: false, message: "No.", errorKey: key };

      const logs = await call(emulator(), `/shield/event-logs/1001/${TODAY}`);
      assert.equal(logs.status, 202);
      assert.deepEqual(logs.json, {
        logs: null,
        hasMoreData: false,
        continuationToken: "",
        startToken: null,
        errorResponse: failure,
      });
      const lists = await call(emulator(), "/shield/shield-zone/1001/access-lists");
      assert.deepEqual((lists.json as { error: unknown }).error, failure);
      assert.equal((lists.json as { managedLists: unknown }).managedLists, null);
      const before = emulator().state.accessList(1001, 100101)?.isEnabled;
      const patch = await patchList(emulator(), 1001, 100101, { isEnabled: !before });
      assert.deepEqual(patch.json, { data: null, error: failure });
      assert.equal(emulator().state.accessList(1001, 100101)?.isEnabled, before, "not applied");
      assert.deepEqual((await call(emulator(), BOT)).json, { data: null, error: failure });
      const search = await call(emulator(), "/search");
      assert.deepEqual(search.json, { ErrorKey: key, Field: null, Message: "No." });
      assert.equal(emulator().faults.active.length, 0, "spent after 5");
    });

    it("lets an envelope fault use another status and a null message by default", async () => {
      emulator().faults.add({ envelopeErrorKey: "limit_reached.waf", status: 200 });
      const answer = await call(emulator(), BOT);
      assert.equal(answer.status, 200);
      assert.deepEqual((answer.json as { error: unknown }).error, {
        statusCode: 200,
        success: false,
        message: null,
        errorKey: "limit_reached.waf",
      });
    });
  });

  describe("matching", () => {
    it("applies only to its route, after skip, for times requests", async () => {
      const handle = emulator().faults.add({
        route: "updateAccessListConfiguration",
        skip: 1,
        times: 2,
        status: 503,
      });
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        statuses.push((await call(emulator(), BOT)).status);
        statuses.push((await patchList(emulator(), 1001, 100101, { action: 2 })).status);
      }
      assert.deepEqual(statuses, [200, 200, 200, 503, 200, 503, 200, 200]);
      assert.equal(handle.hits, 2);
      assert.deepEqual(emulator().faults.active, []);
    });

    it("keeps an Infinity fault until removed", async () => {
      const handle = emulator().faults.add({ status: 500, times: Infinity });
      for (let i = 0; i < 3; i++) assert.equal((await call(emulator(), BOT)).status, 500);
      assert.equal(handle.hits, 3);
      handle.remove();
      assert.equal((await call(emulator(), BOT)).status, 200);
    });

    it("tries faults in the order added", async () => {
      emulator().faults.add({ status: 501 });
      emulator().faults.add({ status: 502 });
      assert.equal((await call(emulator(), BOT)).status, 501);
      assert.equal((await call(emulator(), BOT)).status, 502);
      assert.equal((await call(emulator(), BOT)).status, 200);
    });

    it("draws probabilities from a seeded generator (same sequence every run)", async () => {
      async function run(target: Emulator): Promise<number[]> {
        target.faults.add({ status: 503, probability: 0.5, times: Infinity });
        const statuses = [];
        for (let i = 0; i < 24; i++) statuses.push((await call(target, BOT)).status);
        return statuses;
      }
      const other = await startEmulator({ apiKey: API_KEY, now: () => NOW });
      try {
        const mine = await run(emulator());
        assert.deepEqual(await run(other), mine);
        assert.ok(mine.includes(200) && mine.includes(503), mine.join());
      } finally {
        await other.close();
      }
    });

    it("delays by latencyMs and then handles the request normally", async () => {
      emulator().faults.add({ latencyMs: 120 });
      const started = Date.now();
      const answer = await call(emulator(), BOT);
      assert.equal(answer.status, 200);
      assert.ok(Date.now() - started >= 110, "delayed");
    });

    it("adds a latency fault's delay to the next matching fault's answer", async () => {
      emulator().faults.add({ latencyMs: 80 });
      emulator().faults.add({ status: 504 });
      const started = Date.now();
      assert.equal((await call(emulator(), BOT)).status, 504);
      assert.ok(Date.now() - started >= 70);
    });

    it("ignoreFields: handles the write as if the fields had not been sent, then stops", async () => {
      const before = { ...emulator().state.accessList(1001, 100101)! };
      emulator().faults.add({ route: "updateAccessListConfiguration", ignoreFields: ["action"] });
      const answer = await patchList(emulator(), 1001, 100101, {
        isEnabled: !before.isEnabled,
        action: before.action === 2 ? 3 : 2,
      });
      assert.equal(answer.status, 200, "answered as done");
      const after = emulator().state.accessList(1001, 100101)!;
      assert.deepEqual([after.isEnabled, after.action], [!before.isEnabled, before.action]);
      assert.deepEqual(
        emulator().requests.at(-1)?.body,
        {
          isEnabled: !before.isEnabled,
          action: before.action === 2 ? 3 : 2,
        },
        "the request log shows what was sent",
      );
      await patchList(emulator(), 1001, 100101, { action: 4 });
      assert.equal(emulator().state.accessList(1001, 100101)!.action, 4, "spent after one");
    });

    it("ignoreFields: reaches nested fields and every element of an array", async () => {
      emulator().faults.add({
        route: "createWafCustomRule",
        ignoreFields: [
          "ruleConfiguration.severityType",
          "ruleConfiguration.chainedRuleConditions.*.isNegated",
        ],
      });
      // ARGS sorts before REQUEST_URI: the service keeps the chained condition chained.
      // (Not the value: a condition without one is refused, as the live service refuses it.)
      const condition = {
        variableTypes: { ARGS: "" },
        operatorType: 0,
        value: "/a",
        isNegated: true,
      };
      const answer = await call(emulator(), "/shield/waf/custom-rule", {
        method: "POST",
        body: {
          shieldZoneId: 1001,
          ruleName: "ignored fields",
          ruleDescription: "",
          ruleConfiguration: {
            ...condition,
            actionType: 1,
            severityType: 2,
            chainedRuleConditions: [{ ...condition, variableTypes: { REQUEST_URI: "" } }],
          },
        },
      });
      assert.equal(answer.status, 200, answer.text);
      const { ruleConfiguration } = answer.json as { ruleConfiguration: Record<string, unknown> };
      assert.equal(ruleConfiguration.severityType, undefined);
      assert.deepEqual(
        (ruleConfiguration.chainedRuleConditions as Record<string, unknown>[]).map(
          (c) => c.isNegated,
        ),
        [undefined],
      );
    });

    it("matches paths that are no API route with '*'", async () => {
      emulator().faults.add({ status: 418 });
      assert.equal((await call(emulator(), "/nope")).status, 418);
    });

    it("rejects inconsistent specs", () => {
      const bad = [
        { times: 0 },
        { times: 1.5 },
        { skip: -1 },
        { probability: 2 },
        { status: 99 },
        { latencyMs: -1 },
        { retryAfter: 5 },
        { envelopeErrorKey: "x", kind: "html" as const },
        { envelopeMessage: "m" },
        { route: "nope" as "search" },
        { kind: "melt" as "html" },
        { ignoreFields: "action" as unknown as string[] },
        { ignoreFields: ["a..b"] },
        { ignoreFields: ["action"], status: 500 },
      ];
      for (const spec of bad) {
        assert.throws(() => emulator().faults.add(spec), RangeError, JSON.stringify(spec));
      }
      assert.deepEqual(emulator().faults.active, []);
    });
  });

  describe("wire-level kinds", () => {
    it("malformed-json: 200 with a body that is not JSON", async () => {
      emulator().faults.add({ kind: "malformed-json" });
      const response = await rawFetch(emulator(), BOT);
      assert.equal(response.status, 200);
      assert.match(response.headers.get("content-type") ?? "", /json/);
      await assert.rejects(response.json(), SyntaxError);
    });

    it("html: a 502 HTML error page", async () => {
      emulator().faults.add({ kind: "html" });
      emulator().faults.add({ kind: "html", status: 503 });
      const first = await call(emulator(), BOT);
      assert.equal(first.status, 502);
      assert.equal(first.headers.get("content-type"), "text/html; charset=utf-8");
      assert.match(first.text, /<title>502 Bad Gateway<\/title>/);
      assert.match((await call(emulator(), BOT)).text, /503 Service Unavailable/);
    });

    it("maintenance: a 200 HTML maintenance page, with Retry-After when asked", async () => {
      emulator().faults.add({ kind: "maintenance", retryAfter: 30 });
      emulator().faults.add({ kind: "maintenance", status: 503 });
      const page = await call(emulator(), BOT);
      assert.equal(page.status, 200);
      assert.equal(page.headers.get("content-type"), "text/html; charset=utf-8");
      assert.equal(page.headers.get("retry-after"), "30");
      assert.match(page.text, /maintenance/);
      assert.equal(page.json, undefined, "not JSON");
      assert.equal((await call(emulator(), BOT)).status, 503);
      assert.equal((await call(emulator(), BOT)).status, 200, "spent");
    });

    it("empty-body: a JSON content type with nothing in it", async () => {
      emulator().faults.add({ kind: "empty-body" });
      const response = await rawFetch(emulator(), BOT);
      assert.equal(response.status, 200);
      assert.equal(response.headers.get("content-length"), "0");
      assert.equal(await response.text(), "");
    });

    it("truncated-body: full Content-Length, half the body, then the socket drops", async () => {
      emulator().faults.add({ kind: "truncated-body" });
      const response = await rawFetch(emulator(), BOT);
      assert.equal(response.status, 200);
      assert.ok(Number(response.headers.get("content-length")) > 0);
      await assert.rejects(response.text());
      assert.equal(emulator().requests.at(-1)?.status, 0);
    });

    it("reset-mid-body: chunked, part of the body, then the socket drops", async () => {
      emulator().faults.add({ kind: "reset-mid-body" });
      const response = await rawFetch(emulator(), BOT);
      assert.equal(response.headers.get("transfer-encoding"), "chunked");
      await assert.rejects(response.text());
    });

    it("reset-before-response: the socket drops without an answer", async () => {
      emulator().faults.add({ kind: "reset-before-response" });
      await assert.rejects(rawFetch(emulator(), BOT), TypeError);
      assert.equal(emulator().requests.at(-1)?.status, 0);
      assert.equal((await call(emulator(), BOT)).status, 200, "the next request works");
    });

    it("apply-then-reset: the PATCH is applied but its answer is lost", async () => {
      const list = emulator().state.accessList(1002, 100202);
      assert.ok(list);
      const wanted = !list.isEnabled;
      emulator().faults.add({ route: "updateAccessListConfiguration", kind: "apply-then-reset" });
      await assert.rejects(
        rawFetch(emulator(), "/shield/shield-zone/1002/access-lists/configurations/100202", {
          method: "PATCH",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ isEnabled: wanted }),
        }),
        TypeError,
      );
      assert.equal(list.isEnabled, wanted, "applied");
      assert.equal(emulator().requests.at(-1)?.status, 0);
      // A retry sees the change already made and succeeds.
      const retry = await patchList(emulator(), 1002, 100202, { isEnabled: wanted });
      assert.equal(retry.status, 200);
    });
  });
});
