/**
 * The fault sweep: every client operation under every fault the emulator can inject.
 * A fault that is safe to retry must be retried (request count asserted) and, when it is
 * transient (`times: 1`), end in success with the same result as without it; anything
 * else must end in a typed error whose message says what to do next. No case may take
 * longer than the client's deadline, and none may leave an unhandled rejection.
 *
 * The Shield errorKeys of the 202 envelopes do not apply to `/search`: it is the core
 * API, which has no status envelope and answers `{ErrorKey, Field, Message}` with a 4xx.
 * The emulator turns an injected errorKey on `/search` into that core shape (with the
 * 202), and the client must still classify it by key and never take it for a success;
 * `/search` also gets the core API's own 400 error, with its `Field`.
 */
import { strict as assert } from "node:assert";
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
  TimeoutError,
  ValidationError,
  type ShieldClient,
} from "../../src/client";
import type { Emulator, FaultSpec, RouteName } from "../../src/emulator";
import {
  clientFor,
  closedPortUrl,
  collect,
  emulator,
  SWEEP_OPTIONS,
  timed,
  TODAY,
} from "./harness";
import { tally, useWatchers } from "./tally";

/** Slack for a loaded machine on top of the deadline. */
const DEADLINE_SLACK_MS = 500;
const ATTEMPTS = SWEEP_OPTIONS.maxRetries + 1;

interface Operation {
  name: string;
  route: RouteName;
  /** The `operation` the client's errors name. */
  operation: string;
  /** Requests on the route before the one the fault hits (iterators fail mid-walk). */
  skip: number;
  /** True for the core API (`/search`). */
  core: boolean;
  run(client: ShieldClient): Promise<unknown>;
}

const OPERATIONS: Operation[] = [
  {
    name: "getEventLogs",
    route: "getEventLogs",
    operation: "getEventLogs",
    skip: 0,
    core: false,
    run: (c) => c.getEventLogs(1001, TODAY),
  },
  {
    name: "eventLogs iterator",
    route: "getEventLogs",
    operation: "getEventLogs",
    skip: 1,
    core: false,
    run: (c) => collect(c.eventLogs(1001, TODAY)),
  },
  {
    name: "listAccessLists",
    route: "listAccessLists",
    operation: "listAccessLists",
    skip: 0,
    core: false,
    run: (c) => c.listAccessLists(1001),
  },
  {
    name: "updateAccessListConfiguration",
    route: "updateAccessListConfiguration",
    operation: "updateAccessListConfiguration",
    skip: 0,
    core: false,
    run: (c) => c.updateAccessListConfiguration(1001, 100102, { isEnabled: true, action: 2 }),
  },
  {
    name: "getBotDetection",
    route: "getBotDetection",
    operation: "getBotDetection",
    skip: 0,
    core: false,
    run: (c) => c.getBotDetection(1001),
  },
  {
    name: "search",
    route: "search",
    operation: "search",
    skip: 0,
    core: true,
    run: (c) => c.search({ query: "cdn" }),
  },
  {
    name: "searchAll",
    route: "search",
    operation: "search",
    skip: 1,
    core: true,
    run: (c) => collect(c.searchAll({ query: "cdn", pageSize: 5 })),
  },
];

type ErrorClass = abstract new (...args: never[]) => ShieldApiError;

/** What the next step is, per error class: each message must say it. */
const NEXT_STEP = new Map<ErrorClass, RegExp>([
  [RateLimitError, /lower the parallelism/],
  [ServerError, /retry later/],
  [MaintenanceError, /retry later/],
  [TimeoutError, /raise `timeoutMs`|raise `deadlineMs`/],
  [ConnectionError, /Check the network and the API URL \(http:\/\/127\.0\.0\.1:\d+/],
  [InvalidResponseError, /Check that the API URL points at the bunny\.net API|please report it/],
  [NotFoundError, /Check the zone and object ids/],
  [PlanRestrictionError, /Upgrade the zone's Shield plan/],
  [ValidationError, /ask for one of those days|Correct the value the service names/],
  [AuthenticationError, /main API key.*pulumi config set --secret bunnynet:apiKey/],
]);

interface FaultCase {
  name: string;
  spec: () => FaultSpec;
  /** Safe and useful to retry: a transient fault ends in success. */
  retried: boolean;
  /** The error when it persists (or at once, when not retried). */
  error: ErrorClass;
  /** For a persistent fault that fails at once (e.g. a Retry-After beyond what we wait). */
  persistentSpec?: () => FaultSpec;
  persistentAttempts?: number;
  /** Shortest time a transient case must take (a Retry-After wait). */
  minWaitMs?: () => number;
  /** More checks of the error. */
  check?: (error: ShieldApiError, op: Operation) => void;
  appliesTo?: (op: Operation) => boolean;
}

const ENVELOPE_KEYS: Array<[string, ErrorClass]> = [
  ["not_found_or_unauthorised_access.shieldzone", NotFoundError],
  ["not_found_or_unauthorised_access.waf_rule", NotFoundError],
  ["not_found.waf_rule", NotFoundError],
  ["invalid_plan_type.bot_detection", PlanRestrictionError],
  ["not_available.access_list", PlanRestrictionError],
  ["plan_change_blocked.shieldzone", PlanRestrictionError],
  ["limit_reached.waf", PlanRestrictionError],
  ["invalid_datetime_window.event_logs", ValidationError],
];

/** A Retry-After date 1 to 2 s away (HTTP dates have whole seconds), and the wait it means. */
function nearDate(): Date {
  return new Date(Math.floor(Date.now() / 1000) * 1000 + 1000);
}
let lastNearDate = 0;

const CASES: FaultCase[] = [
  {
    name: "429 with Retry-After in seconds",
    spec: () => ({ status: 429, retryAfter: 1 }),
    retried: true,
    minWaitMs: () => 950,
    error: RateLimitError,
    // A wait longer than the client allows: it fails at once, saying how long to wait.
    persistentSpec: () => ({ status: 429, retryAfter: 3600 }),
    persistentAttempts: 1,
    check: (e) => {
      assert.equal((e as RateLimitError).retryAfterMs, 3_600_000);
      assert.match(e.message, /asked to wait 3600 s/);
    },
  },
  {
    name: "429 with Retry-After as an HTTP date",
    spec: () => {
      const date = nearDate();
      lastNearDate = date.getTime();
      return { status: 429, retryAfter: date };
    },
    retried: true,
    minWaitMs: () => lastNearDate - Date.now(),
    error: RateLimitError,
    persistentSpec: () => ({ status: 429, retryAfter: new Date(Date.now() + 3_600_000) }),
    persistentAttempts: 1,
    check: (e) => {
      const ms = (e as RateLimitError).retryAfterMs!;
      assert.ok(ms > 3_590_000 && ms <= 3_600_000, `retryAfterMs ${ms}`);
      assert.match(e.message, /asked to wait 3[56]\d\d s/);
    },
  },
  {
    name: "429 without Retry-After",
    spec: () => ({ status: 429 }),
    retried: true,
    error: RateLimitError,
    check: (e) => assert.match(e.message, /Retry later/),
  },
  {
    name: "500 with a body",
    spec: () => ({ status: 500, body: { title: "Internal Server Error", detail: "boom" } }),
    // The client retries only a bare 500 (the service's documented transient failure).
    retried: false,
    error: ServerError,
    check: (e) => assert.match(e.message, /Service said: Internal Server Error: boom/),
  },
  {
    name: "500 with an empty body",
    spec: () => ({ status: 500, kind: "empty-body" }),
    retried: true,
    error: ServerError,
    check: (e) => assert.match(e.message, /failed with an empty answer/),
  },
  ...[502, 503, 504].map((status): FaultCase => ({
    name: `${status}`,
    spec: () => ({ status }),
    retried: true,
    error: ServerError,
    check: (e) => assert.equal(e.status, status),
  })),
  ...ENVELOPE_KEYS.map(([errorKey, error]): FaultCase => ({
    name: `202 envelope ${errorKey}`,
    spec: () => ({ envelopeErrorKey: errorKey, envelopeMessage: `Injected ${errorKey}.` }),
    retried: false,
    error,
    check: (e, op) => {
      assert.equal(e.errorKey, errorKey);
      assert.equal(e.status, 202);
      assert.match(
        e.message,
        new RegExp(`Service said: Injected ${errorKey.replace(/\./g, "\\.")}\\.`),
      );
      // /search is the core API: its errors are {ErrorKey, Field, Message}, never an envelope.
      if (op.core) assert.ok(e.body && typeof e.body === "object" && "ErrorKey" in e.body);
    },
  })),
  {
    name: "core API 400 {ErrorKey, Field, Message}",
    appliesTo: (op) => op.core,
    spec: () => ({
      status: 400,
      body: { ErrorKey: "search.invalid_parameter", Field: "size", Message: "Bad size." },
    }),
    retried: false,
    error: ValidationError,
    check: (e) =>
      assert.match(e.message, /Bad size\. \(field size\) \[search\.invalid_parameter\]/),
  },
  {
    name: "401 ProblemDetails",
    spec: () => ({ status: 401 }),
    retried: false,
    error: AuthenticationError,
  },
  {
    // A 2xx that is not JSON is how the live service answers under maintenance.
    name: "malformed JSON (200)",
    spec: () => ({ kind: "malformed-json" }),
    retried: true,
    error: MaintenanceError,
    check: (e) => assert.match(e.message, /not JSON/),
  },
  {
    name: "an empty 200",
    spec: () => ({ kind: "empty-body" }),
    retried: false,
    error: InvalidResponseError,
    check: (e) => assert.match(e.message, /does not match the API's schema at \(body\)/),
  },
  {
    name: "truncated body",
    spec: () => ({ kind: "truncated-body" }),
    retried: true,
    error: ConnectionError,
  },
  {
    name: "an HTML error page (502)",
    spec: () => ({ kind: "html" }),
    retried: true,
    error: ServerError,
    check: (e) => assert.equal(e.status, 502),
  },
  {
    name: "an HTML page with 200",
    spec: () => ({ kind: "html", status: 200 }),
    retried: true,
    error: MaintenanceError,
    check: (e) => assert.match(e.message, /HTML page, not JSON/),
  },
  {
    name: "a maintenance page (200, HTML) with Retry-After",
    spec: () => ({ kind: "maintenance", retryAfter: 1 }),
    retried: true,
    minWaitMs: () => 950,
    error: MaintenanceError,
    // A wait longer than the client allows: it fails at once, saying how long to wait.
    persistentSpec: () => ({ kind: "maintenance", retryAfter: 3600 }),
    persistentAttempts: 1,
    check: (e) => assert.match(e.message, /under maintenance.*asked to wait 3600 s/),
  },
  {
    name: "reset before the response",
    spec: () => ({ kind: "reset-before-response" }),
    retried: true,
    error: ConnectionError,
  },
  {
    name: "reset mid-body",
    spec: () => ({ kind: "reset-mid-body" }),
    retried: true,
    error: ConnectionError,
  },
  {
    name: "handled, then the connection reset",
    spec: () => ({ kind: "apply-then-reset" }),
    retried: true,
    error: ConnectionError,
  },
  {
    name: "slower than the timeout",
    spec: () => ({ latencyMs: SWEEP_OPTIONS.timeoutMs + 500 }),
    retried: true,
    error: TimeoutError,
    check: (e) => assert.match(e.message, /No answer within \d+ ms/),
  },
];

describe("reliability: every operation under every fault", function () {
  this.timeout(20_000);
  useWatchers();
  let emu: Emulator;
  let client: ShieldClient;
  /** Each operation's result and request count without faults. */
  const baseline = new Map<string, { value: unknown; requests: number }>();

  before(async () => {
    // Small days and pages, so the iterators walk several pages.
    emu = await emulator({ seed: { eventLogsPerDay: 7 }, eventLogPageSize: 4 });
    client = clientFor(emu);
    // The PATCH changes what listAccessLists reads: settle every operation once first.
    for (const op of OPERATIONS) await op.run(client);
    for (const op of OPERATIONS) {
      emu.resetRequests();
      const value = await op.run(client);
      baseline.set(op.name, { value, requests: emu.requests.length });
    }
    assert.equal(baseline.get("eventLogs iterator")!.requests, 2);
    assert.equal(baseline.get("searchAll")!.requests, 3);
  });
  beforeEach(() => {
    emu.faults.clear();
    emu.resetRequests();
  });
  after(() => emu?.close());

  for (const op of OPERATIONS) {
    describe(op.name, () => {
      for (const fault of CASES.filter((c) => c.appliesTo?.(op) ?? true)) {
        const deadline = SWEEP_OPTIONS.deadlineMs + DEADLINE_SLACK_MS;

        it(`${fault.name}: ${fault.retried ? "retried, then succeeds" : "typed error, not retried"}`, async () => {
          tally.faultsTried++;
          emu.faults.add({ ...fault.spec(), route: op.route, skip: op.skip, times: 1 });
          const minWait = fault.minWaitMs?.() ?? 0;
          const outcome = await timed(() => op.run(client), `${op.name} / ${fault.name}`);
          assert.ok(outcome.ms <= deadline, `took ${outcome.ms} ms, deadline ${deadline}`);
          const expected = baseline.get(op.name)!;
          if (fault.retried) {
            assert.equal(outcome.error, undefined, `expected success: ${String(outcome.error)}`);
            tally.faultsRecovered++;
            assert.deepEqual(outcome.value, expected.value, "same result as without the fault");
            assert.equal(emu.requests.length, expected.requests + 1, "exactly one retry");
            assert.ok(outcome.ms >= minWait - 20, `waited ${outcome.ms} ms of ${minWait}`);
          } else {
            assertTypedError(outcome.error, fault, op);
            assert.equal(emu.requests.length, op.skip + 1, "not retried");
          }
        });

        if (!fault.retried) continue;
        it(`${fault.name}: persistent, typed error after the retries allowed`, async () => {
          tally.faultsTried++;
          const spec = fault.persistentSpec?.() ?? fault.spec();
          emu.faults.add({ ...spec, route: op.route, skip: op.skip, times: Infinity });
          const outcome = await timed(
            () => op.run(client),
            `${op.name} / ${fault.name} (persistent)`,
          );
          assert.ok(outcome.ms <= deadline, `took ${outcome.ms} ms, deadline ${deadline}`);
          assertTypedError(outcome.error, fault, op);
          assert.equal(emu.requests.length, op.skip + (fault.persistentAttempts ?? ATTEMPTS));
        });
      }

      it("slow beyond the whole deadline: a TimeoutError by the deadline, retries or not", async () => {
        tally.faultsTried++;
        const deadlineMs = 500;
        emu.faults.add({ route: op.route, skip: op.skip, latencyMs: 2_000, times: Infinity });
        const slow = clientFor(emu, { timeoutMs: 200, deadlineMs, maxRetries: 10 });
        const outcome = await timed(() => op.run(slow), `${op.name} / past the deadline`);
        assertTypedError(outcome.error, { ...CASES[0], error: TimeoutError, check: undefined }, op);
        // The pages before the slow one are quick; the slow one ends at the deadline.
        assert.ok(outcome.ms <= deadlineMs + DEADLINE_SLACK_MS, `took ${outcome.ms} ms`);
        const attempts = emu.requests.length - op.skip;
        assert.ok(attempts >= 2 && attempts <= 3, `${attempts} attempts of 200 ms in 500 ms`);
      });

      it("a refused connection (a closed port): ConnectionError after the retries", async () => {
        tally.faultsTried++;
        const url = await closedPortUrl();
        const outcome = await timed(() => op.run(clientFor(url)), `${op.name} / refused`);
        assert.ok(outcome.ms <= SWEEP_OPTIONS.deadlineMs + DEADLINE_SLACK_MS);
        const error = outcome.error;
        assert.ok(error instanceof ConnectionError, String(error));
        assert.ok(!(error instanceof TimeoutError));
        tally.faultsTypedErrors++;
        assert.match(error.message, /ECONNREFUSED/);
        assert.ok(error.message.includes(`Check the network and the API URL (${url}`));
        assert.equal(error.operation, op.operation);
      });
    });
  }
});

function assertTypedError(error: unknown, fault: FaultCase, op: Operation): void {
  assert.ok(
    error instanceof fault.error,
    `expected a ${fault.error.name}, got ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`,
  );
  tally.faultsTypedErrors++;
  assert.equal(error.operation, op.operation, "the error names the operation");
  assert.ok(error.message.startsWith(`${op.operation} (`), error.message);
  // The most specific class's next step (a TimeoutError is also a ConnectionError).
  const step = [...NEXT_STEP].find(([type]) => type === error.constructor)?.[1];
  assert.ok(step, `no next step known for ${error.name}`);
  assert.match(error.message, step, "the message says what to do next");
  fault.check?.(error, op);
}
