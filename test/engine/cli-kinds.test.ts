/**
 * Every resource kind under the real Pulumi CLI, in one stack: up, a no-op preview, an update,
 * refresh with drift made behind Pulumi's back, a replace, and a destroy that leaves the
 * emulator as it was before the first up (priors restored, owned objects gone). It asserts on
 * the engine's events and the emulator's request log.
 */
import { strict as assert } from "node:assert";
import type * as automation from "@pulumi/pulumi/automation";
import type { Emulator } from "../../src/emulator";
import { KINDS, type Kind } from "../../src/resources/kit/registry";
import { guardianDocument } from "../resources/api-guardian.fixtures";
import { openCliStack, type Shield } from "../support/cli-stack";
import { comparableState } from "../support/comparable-state";

type Props = Record<string, unknown>;

/** One resource of a kind: its arguments at each step, and how to drift it. */
interface KindCase {
  /** The argument set of each step; `replaced` changes a replace key. */
  create: Props;
  updated: Props;
  replaced: Props;
  /** The routes the kind writes through (any one of them counts). */
  writes: string[];
  /** Changes the live object of the `updated` step behind Pulumi's back. */
  drift(emu: Emulator): void;
}

const CONDITIONS = [{ variable: "REQUEST_URI", operator: "BEGINSWITH", value: "/admin" }];
const rules = (emu: Emulator, store: "wafCustomRules" | "rateLimits", name: string) =>
  [...emu.state.rules[store].values()].find((r) => r.ruleName === name)!;
const onZone = (zone: number, args: Props) => ({ shieldZoneId: zone, ...args });

// Typed by the registry's kinds: a kind added without a case here does not compile.
const CASES: Record<Kind, KindCase> = {
  ShieldZone: {
    create: { pullZoneId: 501002, ddosShieldSensitivity: "Low" },
    updated: { pullZoneId: 501002, ddosShieldSensitivity: "Medium" },
    replaced: { pullZoneId: 501001, ddosShieldSensitivity: "Medium" },
    writes: ["updateShieldZone"],
    drift: (emu) => void (emu.state.zone(1002)!.settings.dDoSShieldSensitivity = 0),
  },
  BotDetection: {
    create: onZone(1002, { executionMode: "Challenge" }),
    updated: onZone(1002, { executionMode: "LogOnly" }),
    replaced: onZone(1001, { executionMode: "LogOnly" }),
    writes: ["updateBotDetection"],
    drift: (emu) => void (emu.state.zone(1002)!.botDetection.executionMode = 1),
  },
  UploadScanning: {
    create: onZone(1002, { antivirusScanningMode: "Block" }),
    updated: onZone(1002, { antivirusScanningMode: "Log" }),
    replaced: onZone(1001, { antivirusScanningMode: "Log" }),
    writes: ["updateUploadScanning"],
    drift: (emu) => void (emu.state.zone(1002)!.uploadScanning.antivirusScanningMode = 0),
  },
  AccessListConfiguration: {
    create: onZone(1002, { configurationId: 100202, isEnabled: true, action: "Block" }),
    updated: onZone(1002, { configurationId: 100202, isEnabled: true, action: "Log" }),
    replaced: onZone(1001, { configurationId: 100102, isEnabled: true, action: "Log" }),
    writes: ["updateAccessListConfiguration"],
    drift: (emu) => void (emu.state.accessList(1002, 100202)!.action = 2),
  },
  AccessList: {
    create: onZone(1002, { name: "cli list", type: "IP", entries: ["192.0.2.1"] }),
    updated: onZone(1002, { name: "cli list", type: "IP", entries: ["192.0.2.1", "192.0.2.2"] }),
    replaced: onZone(1001, { name: "cli list", type: "IP", entries: ["192.0.2.1", "192.0.2.2"] }),
    writes: ["createCustomAccessList", "updateCustomAccessList"],
    drift: (emu) => {
      const list = emu.state.zone(1002)!.customLists.find((l) => l.name === "cli list")!;
      emu.state.accessList(1002, list.configurationId)!.isEnabled = false;
    },
  },
  WafCustomRule: {
    create: onZone(1002, { name: "cli rule", action: "Block", conditions: CONDITIONS }),
    updated: onZone(1002, { name: "cli rule", action: "Log", conditions: CONDITIONS }),
    replaced: onZone(1001, { name: "cli rule", action: "Log", conditions: CONDITIONS }),
    writes: ["createWafCustomRule", "updateWafCustomRule"],
    drift: (emu) =>
      void (rules(emu, "wafCustomRules", "cli rule").ruleConfiguration.actionType = 1),
  },
  RateLimit: {
    create: onZone(1002, {
      name: "cli limit",
      action: "RateLimit",
      conditions: CONDITIONS,
      requestCount: 10,
      timeframe: 60,
      blockTime: 300,
    }),
    updated: onZone(1002, {
      name: "cli limit",
      action: "RateLimit",
      conditions: CONDITIONS,
      requestCount: 20,
      timeframe: 60,
      blockTime: 300,
    }),
    replaced: onZone(1001, {
      name: "cli limit",
      action: "RateLimit",
      conditions: CONDITIONS,
      requestCount: 20,
      timeframe: 60,
      blockTime: 300,
    }),
    writes: ["createRateLimit", "updateRateLimit"],
    drift: (emu) => void (rules(emu, "rateLimits", "cli limit").ruleConfiguration.requestCount = 5),
  },
  ApiGuardian: {
    create: onZone(1002, { isEnabled: true, openApiSpec: guardianDocument("1.0.0") }),
    updated: onZone(1002, {
      isEnabled: true,
      openApiSpec: guardianDocument("1.1.0"),
      endpoints: { "GET /pets/{petId}": { detectParameterSqli: true } },
    }),
    replaced: onZone(1001, { isEnabled: true, openApiSpec: guardianDocument("1.1.0") }),
    writes: [
      "updateApiGuardian",
      "uploadApiGuardianSpecification",
      "updateApiGuardianSpecification",
      "updateApiGuardianEndpoint",
    ],
    drift: (emu) => void (emu.state.zone(1002)!.apiGuardian!.isEnabled = false),
  },
  CustomPage: {
    create: onZone(1002, { pageType: "block", html: "<p>Blocked.</p>" }),
    updated: onZone(1002, { pageType: "block", html: "<p>Blocked, sorry.</p>" }),
    replaced: onZone(1001, { pageType: "block", html: "<p>Blocked, sorry.</p>" }),
    writes: ["uploadCustomPage"],
    drift: (emu) => void (emu.state.zone(1002)!.customPages!.block = "<p>Edited by hand.</p>"),
  },
  BotCategorization: {
    create: onZone(1002, { categories: { AIScraper: "Block" }, bots: { GPTBot: "Allow" } }),
    updated: onZone(1002, { categories: { AIScraper: "Block" }, bots: { GPTBot: "Ignore" } }),
    replaced: onZone(1001, { categories: { AIScraper: "Block" }, bots: { GPTBot: "Ignore" } }),
    writes: ["setBotCategoryAction", "setBotAction"],
    drift: (emu) => void (emu.state.zone(1002)!.botCategorization!.bots[201] = 1),
  },
};
const nameOf = (kind: string) => kind.toLowerCase();

/** The engine's resource operations by resource name, in order, from a run's events. */
function operations(events: automation.EngineEvent[]): Map<string, string[]> {
  const ops = new Map<string, string[]>();
  for (const event of events) {
    const meta = event.resourcePreEvent?.metadata;
    if (!meta || !meta.type.includes("bunnynet:")) continue;
    const name = meta.urn.split("::").pop()!;
    ops.set(name, [...(ops.get(name) ?? []), meta.op]);
  }
  return ops;
}

describe("the real Pulumi CLI: every resource kind in one stack", function () {
  this.timeout(900_000);
  let emu: Emulator;
  let stack: automation.Stack;
  let close: (() => Promise<void>) | undefined;
  let step: "create" | "updated" | "replaced" = "create";
  let original: unknown;

  before(async function () {
    const program = (shield: Shield) => async () => {
      for (const kind of KINDS) {
        const c = CASES[kind];
        const Resource = shield[kind as keyof Shield] as unknown as new (
          name: string,
          args: Props,
        ) => unknown;
        new Resource(nameOf(kind), c[step]);
      }
    };
    const cli = await openCliStack(this, "kinds", program);
    ({ emu, stack, close } = cli);
    original = comparableState(emu.state.toJSON());
  });
  after(async () => {
    await close?.();
  });

  const writesTo = (routes: string[]) =>
    emu.requests.filter((r) => r.method !== "GET" && routes.includes(r.route ?? "")).length;
  const run = async (action: (events: automation.EngineEvent[]) => Promise<unknown>) => {
    const events: automation.EngineEvent[] = [];
    emu.resetRequests();
    await action(events);
    return operations(events);
  };

  it("up creates every kind, each writing through its routes", async () => {
    const ops = await run((events) => stack.up({ onEvent: (e) => events.push(e) }));
    for (const kind of KINDS) {
      assert.deepEqual(ops.get(nameOf(kind)), ["create"], kind);
      assert.ok(writesTo(CASES[kind].writes) > 0, `${kind} wrote`);
    }
  });

  it("a second preview plans nothing and writes nothing", async () => {
    const ops = await run((events) => stack.preview({ onEvent: (e) => events.push(e) }));
    for (const kind of KINDS) assert.deepEqual(ops.get(nameOf(kind)), ["same"], kind);
    assert.equal(emu.requests.filter((r) => r.method !== "GET").length, 0);
  });

  it("an update changes every kind in place", async () => {
    step = "updated";
    const ops = await run((events) => stack.up({ onEvent: (e) => events.push(e) }));
    for (const kind of KINDS) {
      assert.deepEqual(ops.get(nameOf(kind)), ["update"], kind);
      assert.ok(writesTo(CASES[kind].writes) > 0, `${kind} wrote`);
    }
  });

  it("refresh sees drift made behind Pulumi's back, and the next preview plans the way back", async () => {
    for (const c of Object.values(CASES)) c.drift(emu);
    const read = await run((events) => stack.refresh({ onEvent: (e) => events.push(e) }));
    for (const kind of KINDS) assert.deepEqual(read.get(nameOf(kind)), ["refresh"], kind);
    const ops = await run((events) => stack.preview({ onEvent: (e) => events.push(e) }));
    for (const kind of KINDS) assert.deepEqual(ops.get(nameOf(kind)), ["update"], kind);
    await stack.up();
  });

  it("a changed key replaces every kind, deleting first", async () => {
    step = "replaced";
    const ops = await run((events) => stack.up({ onEvent: (e) => events.push(e) }));
    for (const kind of KINDS) {
      const seen = ops.get(nameOf(kind)) ?? [];
      assert.ok(seen.includes("replace"), `${kind}: ${seen.join(", ")}`);
      assert.ok(seen.indexOf("delete-replaced") < seen.indexOf("create-replacement"), kind);
    }
  });

  it("destroy leaves the emulator as it was before the first up", async () => {
    const result = await stack.destroy();
    assert.equal(result.summary.resourceChanges?.delete, KINDS.length + 1);
    assert.deepEqual(comparableState(emu.state.toJSON()), original);
  });
});
