/**
 * One resource of every kind for the CLI suites: its arguments at each step of a stack's life,
 * the routes it writes through, and how to drift it behind Pulumi's back.
 */
import type * as automation from "@pulumi/pulumi/automation";
import type { Emulator } from "../../src/emulator";
import type { Kind } from "../../src/resources/kit/registry";
import { guardianDocument } from "../resources/api-guardian.fixtures";

/** A resource's arguments. */
export type Props = Record<string, unknown>;

/** One resource of a kind: its arguments at each step, and how to drift it. */
export interface KindCase {
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
export const CASES: Record<Kind, KindCase> = {
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
/** The resource name of a kind's case. */
export const nameOf = (kind: string) => kind.toLowerCase();

/** The engine's resource operations by resource name, in order, from a run's events. */
export function operations(events: automation.EngineEvent[]): Map<string, string[]> {
  const ops = new Map<string, string[]>();
  for (const event of events) {
    const meta = event.resourcePreEvent?.metadata;
    if (!meta || !meta.type.includes("bunnynet:")) continue;
    const name = meta.urn.split("::").pop()!;
    ops.set(name, [...(ops.get(name) ?? []), meta.op]);
  }
  return ops;
}
