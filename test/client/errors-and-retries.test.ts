/** The error model, the 2xx-envelope rule, retries, timeouts and deadlines, over real HTTP. */
import { strict as assert } from "node:assert";
import * as net from "node:net";
import {
  AuthenticationError,
  ConnectionError,
  InvalidResponseError,
  MaintenanceError,
  NotFoundError,
  PlanRestrictionError,
  RateLimitError,
  ServerError,
  ShieldApiError,
  ShieldClient,
  TimeoutError,
  ValidationError,
} from "../../src/client";
import {
  botDetectionBody,
  clientFor,
  collect,
  eventLogPage,
  rejection,
  THREE_DAYS_AGO,
  timed,
  TODAY,
  useEmulator,
} from "./helpers";
import {
  botBody,
  botCategoryBody,
  deletedBody,
  updatedShieldZoneBody,
  wafCustomRule,
} from "./answers";
import { useStub } from "./stub";

const BOT_PATH = "/shield/shield-zone/1001/bot-detection";

describe("client errors: one class per failure", () => {
  const emu = useEmulator();
  let client: ShieldClient;
  before(() => {
    client = clientFor(emu(), { maxRetries: 3 });
  });
  beforeEach(() => emu().resetRequests());

  it("AuthenticationError for a wrong key (401 ProblemDetails)", async () => {
    const wrong = clientFor(emu(), { apiKey: "not-the-key" });
    const error = await rejection(wrong.getBotDetection(1001), AuthenticationError);
    assert.equal(error.status, 401);
    assert.equal(error.method, "GET");
    assert.equal(error.path, BOT_PATH);
    assert.equal(error.operation, "getBotDetection");
    assert.equal(error.errorKey, undefined);
    assert.match(error.serviceMessage ?? "", /Unauthorized/);
    assert.equal(error.problem?.status, 401);
    assert.match(error.message, /pulumi config set --secret bunnynet:apiKey/);
    assert.match(error.message, /BUNNYNET_API_KEY/);
    assert.match(error.message, /→ 401/);
    const search = await rejection(wrong.search({ query: "x" }), AuthenticationError);
    assert.equal(search.path, "/search");
    assert.equal(emu().requests.length, 2, "a 401 is not retried");
  });

  it("AuthenticationError for a 403, not retried", async () => {
    emu().faults.add({ route: "listAccessLists", status: 403, times: Infinity });
    const error = await rejection(client.listAccessLists(1001), AuthenticationError);
    assert.equal(error.status, 403);
    assert.equal(emu().requests.length, 1);
  });

  it("NotFoundError for an unknown zone answered by a 202 envelope", async () => {
    const error = await rejection(client.listAccessLists(4242), NotFoundError);
    assert.equal(error.status, 202);
    assert.equal(error.method, "GET");
    assert.equal(error.path, "/shield/shield-zone/4242/access-lists");
    assert.equal(error.errorKey, "not_found_or_unauthorised_access.shieldzone");
    assert.equal(error.serviceMessage, "Shield Zone not found or Unauthorized access.");
    assert.match(error.message, /Check the zone and object ids/);
    assert.match(error.message, /\[not_found_or_unauthorised_access\.shieldzone\]/);

    const patch = await rejection(
      client.updateAccessListConfiguration(4242, 424201, { isEnabled: true }),
      NotFoundError,
    );
    assert.equal(patch.method, "PATCH");
    assert.equal(patch.status, 202);
    const logs = await rejection(client.getEventLogs(4242, TODAY), NotFoundError);
    assert.equal(logs.status, 202);
    const config = await rejection(
      client.updateAccessListConfiguration(1001, 100199, { isEnabled: true }),
      NotFoundError,
    );
    assert.equal(config.errorKey, "not_found.access_list_configuration");
    assert.equal(emu().requests.length, 4, "none of them retried");
  });

  it("NotFoundError for bot detection's real 404", async () => {
    const error = await rejection(client.getBotDetection(4242), NotFoundError);
    assert.equal(error.status, 404);
    assert.equal(error.path, "/shield/shield-zone/4242/bot-detection");
    assert.equal(error.errorKey, "not_found_or_unauthorised_access.shieldzone");
    assert.equal(emu().requests.length, 1, "a 404 is not retried");
  });

  it("ValidationError for a 400 envelope, not retried", async () => {
    emu().faults.add({
      route: "updateAccessListConfiguration",
      status: 400,
      envelopeErrorKey: "validation.action",
      envelopeMessage: "'action' must be an integer from 0 to 5.",
      times: Infinity,
    });
    const error = await rejection(
      client.updateAccessListConfiguration(1001, 100101, { action: 2 }),
      ValidationError,
    );
    assert.equal(error.status, 400);
    assert.equal(error.method, "PATCH");
    assert.equal(error.errorKey, "validation.action");
    assert.equal(error.serviceMessage, "'action' must be an integer from 0 to 5.");
    assert.match(error.message, /Correct the value/);
    assert.equal(emu().requests.length, 1);
  });

  it("ValidationError with a hint for a day outside the event-log window", async () => {
    const error = await rejection(client.getEventLogs(1001, THREE_DAYS_AGO), ValidationError);
    assert.equal(error.errorKey, "invalid_datetime_window.event_logs");
    assert.equal(error.status, 200, "the service says it inside a 200");
    assert.equal(error.path, `/shield/event-logs/1001/${THREE_DAYS_AGO}`);
    assert.match(error.message, /today and the two days before it \(UTC\)/);
    const generator = client.eventLogs(1001, THREE_DAYS_AGO);
    await rejection(generator.next(), ValidationError);
    assert.equal(emu().requests.length, 2);
  });

  it("PlanRestrictionError for zone 1003's list that needs a higher plan", async () => {
    const list = emu().state.accessList(1003, 100303)!;
    const before = { ...list };
    const error = await rejection(
      client.updateAccessListConfiguration(1003, 100303, { isEnabled: true }),
      PlanRestrictionError,
    );
    assert.equal(error.status, 202);
    assert.equal(error.errorKey, "not_available.access_list");
    assert.match(error.serviceMessage ?? "", /not available on the Shield Zone's current plan/);
    assert.match(error.message, /Upgrade the zone's Shield plan/);
    assert.deepEqual(emu().state.accessList(1003, 100303), before, "nothing changed");
    assert.equal(emu().requests.length, 1);
  });

  it("PlanRestrictionError for an injected plan envelope", async () => {
    emu().faults.add({
      route: "updateAccessListConfiguration",
      envelopeErrorKey: "invalid_plan_type.access_list",
    });
    const error = await rejection(
      client.updateAccessListConfiguration(1001, 100101, { action: 3 }),
      PlanRestrictionError,
    );
    assert.equal(error.errorKey, "invalid_plan_type.access_list");
    assert.equal(error.serviceMessage, undefined);
    for (const key of ["limit_reached.waf", "plan_change_blocked.shieldzone"]) {
      emu().faults.add({ route: "getBotDetection", envelopeErrorKey: key });
      assert.equal(
        (await rejection(client.getBotDetection(1001), PlanRestrictionError)).errorKey,
        key,
      );
    }
  });

  it("RateLimitError after maxRetries, with retryAfterMs", async () => {
    emu().faults.add({ route: "getBotDetection", status: 429, retryAfter: 0, times: Infinity });
    const limited = clientFor(emu(), { maxRetries: 2 });
    const error = await rejection(limited.getBotDetection(1001), RateLimitError);
    assert.equal(error.status, 429);
    assert.equal(error.retryAfterMs, 0);
    assert.match(error.message, /--parallel/);
    assert.equal(emu().requests.length, 3, "maxRetries + 1 requests");
  });

  it("429s have a budget of their own with maxRateLimitRetries; other failures keep maxRetries", async () => {
    const patient = clientFor(emu(), { maxRetries: 1, maxRateLimitRetries: 4 });
    emu().faults.add({ route: "getBotDetection", status: 429, retryAfter: 0, times: 4 });
    await patient.getBotDetection(1001);
    assert.equal(emu().requests.length, 5, "four 429s retried, then the answer");
    emu().faults.clear();
    emu().resetRequests();
    emu().faults.add({ route: "getBotDetection", status: 503, times: Infinity });
    await rejection(patient.getBotDetection(1001), ServerError);
    assert.equal(emu().requests.length, 2, "maxRetries + 1 requests");
  });

  it("withOptions: a view with other budgets for its calls, the client's own unchanged", async () => {
    const base = clientFor(emu(), { maxRetries: 1 });
    const patient = base.withOptions({ maxRateLimitRetries: 4 });
    emu().faults.add({ route: "getBotDetection", status: 429, retryAfter: 0, times: 4 });
    await patient.botDetection.get(1001);
    assert.equal(emu().requests.length, 5, "the view retried four 429s");
    emu().faults.clear();
    emu().resetRequests();
    emu().faults.add({ route: "getBotDetection", status: 429, retryAfter: 0, times: 4 });
    await rejection(base.botDetection.get(1001), RateLimitError);
    assert.equal(emu().requests.length, 2, "the client keeps its budget: maxRetries + 1");
    emu().faults.clear();
    emu().resetRequests();
    emu().faults.add({ route: "getBotDetection", status: 503, times: Infinity });
    await rejection(patient.withOptions({ maxRetries: 0 }).botDetection.get(1001), ServerError);
    assert.equal(emu().requests.length, 1, "a view of a view: maxRetries 0");
    assert.equal(patient.baseUrl, base.baseUrl);
    assert.equal(JSON.stringify(patient), "{}", "the view shows nothing either");
    assert.throws(() => base.withOptions({ maxRateLimitRetries: 21 }), /maxRateLimitRetries/);
    assert.throws(() => base.withOptions({ maxRetries: 1.5 }), /maxRetries/);
  });

  it("ServerError for a 500 with a body (not retried) and a 503 (retried)", async () => {
    emu().faults.add({ route: "getBotDetection", status: 500, times: Infinity });
    const error = await rejection(client.getBotDetection(1001), ServerError);
    assert.equal(error.status, 500);
    assert.equal(error.serviceMessage, "Internal Server Error: Injected fault.");
    assert.match(error.message, /retry later/);
    assert.equal(emu().requests.length, 1);

    emu().faults.clear();
    emu().resetRequests();
    emu().faults.add({ route: "getBotDetection", status: 503, times: Infinity });
    const unavailable = await rejection(client.getBotDetection(1001), ServerError);
    assert.equal(unavailable.status, 503);
    assert.equal(emu().requests.length, 4);
  });

  it("ConnectionError for a refused connection", async () => {
    const port = await closedPort();
    const refused = new ShieldClient({
      apiKey: "k",
      baseUrl: `http://127.0.0.1:${port}`,
      maxRetries: 1,
      retryBaseDelayMs: 5,
    });
    const { ms, error } = await timed(() => refused.getBotDetection(1001));
    assert.ok(error instanceof ConnectionError && !(error instanceof TimeoutError));
    assert.equal(error.status, undefined);
    assert.equal(error.method, "GET");
    assert.equal(error.path, BOT_PATH);
    assert.match(error.message, /ECONNREFUSED/);
    assert.match(error.message, /BUNNYNET_API_URL/);
    assert.match(error.message, new RegExp(`127\\.0\\.0\\.1:${port}`));
    assert.ok(ms < 2000);
  });

  it("ConnectionError for a reset, after the retries", async () => {
    emu().faults.add({ route: "getBotDetection", kind: "reset-before-response", times: Infinity });
    const error = await rejection(client.getBotDetection(1001), ConnectionError);
    assert.match(error.message, /ECONNRESET|socket hang up/);
    assert.equal(emu().requests.length, 4);
  });

  it("TimeoutError when an attempt takes longer than timeoutMs", async () => {
    emu().faults.add({ route: "getBotDetection", latencyMs: 1000 });
    const slow = clientFor(emu(), { timeoutMs: 100, maxRetries: 0 });
    const { ms, error } = await timed(() => slow.getBotDetection(1001));
    assert.ok(error instanceof TimeoutError, String(error));
    assert.ok(error instanceof ConnectionError);
    assert.equal(error.status, undefined);
    assert.equal(error.path, BOT_PATH);
    assert.match(error.message, /No answer within 100 ms/);
    assert.match(error.message, /raise `timeoutMs`/);
    assert.ok(ms >= 95 && ms < 600, `${ms} ms`);
  });

  it("MaintenanceError (a ServerError) for malformed JSON on a 200, once the retries are spent", async () => {
    emu().faults.add({ route: "getBotDetection", kind: "malformed-json", times: Infinity });
    const error = await rejection(client.getBotDetection(1001), MaintenanceError);
    assert.ok(error instanceof ServerError);
    assert.equal(error.status, 200);
    assert.match(error.message, /not JSON/);
    assert.match(error.message, /maintenance/);
    assert.match(error.message, /API URL/);
    assert.equal(emu().requests.length, 4, "retried like a 503: maxRetries + 1 requests");
  });

  it("MaintenanceError for an HTML page on a 200, saying so", async () => {
    emu().faults.add({ route: "listAccessLists", kind: "html", status: 200, times: Infinity });
    const error = await rejection(client.listAccessLists(1001), MaintenanceError);
    assert.equal(error.status, 200);
    assert.match(error.message, /HTML page/);
  });

  it("InvalidResponseError naming the operation and the field for a body off the schema", async () => {
    const body = botDetectionBody();
    body.data.requestIntegrity = { sensitivity: "high" };
    emu().faults.add({ route: "getBotDetection", status: 200, body });
    const error = await rejection(client.getBotDetection(1001), InvalidResponseError);
    assert.match(
      error.message,
      /^getBotDetection \(GET \/shield\/shield-zone\/1001\/bot-detection/,
    );
    assert.match(error.message, /data\.requestIntegrity\.sensitivity: .*\(it was "high"\)/);
    assert.match(error.message, /please report it/);
    assert.deepEqual(error.body, body);

    emu().faults.add({
      route: "search",
      status: 200,
      body: { Query: "x", Total: "3", From: 0, Size: 20, SearchResults: [] },
    });
    const search = await rejection(client.search({ query: "x" }), InvalidResponseError);
    assert.match(search.message, /^search \(GET \/search/);
    assert.match(search.message, / at Total: .*\(it was "3"\)/);

    emu().faults.add({
      route: "getEventLogs",
      status: 200,
      body: { ...eventLogPage(["a"], false, ""), extra: 1 },
    });
    const tolerated = await client.getEventLogs(1001, TODAY);
    assert.equal("extra" in tolerated, false, "an unknown key is dropped, not an error");

    const page = eventLogPage(["a"], false, "");
    (page.logs as Array<Record<string, unknown>>)[0].timestamp = "yesterday";
    emu().faults.add({ route: "getEventLogs", status: 200, body: page });
    const entry = await rejection(client.getEventLogs(1001, TODAY), InvalidResponseError);
    assert.match(entry.message, /logs\.0\.timestamp: .*\(it was "yesterday"\)/);
  });

  it("InvalidResponseError for an empty 200", async () => {
    emu().faults.add({ route: "getBotDetection", kind: "empty-body" });
    const error = await rejection(client.getBotDetection(1001), InvalidResponseError);
    assert.match(error.message, /\(body\)/);
  });
});

describe("client errors: the 2xx-envelope rule", () => {
  const emu = useEmulator();
  let client: ShieldClient;
  before(() => {
    client = clientFor(emu());
  });
  beforeEach(() => emu().resetRequests());

  it("treats success:false with neither message nor errorKey as success", async () => {
    const body = botDetectionBody({
      statusCode: 200,
      success: false,
      message: null,
      errorKey: null,
    });
    emu().faults.add({ route: "getBotDetection", status: 200, body });
    assert.deepEqual(await client.getBotDetection(1001), body.data);
    emu().faults.add({
      route: "getBotDetection",
      status: 200,
      body: botDetectionBody({ statusCode: 200, success: false, message: "", errorKey: "" }),
    });
    assert.deepEqual(await client.getBotDetection(1001), body.data);
  });

  it("treats success:false with a message as a failure", async () => {
    emu().faults.add({
      route: "getBotDetection",
      status: 200,
      body: botDetectionBody({
        statusCode: 200,
        success: false,
        message: "Something went wrong.",
        errorKey: null,
      }),
    });
    const error = await rejection(client.getBotDetection(1001), ShieldApiError);
    assert.equal(error.status, 200);
    assert.equal(error.serviceMessage, "Something went wrong.");
    assert.match(error.message, /Service said: Something went wrong\./);
  });

  it("treats success:false with an errorKey as a failure, classed by key and envelope status", async () => {
    emu().faults.add({
      route: "getBotDetection",
      status: 200,
      body: botDetectionBody({
        statusCode: 200,
        success: false,
        message: null,
        errorKey: "not_found_or_unauthorised_access.shieldzone",
      }),
    });
    await rejection(client.getBotDetection(1001), NotFoundError);
    emu().faults.add({
      route: "getBotDetection",
      status: 200,
      body: botDetectionBody({
        statusCode: 400,
        success: false,
        message: null,
        errorKey: "validation.something",
      }),
    });
    const error = await rejection(client.getBotDetection(1001), ValidationError);
    assert.equal(error.errorKey, "validation.something");
  });

  it("reads the event logs' errorResponse as the envelope", async () => {
    emu().faults.add({
      route: "getEventLogs",
      status: 200,
      body: {
        ...eventLogPage([], false, ""),
        errorResponse: {
          statusCode: 200,
          success: false,
          message: "Logs are resting.",
          errorKey: null,
        },
      },
    });
    const error = await rejection(collect(client.eventLogs(1001, TODAY)), ShieldApiError);
    assert.equal(error.serviceMessage, "Logs are resting.");
    emu().faults.add({
      route: "getEventLogs",
      status: 200,
      body: {
        ...eventLogPage(["a"], false, ""),
        errorResponse: { statusCode: 200, success: false, message: null, errorKey: null },
      },
    });
    assert.equal((await collect(client.eventLogs(1001, TODAY))).length, 1);
  });
});

describe("client retries", () => {
  const emu = useEmulator();
  beforeEach(() => emu().resetRequests());

  it("waits Retry-After seconds before retrying a 429", async () => {
    emu().faults.add({ route: "getBotDetection", status: 429, retryAfter: 1 });
    const { ms, error } = await timed(() => clientFor(emu()).getBotDetection(1001));
    assert.equal(error, undefined);
    assert.equal(emu().requests.length, 2);
    const gap = emu().requests[1].at - emu().requests[0].at;
    assert.ok(ms >= 990, `took ${ms} ms`);
    assert.ok(gap >= 990 && gap < 1500, `gap ${gap} ms`);
  });

  it("waits until a Retry-After HTTP date", async () => {
    // HTTP dates have whole seconds: this one is 1 to 2 s away.
    const date = new Date(Math.floor(Date.now() / 1000) * 1000 + 2000);
    const expectedWait = date.getTime() - Date.now();
    emu().faults.add({ route: "search", status: 429, retryAfter: date });
    const { ms, error } = await timed(() => clientFor(emu()).search({ query: "cdn" }));
    assert.equal(error, undefined);
    assert.equal(emu().requests.length, 2);
    assert.ok(ms >= expectedWait - 50 && ms < expectedWait + 500, `took ${ms} ms`);
    assert.ok(emu().requests[1].at >= date.getTime() - 5, "not retried before the date");
  });

  it("reads a far Retry-After date into retryAfterMs and fails at once", async () => {
    emu().faults.add({
      route: "getBotDetection",
      status: 429,
      retryAfter: new Date(Date.now() + 150_000),
    });
    const { ms, error } = await timed(() => clientFor(emu()).getBotDetection(1001));
    assert.ok(error instanceof RateLimitError);
    assert.ok(
      error.retryAfterMs! > 148_000 && error.retryAfterMs! <= 150_000,
      `${error.retryAfterMs}`,
    );
    assert.match(error.message, /asked to wait 1[45]\d s/);
    assert.equal(emu().requests.length, 1);
    assert.ok(ms < 500);
  });

  it("fails at once with RateLimitError when Retry-After exceeds maxRetryDelayMs", async () => {
    emu().faults.add({ route: "getBotDetection", status: 429, retryAfter: 30, times: Infinity });
    const client = clientFor(emu(), { maxRetryDelayMs: 1000, maxRetries: 5 });
    const { ms, error } = await timed(() => client.getBotDetection(1001));
    assert.ok(error instanceof RateLimitError);
    assert.equal(error.retryAfterMs, 30_000);
    assert.match(error.message, /asked to wait 30 s/);
    assert.equal(emu().requests.length, 1);
    assert.ok(ms < 500, `${ms} ms`);
  });

  it("honours a Retry-After of up to 120 s by default, and fails at once past it", async () => {
    const waits: number[] = [];
    const realSetTimeout = globalThis.setTimeout;
    // Fast-forward the one wait this test expects, recording it; every other timer runs as is.
    globalThis.setTimeout = ((callback: () => void, ms?: number) =>
      ms === 90_000
        ? (waits.push(ms), realSetTimeout(callback, 0))
        : realSetTimeout(callback, ms)) as typeof setTimeout;
    const defaults = () => new ShieldClient({ apiKey: emu().apiKey, baseUrl: emu().url });
    try {
      emu().faults.add({ route: "getBotDetection", status: 429, retryAfter: 90 });
      assert.equal((await defaults().getBotDetection(1001)).shieldZoneId, 1001);
    } finally {
      globalThis.setTimeout = realSetTimeout;
    }
    assert.deepEqual(waits, [90_000]);
    assert.equal(emu().requests.length, 2);

    emu().resetRequests();
    emu().faults.add({ route: "getBotDetection", status: 429, retryAfter: 121 });
    const error = await rejection(defaults().getBotDetection(1001), RateLimitError);
    assert.match(error.message, /asked to wait 121 s/);
    assert.equal(emu().requests.length, 1);
  });

  it("waits what Retry-After says on a 503 and on a maintenance page too", async () => {
    for (const fault of [{ status: 503 }, { kind: "maintenance" as const }]) {
      emu().resetRequests();
      emu().faults.add({ route: "getBotDetection", retryAfter: 1, ...fault });
      // The backoff alone would wait 2.5 to 5 ms.
      await clientFor(emu()).getBotDetection(1001);
      assert.equal(emu().requests.length, 2);
      const gap = emu().requests[1].at - emu().requests[0].at;
      assert.ok(gap >= 990 && gap < 1500, `gap ${gap} ms after ${JSON.stringify(fault)}`);
    }
  });

  it("fails at once when a maintenance page asks for more than maxRetryDelayMs", async () => {
    emu().faults.add({ route: "getBotDetection", kind: "maintenance", retryAfter: 30 });
    const client = clientFor(emu(), { maxRetryDelayMs: 1000 });
    const { ms, error } = await timed(() => client.getBotDetection(1001));
    assert.ok(error instanceof MaintenanceError, String(error));
    assert.equal(error.retryAfterMs, 30_000);
    assert.match(error.message, /asked to wait 30 s/);
    assert.equal(emu().requests.length, 1);
    assert.ok(ms < 500, `${ms} ms`);
  });

  it("retries a read answered by a maintenance page (HTTP 200, HTML) like a 503", async () => {
    emu().faults.add({ route: "listAccessLists", kind: "maintenance", times: 2 });
    const lists = await clientFor(emu()).listAccessLists(1001);
    assert.equal(lists.managedLists.length, 4);
    assert.deepEqual(
      emu().requests.map((r) => r.status),
      [200, 200, 200],
    );
  });

  it("gives up on maintenance pages after maxRetries, saying what happened and what to do", async () => {
    emu().faults.add({ route: "getBotDetection", kind: "maintenance", times: Infinity });
    const error = await rejection(
      clientFor(emu(), { maxRetries: 2 }).getBotDetection(1001),
      MaintenanceError,
    );
    assert.equal(emu().requests.length, 3);
    assert.match(
      error.message,
      /^getBotDetection \(GET \/shield\/shield-zone\/1001\/bot-detection → 200\)/,
    );
    assert.match(error.message, /HTML page, not JSON/);
    assert.match(error.message, /under maintenance/);
    assert.match(error.message, /retry later/);
  });

  it("backs off on a 429 without Retry-After", async () => {
    emu().faults.add({ route: "getBotDetection", status: 429, times: 2 });
    const client = clientFor(emu(), { retryBaseDelayMs: 40 });
    const data = await client.getBotDetection(1001);
    assert.equal(data.shieldZoneId, 1001);
    const [a, b, c] = emu().requests.map((r) => r.at);
    assert.equal(emu().requests.length, 3);
    // Jittered between half and all of 40 ms, then of 80 ms.
    assert.ok(b - a >= 19, `first wait ${b - a} ms`);
    assert.ok(c - b >= 39, `second wait ${c - b} ms`);
    assert.ok(c - a < 1000);
  });

  for (const status of [502, 503, 504]) {
    it(`retries a ${status}`, async () => {
      emu().faults.add({ route: "listAccessLists", status, times: 2 });
      const lists = await clientFor(emu()).listAccessLists(1001);
      assert.equal(lists.managedLists.length, 4);
      assert.deepEqual(
        emu().requests.map((r) => r.status),
        [status, status, 200],
      );
    });
  }

  for (const status of [429, 502, 503, 504]) {
    it(`retries a ${status} reported inside a 200 envelope, like the HTTP status`, async () => {
      const failure = botDetectionBody({
        statusCode: status,
        success: false,
        message: "Try again later.",
        errorKey: null,
      });
      emu().faults.add({ route: "getBotDetection", status: 200, body: failure, times: 2 });
      const data = await clientFor(emu()).getBotDetection(1001);
      assert.equal(data.shieldZoneId, 1001);
      assert.deepEqual(
        emu().requests.map((r) => r.status),
        [200, 200, 200],
      );
    });
  }

  it("retries an envelope 503 for an idempotent PATCH, and gives up after maxRetries", async () => {
    const busy = {
      data: null,
      error: { statusCode: 503, success: false, message: "Busy.", errorKey: null },
    };
    emu().faults.add({ route: "updateAccessListConfiguration", status: 200, body: busy });
    const result = await clientFor(emu()).updateAccessListConfiguration(1002, 100201, {
      action: 3,
    });
    assert.equal(result.action, 3);
    assert.equal(emu().requests.length, 2);

    emu().resetRequests();
    emu().faults.add({ route: "getBotDetection", status: 200, body: busy, times: Infinity });
    const error = await rejection(
      clientFor(emu(), { maxRetries: 2 }).getBotDetection(1001),
      ServerError,
    );
    assert.equal(error.status, 200);
    assert.equal(error.envelopeStatus, 503);
    assert.equal(error.serviceMessage, "Busy.");
    assert.equal(emu().requests.length, 3);
  });

  it("does not retry an envelope 500, 400 or 404 inside a 200", async () => {
    for (const [statusCode, type] of [
      [500, ServerError],
      [400, ValidationError],
      [404, NotFoundError],
    ] as const) {
      emu().resetRequests();
      emu().faults.add({
        route: "getBotDetection",
        status: 200,
        body: botDetectionBody({ statusCode, success: false, message: "No.", errorKey: null }),
        times: Infinity,
      });
      const error = await rejection<ShieldApiError>(clientFor(emu()).getBotDetection(1001), type);
      assert.equal(error.envelopeStatus, statusCode);
      assert.equal(emu().requests.length, 1, `envelope ${statusCode} is not retried`);
      emu().faults.clear();
    }
  });

  it("retries a gateway's HTML 502 page", async () => {
    emu().faults.add({ route: "getBotDetection", kind: "html", status: 502 });
    await clientFor(emu()).getBotDetection(1001);
    assert.equal(emu().requests.length, 2);
  });

  it("retries a bare 500 (empty body) but not a 500 with a body", async () => {
    emu().faults.add({ route: "getBotDetection", kind: "empty-body", status: 500 });
    await clientFor(emu()).getBotDetection(1001);
    assert.equal(emu().requests.length, 2);

    emu().resetRequests();
    emu().faults.add({
      route: "getBotDetection",
      kind: "empty-body",
      status: 500,
      times: Infinity,
    });
    const error = await rejection(
      clientFor(emu(), { maxRetries: 1 }).getBotDetection(1001),
      ServerError,
    );
    assert.equal(error.status, 500);
    assert.match(error.message, /empty answer/);
    assert.equal(emu().requests.length, 2);
  });

  for (const [status, type] of [
    [400, ValidationError],
    [401, AuthenticationError],
    [403, AuthenticationError],
    [404, NotFoundError],
    [500, ServerError],
  ] as const) {
    it(`does not retry a ${status} (${type.name})`, async () => {
      emu().faults.add({ route: "search", status, times: Infinity });
      const error = await rejection<ShieldApiError>(clientFor(emu()).search({ query: "x" }), type);
      assert.equal(error.status, status);
      assert.equal(emu().requests.length, 1);
    });
  }

  it("stops at maxRetries: maxRetries + 1 requests", async () => {
    emu().faults.add({ route: "getBotDetection", status: 503, times: Infinity });
    for (const maxRetries of [0, 1, 4]) {
      emu().resetRequests();
      await rejection(clientFor(emu(), { maxRetries }).getBotDetection(1001), ServerError);
      assert.equal(emu().requests.length, maxRetries + 1);
    }
  });

  it("retries the PATCH after a reset that applied it, and converges", async () => {
    const list = emu().state.accessList(1001, 100104)!;
    assert.deepEqual([list.isEnabled, list.action], [false, 4]);
    emu().faults.add({ route: "updateAccessListConfiguration", kind: "apply-then-reset" });
    const result = await clientFor(emu()).updateAccessListConfiguration(1001, 100104, {
      isEnabled: true,
      action: 2,
    });
    assert.deepEqual(result, { isEnabled: true, action: 2 });
    assert.deepEqual([list.isEnabled, list.action], [true, 2]);
    assert.deepEqual(
      emu().requests.map((r) => [r.method, r.status, r.body]),
      [
        ["PATCH", 0, { isEnabled: true, action: 2 }],
        ["PATCH", 200, { isEnabled: true, action: 2 }],
      ],
    );
  });

  it("retries the PATCH on a 503", async () => {
    emu().faults.add({ route: "updateAccessListConfiguration", status: 503 });
    const result = await clientFor(emu()).updateAccessListConfiguration(1002, 100201, {
      action: 3,
    });
    assert.deepEqual(result, { isEnabled: true, action: 3 });
    assert.equal(emu().requests.length, 2);
  });

  for (const kind of ["reset-before-response", "reset-mid-body", "truncated-body"] as const) {
    it(`retries a connection broken by ${kind}`, async () => {
      emu().faults.add({ route: "getEventLogs", kind });
      const { ms, value } = await timed(() => clientFor(emu()).getEventLogs(1001, TODAY));
      assert.equal(value?.logs.length, 100);
      assert.equal(emu().requests.length, 2);
      assert.ok(ms < 2000, `took ${ms} ms: a broken body must not wait for the timeout`);
    });
  }

  it("reports a truncated body as a ConnectionError when retries run out", async () => {
    emu().faults.add({ route: "getBotDetection", kind: "truncated-body", times: Infinity });
    const client = clientFor(emu(), { maxRetries: 1 });
    const { ms, error } = await timed(() => client.getBotDetection(1001));
    assert.ok(error instanceof ConnectionError && !(error instanceof TimeoutError), String(error));
    assert.ok(ms < 2000);
  });

  it("retries a timed-out attempt", async () => {
    emu().faults.add({ route: "getBotDetection", latencyMs: 1000 });
    const client = clientFor(emu(), { timeoutMs: 100 });
    const data = await client.getBotDetection(1001);
    assert.equal(data.shieldZoneId, 1001);
    assert.equal(emu().requests.length, 2);
  });
});

describe("client deadline", () => {
  const emu = useEmulator();
  beforeEach(() => emu().resetRequests());

  it("bounds the whole call, retries included, cutting the last attempt short", async () => {
    emu().faults.add({ route: "getBotDetection", latencyMs: 5000, times: Infinity });
    // Attempt 1 times out at 300 ms; attempt 2 has only the ~200 ms left of the deadline.
    const client = clientFor(emu(), { timeoutMs: 300, deadlineMs: 500, maxRetries: 10 });
    const { ms, error } = await timed(() => client.getBotDetection(1001));
    assert.ok(error instanceof TimeoutError, String(error));
    assert.match(error.message, /overall deadline ran out/);
    assert.match(error.message, /raise `deadlineMs`/);
    assert.ok(ms >= 480 && ms < 500 + 150, `took ${ms} ms`);
    assert.equal(emu().requests.length, 2);
  });

  it("stops backing off when the next wait would pass the deadline", async () => {
    emu().faults.add({ route: "getBotDetection", status: 503, times: Infinity });
    const client = clientFor(emu(), {
      retryBaseDelayMs: 100,
      maxRetries: 20,
      deadlineMs: 600,
    });
    const { ms, error } = await timed(() => client.getBotDetection(1001));
    assert.ok(error instanceof ServerError, String(error));
    assert.equal(error.status, 503);
    assert.ok(ms < 600 + 100, `took ${ms} ms`);
    // Waits of 50-100, 100-200, 200-400 ms fit at most 4 attempts into 600 ms.
    assert.ok(emu().requests.length >= 2 && emu().requests.length <= 4, `${emu().requests.length}`);
  });

  it("does not start an attempt when a late timer already passed the deadline", async () => {
    emu().faults.add({ route: "getBotDetection", status: 503, times: Infinity });
    const client = clientFor(emu(), { retryBaseDelayMs: 60, deadlineMs: 150, maxRetries: 5 });
    const call = timed(() => client.getBotDetection(1001));
    // Block the event loop during the backoff wait, so that its timer fires past the deadline.
    await new Promise((resolve) => setTimeout(resolve, 20));
    const until = Date.now() + 200;
    while (Date.now() < until) {
      // busy
    }
    const { error } = await call;
    assert.ok(error instanceof ServerError, String(error));
    assert.equal(error.status, 503);
    assert.equal(emu().requests.length, 1);
  });

  it("does not start a wait that would end past the deadline", async () => {
    emu().faults.add({ route: "getBotDetection", status: 429, retryAfter: 1, times: Infinity });
    const client = clientFor(emu(), { deadlineMs: 500 });
    const { ms, error } = await timed(() => client.getBotDetection(1001));
    assert.ok(error instanceof RateLimitError);
    assert.equal(emu().requests.length, 1);
    assert.ok(ms < 300, `took ${ms} ms`);
  });
});

/** A maintenance page as the live service sends it: HTTP 200 and HTML. */
const MAINTENANCE_REPLY = {
  text: "<!DOCTYPE html><html><body><h1>Down for maintenance</h1></body></html>",
  headers: { "Content-Type": "text/html; charset=utf-8" },
};

/** A port on loopback where nothing listens. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe("client: what each method retries", () => {
  const stub = useStub();
  let client: ShieldClient;
  before(() => {
    client = clientFor(stub(), { maxRetries: 3, timeoutMs: 200 });
  });

  const posts: Array<[string, (c: ShieldClient) => Promise<unknown>]> = [
    ["shieldZones.create", (c) => c.shieldZones.create(505)],
    ["accessLists.create", (c) => c.accessLists.create(1001, { name: "x", type: 0, content: "" })],
    [
      "wafCustomRules.create",
      (c) => c.wafCustomRules.create({ shieldZoneId: 1001, ruleName: "r", ruleConfiguration: {} }),
    ],
    [
      "rateLimits.create",
      (c) => c.rateLimits.create({ shieldZoneId: 1001, ruleName: "r", ruleConfiguration: {} }),
    ],
  ];
  for (const [name, call] of posts) {
    it(`never retries a POST (${name}) whose answer may be lost: not on 503, a reset or a timeout`, async () => {
      stub().reply({ status: 503 });
      await rejection(call(client), ServerError);
      stub().reply({ reset: true });
      await rejection(call(client), ConnectionError);
      stub().reply({ delayMs: 1000, body: {} });
      await rejection(call(client), TimeoutError);
      stub().reply({
        body: { data: null, error: { statusCode: 503, success: false, message: "Busy." } },
      });
      await rejection(call(client), ServerError);
      assert.equal(stub().requests.length, 4, "one request per call");
    });

    it(`never retries a POST (${name}) answered by a maintenance page, and says what to check`, async () => {
      stub().reply(MAINTENANCE_REPLY, MAINTENANCE_REPLY);
      const error = await rejection(call(client), MaintenanceError);
      assert.equal(stub().requests.length, 1, "one request");
      assert.match(error.message, /under maintenance/);
      assert.match(error.message, /not sent again, since the service may have applied it/);
      assert.match(error.message, /pulumi refresh/);
    });

    it(`retries a POST (${name}) after an HTTP 429, which says nothing was done`, async () => {
      const limited = { status: 429, headers: { "Retry-After": "0" } };
      stub().reply(limited, limited, limited, limited);
      await rejection(call(client), RateLimitError);
      assert.equal(stub().requests.length, 4, "maxRetries + 1 requests");
      assert.ok(stub().requests.every((r) => r.method === "POST"));
      // A 429 inside a 2xx envelope does not say that the service did nothing: not retried.
      stub().reset();
      stub().reply({
        body: { data: null, error: { statusCode: 429, success: false, message: "Slow down." } },
      });
      await rejection(call(client), RateLimitError);
      assert.equal(stub().requests.length, 1, "one request");
    });
  }

  const idempotent: Array<[string, string, (c: ShieldClient) => Promise<unknown>, unknown]> = [
    ["accessLists.delete", "DELETE", (c) => c.accessLists.delete(1001, 12), deletedBody()],
    ["wafCustomRules.delete", "DELETE", (c) => c.wafCustomRules.delete(71), deletedBody()],
    ["rateLimits.delete", "DELETE", (c) => c.rateLimits.delete(81), deletedBody()],
    [
      "shieldZones.update",
      "PATCH",
      (c) => c.shieldZones.update(1001, { wafEnabled: true }),
      updatedShieldZoneBody(1001),
    ],
    [
      "wafCustomRules.update",
      "PATCH",
      (c) => c.wafCustomRules.update(71, { ruleName: "r" }),
      wafCustomRule(),
    ],
    [
      "botDetection.update",
      "PATCH",
      (c) => c.botDetection.update(1001, { executionMode: 0 }),
      botDetectionBody(),
    ],
    [
      "botCategorization.setCategoryAction",
      "PUT",
      (c) => c.botCategorization.setCategoryAction(1001, 2, 1),
      botCategoryBody(),
    ],
    [
      "botCategorization.setBotAction",
      "PUT",
      (c) => c.botCategorization.setBotAction(1001, 201, 1),
      botBody(),
    ],
  ];
  for (const [name, method, call, answer] of idempotent) {
    it(`retries an idempotent ${method} (${name}) answered by a maintenance page`, async () => {
      stub().reply(MAINTENANCE_REPLY, { body: answer });
      await call(client);
      assert.equal(stub().requests.length, 2);
    });

    it(`retries an idempotent ${method} (${name}) on 503 and on a reset`, async () => {
      stub().reply({ status: 503 }, { reset: true }, { body: answer });
      await call(client);
      assert.equal(stub().requests.length, 3);
      assert.ok(stub().requests.every((r) => r.method === method));
    });
  }
});
