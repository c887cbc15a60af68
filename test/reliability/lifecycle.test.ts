/**
 * The AccessListConfiguration lifecycle under faults, through the provider's methods as
 * the plugin calls them (configured from the stack config). The provider's client uses the
 * default retry settings (3 retries, backoff from 500 ms; 8 retries for 429s), so the faults
 * here are few.
 */
import { strict as assert } from "node:assert";
import {
  AuthenticationError,
  ConnectionError,
  RateLimitError,
  ServerError,
  ShieldApiError,
  ShieldError,
} from "../../src/client";
import type { Emulator } from "../../src/emulator";
import type { AccessListConfigurationProvider } from "../../src/resources";
import type {
  AccessListConfigurationInputs,
  AccessListConfigurationOutputs,
} from "../../src/resources/access-list-configuration-lifecycle";
import { configuredProvider, emulator, failure, isolateEnvironment, requestsTo } from "./harness";
import { scanError, scanText, tally, useWatchers } from "./tally";
import { ACTION_NAMES } from "../support/action-names";

/** Attempts of the provider's client: the default 3 retries, plus the first. */
const DEFAULT_ATTEMPTS = 4;
/** Attempts on 429s: the provider's 8 retries for those, plus the first. */
const PROVIDER_RATE_LIMIT_ATTEMPTS = 9;

type Outputs = AccessListConfigurationOutputs;

/** What the plugin adds to every bag of properties (check's inputs, create's outputs, ...). */
const PROVIDER_TEXT = "exports.handler = __f0; /* the serialized provider */";

/** Properties without the plugin's `__provider`, to compare what the provider decides. */
function own(props: unknown): Record<string, unknown> {
  const { __provider: _text, ...rest } = props as Record<string, unknown>;
  return rest;
}

/** What the engine holds for one resource between runs. */
interface Held {
  id: string;
  outs: Outputs;
}

/**
 * A minimal engine: `up` checks, then creates what has no state and diffs/updates what
 * has, in parallel; an init failure ("created but failed to initialise") keeps its
 * `properties` as state, any other failure keeps the state as it was.
 */
class Engine {
  readonly state = new Map<string, Held>();
  constructor(private readonly provider: AccessListConfigurationProvider) {}

  async up(desired: AccessListConfigurationInputs[]): Promise<unknown[]> {
    const failures: unknown[] = [];
    await Promise.all(
      desired.map(async (news) => {
        const key = `${news.shieldZoneId}/${news.configurationId}`;
        const checked = await this.provider.check({}, { ...news });
        assert.equal(checked.failures, undefined);
        // The plugin puts __provider back into check's inputs, and into every result.
        const inputs = {
          ...checked.inputs,
          __provider: PROVIDER_TEXT,
        } as AccessListConfigurationInputs;
        const held = this.state.get(key);
        try {
          if (!held) {
            const created = await this.provider.create(inputs);
            const outs = { ...created.outs, __provider: PROVIDER_TEXT } as Outputs;
            this.state.set(key, { id: created.id, outs });
          } else if ((await this.provider.diff(held.id, held.outs, inputs)).changes) {
            const updated = await this.provider.update(held.id, held.outs, inputs);
            const outs = { ...updated.outs, __provider: PROVIDER_TEXT } as Outputs;
            this.state.set(key, { id: held.id, outs });
          }
        } catch (error) {
          scanError(error, `engine up ${key}`);
          const partial = error as { id?: string; properties?: Outputs };
          if (partial.id && partial.properties) {
            this.state.set(key, { id: partial.id, outs: partial.properties });
          }
          failures.push(error);
        }
      }),
    );
    for (const held of this.state.values()) scanText(JSON.stringify(held), "provider outputs");
    return failures;
  }
}

describe("reliability: the resource lifecycle under faults", function () {
  this.timeout(30_000);
  useWatchers();
  isolateEnvironment();
  let emu: Emulator;
  let provider: AccessListConfigurationProvider;

  beforeEach(async () => {
    tally.lifecycleScenarios++;
    emu = await emulator({ seed: { zones: 5 } });
    provider = await configuredProvider(emu);
  });
  afterEach(() => emu.close());

  it("a PATCH applied but whose answers were all lost: create fails, the next run converges", async () => {
    const zone = 1001;
    const configurationId = 100102; // VPN providers: off, Challenge
    const live = emu.state.accessList(zone, configurationId)!;
    assert.equal(live.isEnabled, false);
    const inputs = {
      shieldZoneId: zone,
      configurationId,
      isEnabled: true,
      action: "Block",
      __provider: PROVIDER_TEXT,
    } as AccessListConfigurationInputs;
    // Every attempt the client allows is applied by the service and its answer lost.
    emu.faults.add({
      route: "updateAccessListConfiguration",
      kind: "apply-then-reset",
      times: DEFAULT_ATTEMPTS,
    });
    // The engine's "created but failed to initialise": a ShieldError with id, properties, reasons.
    const error = await failure(provider.create(inputs), ShieldError, "create, answers lost");
    assert.match(error.message, /ConnectionError|connection failed/i);
    assert.equal(requestsTo(emu, "updateAccessListConfiguration"), DEFAULT_ATTEMPTS);
    assert.match(error.message, /adopted, but setting the desired values failed/);
    assert.match(error.message, /Check the network and the API URL/);
    const partial = error as unknown as { id: string; properties: Outputs; reasons: string[] };
    assert.equal(partial.id, `${zone}/${configurationId}`);
    assert.equal(partial.reasons.length, 1);
    // State records what was confirmed (the read), never what was only attempted.
    assert.equal(partial.properties.isEnabled, false);
    assert.equal(partial.properties.action, "Challenge");
    assert.equal(partial.properties.priorIsEnabled, false);
    assert.equal(partial.properties.priorAction, "Challenge");
    // ... while the service did apply it.
    assert.equal(live.isEnabled, true);
    assert.equal(live.action, 2);

    // The next `pulumi up`: diff against the state the engine holds, then update.
    const diff = await provider.diff(partial.id, partial.properties, inputs);
    assert.equal(diff.changes, true);
    assert.deepEqual(diff.replaces, []);
    const updated = await provider.update(partial.id, partial.properties, inputs);
    const outs = updated.outs as Outputs;
    assert.equal(outs.isEnabled, true);
    assert.equal(outs.action, "Block");
    assert.equal(outs.priorIsEnabled, false, "the prior values survive");
    assert.equal(outs.priorAction, "Challenge");
    // Converged: nothing more to do, and a refresh agrees.
    assert.equal((await provider.diff(partial.id, outs, inputs)).changes, false);
    // The init failure kept the plugin's __provider, so the engine can use that state.
    assert.equal(
      (partial.properties as unknown as Record<string, unknown>).__provider,
      PROVIDER_TEXT,
    );
    const refreshed = await provider.read(partial.id, outs);
    assert.deepEqual(own(refreshed.props), own(outs));
    scanText(JSON.stringify([partial.properties, outs, refreshed]), "provider outputs");

    // A refresh before the next run converges too, without an update.
    const viaRefresh = await provider.read(partial.id, partial.properties);
    assert.equal(
      (await provider.diff(partial.id, viaRefresh.props as Outputs, inputs)).changes,
      false,
    );
  });

  describe("a read failure during refresh keeps the resource in state", () => {
    let held: Held;
    beforeEach(async () => {
      const created = await provider.create({
        shieldZoneId: 1001,
        configurationId: 100101,
        isEnabled: true,
      });
      held = { id: created.id, outs: created.outs as Outputs };
      emu.resetRequests();
    });

    for (const [name, fault, type] of [
      ["503 every time", { status: 503 }, ServerError],
      ["a reset every time", { kind: "reset-before-response" }, ConnectionError],
      ["a reset mid-body every time", { kind: "reset-mid-body" }, ConnectionError],
    ] as const) {
      it(`${name}: read throws (never {}), saying the resource stays`, async () => {
        emu.faults.add({ ...fault, route: "listAccessLists", times: Infinity });
        const error = await failure(provider.read(held.id, held.outs), type, `refresh, ${name}`);
        assert.match(error.message, /refresh failed, so the resource stays in state as it was/);
        assert.equal(requestsTo(emu, "listAccessLists"), DEFAULT_ATTEMPTS, "retried first");
      });
    }

    it("a transient 503: refresh succeeds after a retry", async () => {
      emu.faults.add({ route: "listAccessLists", status: 503, times: 1 });
      const read = await provider.read(held.id, held.outs);
      assert.deepEqual(read.props, held.outs);
      assert.equal(requestsTo(emu, "listAccessLists"), 2);
    });

    it("429s have a larger budget: refresh waits out 8 in a row, and fails on the 9th", async () => {
      emu.faults.add({ route: "listAccessLists", status: 429, retryAfter: 0, times: 8 });
      assert.deepEqual((await provider.read(held.id, held.outs)).props, held.outs);
      assert.equal(requestsTo(emu, "listAccessLists"), 9);
      emu.resetRequests();
      emu.faults.add({ route: "listAccessLists", status: 429, retryAfter: 0, times: Infinity });
      await failure(provider.read(held.id, held.outs), RateLimitError, "429 every time");
      assert.equal(requestsTo(emu, "listAccessLists"), PROVIDER_RATE_LIMIT_ATTEMPTS);
    });

    it("a refused key: read throws an AuthenticationError, not {}", async () => {
      emu.faults.add({ route: "listAccessLists", status: 401, times: Infinity });
      const error = await failure(provider.read(held.id, held.outs), AuthenticationError, "401");
      assert.match(error.message, /refresh failed, so the resource stays/);
    });

    it("a plain HTTP 404 (the API URL points elsewhere): read throws, not {}", async () => {
      // Every request answers 404, the zone's too: a 404 without the service's not_found
      // errorKey, from an address where the zone does not answer, confirms nothing.
      emu.faults.add({ route: "*", status: 404, times: Infinity });
      const error = await failure(provider.read(held.id, held.outs), ShieldApiError, "404");
      assert.match(error.message, /refresh failed, so the resource stays/);
      assert.match(error.message, /API URL/);
    });

    it("a plain HTTP 404 on delete: the resource stays in state (nothing restored yet)", async () => {
      emu.faults.add({ route: "*", status: 404, times: Infinity });
      const error = await failure(
        provider.delete(held.id, held.outs),
        ShieldApiError,
        "delete 404",
      );
      assert.match(error.message, /delete \(restore\) failed; the resource stays in state/);
    });

    it("only a confirmed not-found drops it: the zone gone", async () => {
      emu.state.removeZone(1001);
      assert.deepEqual(await provider.read(held.id, held.outs), {});
    });

    it("only a confirmed not-found drops it: the configuration gone", async () => {
      emu.state.removeAccessList(1001, 100101);
      assert.deepEqual(await provider.read(held.id, held.outs), {});
    });

    it("only a confirmed not-found drops it: the service's not_found envelope", async () => {
      emu.faults.add({
        route: "listAccessLists",
        envelopeErrorKey: "not_found_or_unauthorised_access.shieldzone",
      });
      assert.deepEqual(await provider.read(held.id, held.outs), {});
    });
  });

  it("many resources of several zones, created and updated at once through random 429s, converge", async function () {
    this.timeout(60_000);
    // Every configuration (4 managed, 2 custom) of each Advanced zone; 1003 is Basic.
    const zones = [1001, 1002, 1004, 1005];
    const desired = (phase: number): AccessListConfigurationInputs[] =>
      zones.flatMap((zone) => {
        const z = emu.state.zone(zone)!;
        return [...z.managedLists, ...z.customLists].map((list, i) => ({
          shieldZoneId: zone,
          configurationId: list.configurationId,
          isEnabled: (i + phase) % 2 === 0,
          action: ACTION_NAMES[(i + zone + phase) % ACTION_NAMES.length],
        }));
      });
    const engine = new Engine(provider);
    emu.faults.add({ route: "*", status: 429, retryAfter: 0, probability: 0.3, times: Infinity });

    const runs: number[] = [];
    for (const phase of [0, 1]) {
      const wanted = desired(phase);
      let run = 0;
      for (; run < 5; run++) {
        const failures = await engine.up(wanted);
        for (const f of failures) {
          // Only the injected 429s may fail a run (a failed adoption wraps its cause in an
          // init failure), and they say so.
          assert.ok(causedByRateLimit(f), String(f));
          assert.match(String(f), /lower the parallelism/);
        }
        if (failures.length === 0) break;
      }
      runs.push(run + 1);
      assert.ok(run < 5, `phase ${phase} did not converge in 5 runs`);
      for (const w of wanted) {
        const held = engine.state.get(`${w.shieldZoneId}/${w.configurationId}`)!;
        const live = emu.state.accessList(w.shieldZoneId, w.configurationId)!;
        assert.equal(held.outs.isEnabled, w.isEnabled);
        assert.equal(held.outs.action, w.action);
        assert.equal(live.isEnabled, w.isEnabled);
        assert.equal(ACTION_NAMES[live.action], w.action);
      }
    }
    const throttled = emu.requests.filter((r) => r.status === 429).length;
    assert.ok(throttled > 10, `the fault was exercised (${throttled} 429s)`);

    // A refresh without faults finds no drift, and the next run has nothing to do.
    emu.faults.clear();
    for (const held of engine.state.values()) {
      const read = await provider.read(held.id, held.outs);
      assert.deepEqual(own(read.props), own(held.outs));
    }
    emu.resetRequests();
    assert.deepEqual(await engine.up(desired(1)), []);
    assert.equal(requestsTo(emu, "updateAccessListConfiguration"), 0);
    console.log(
      `      (24 resources, 2 phases: converged in ${runs.join(" and ")} run(s); ${throttled} 429s)`,
    );
  });
});

/** True when `error`, or an error in its chain of causes, is a RateLimitError. */
function causedByRateLimit(error: unknown): boolean {
  if (error instanceof RateLimitError) return true;
  return error instanceof Error && error.cause !== undefined && causedByRateLimit(error.cause);
}
