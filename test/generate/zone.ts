/**
 * What the generator tests share: an emulator whose zone 1001 holds every kind (changed through
 * the client, as the dashboard would), a fast client, and reading a generated folder.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import {
  AccessListType,
  DdosShieldSensitivity,
  RateLimitActionType,
  RateLimitCounterKeyType,
  WafExecutionMode,
  WafRuleActionType,
  WafRuleOperatorType,
  WafRuleSeverityType,
  WafRuleTransformationType,
} from "../../src/client/enums";
import {
  BotCategorizationAction,
  BotCategory,
  BotCategoryAction,
} from "../../src/client/areas/bot-categorization";
import { ShieldClient } from "../../src/client/shield-client";
import { startEmulator, type Emulator } from "../../src/emulator";
import { guardianDocument } from "../resources/api-guardian.fixtures";

/** The key every generator test's emulator accepts. */
export const KEY = "emu_generate_key_5f1c0b9e3a7d4e21";

/** The furnished zone and its pull zone. */
export const ZONE = 1001;
export const PULL_ZONE = 501001;
/** A Basic zone, left as seeded. */
export const BASIC_ZONE = 1003;

/** The custom block page. */
export const BLOCK_PAGE =
  '<!doctype html>\n<html><body><h1>Blocked</h1><p>Ask "support".</p></body></html>\n';
/** The OpenAPI document uploaded to the furnished zone. */
export const OPENAPI = guardianDocument("1.0.0");

/** A client that retries at once: fault tests stay fast. */
export const fastClient = (emu: Emulator): ShieldClient =>
  new ShieldClient({
    apiKey: emu.apiKey,
    baseUrl: emu.url,
    retryBaseDelayMs: 1,
    maxRetryDelayMs: 5,
    maxRetries: 20,
    maxRateLimitRetries: 20,
  });

/** Gives zone 1001 something of every kind, through the client. */
export async function furnish(client: ShieldClient, zone = ZONE): Promise<void> {
  const admin = await client.wafCustomRules.create({
    shieldZoneId: zone,
    ruleName: "Block admin",
    ruleDescription: "Admin pages from outside the office",
    ruleConfiguration: {
      actionType: WafRuleActionType.Block,
      severityType: WafRuleSeverityType.WARNING,
      variableTypes: { REQUEST_URI: "" },
      operatorType: WafRuleOperatorType.BEGINSWITH,
      value: "/admin",
      transformationTypes: [WafRuleTransformationType.LOWERCASE],
      chainedRuleConditions: [
        {
          variableTypes: { REMOTE_ADDR: "" },
          operatorType: WafRuleOperatorType.STREQ,
          value: "203.0.113.7",
          isNegated: true,
        },
      ],
    },
  });
  const bots = await client.wafCustomRules.create({
    shieldZoneId: zone,
    ruleName: "Log bots",
    ruleConfiguration: {
      actionType: WafRuleActionType.Log,
      variableTypes: { REQUEST_HEADERS: "User-Agent" },
      operatorType: WafRuleOperatorType.CONTAINS,
      value: "bot",
    },
  });
  await client.shieldZones.update(zone, {
    wafCustomRuleOrder: [bots.id, admin.id],
    dDoSShieldSensitivity: DdosShieldSensitivity.High,
  });
  await client.rateLimits.create({
    shieldZoneId: zone,
    ruleName: "Login attempts",
    ruleConfiguration: {
      actionType: RateLimitActionType.RateLimit,
      variableTypes: { REQUEST_URI: "" },
      operatorType: WafRuleOperatorType.BEGINSWITH,
      value: "/login",
      requestCount: 10,
      timeframe: 60,
      blockTime: 300,
      counterKeyType: RateLimitCounterKeyType.IP,
    },
  });
  await client.customPages.upload(zone, "block", BLOCK_PAGE);
  await client.botCategorization.setCategoryAction(
    zone,
    BotCategory.AIScraper,
    BotCategoryAction.Block,
  );
  await client.botCategorization.setBotAction(zone, 201, BotCategorizationAction.Allow); // GPTBot
  await client.apiGuardian.uploadSpecification(zone, { content: OPENAPI });
  await client.apiGuardian.update(zone, { isEnabled: true, executionMode: WafExecutionMode.Block });
  const guardian = await client.apiGuardian.get(zone);
  const pet = guardian.endpoints.find((e) => e.requestMethod === "GET")!;
  await client.apiGuardian.updateEndpoint(zone, pet.apiGuardianEndpointId, {
    detectParameterSqli: true,
    injectionDetectionParameters: { Query: ["fields"] },
  });
  // Long enough to go to a file beside the program.
  await client.accessLists.create(zone, {
    name: "Blocked ranges",
    type: AccessListType.CIDR,
    content: Array.from({ length: 150 }, (_, i) => `198.18.${i}.0/24`).join("\n"),
  });
}

/** An emulator with zone 1001 furnished, for a describe's tests. */
export function useFurnishedEmulator(): () => Emulator {
  let emu: Emulator | undefined;
  before(async () => {
    emu = await startEmulator({ apiKey: KEY });
    await furnish(fastClient(emu));
  });
  after(async () => {
    await emu?.close();
  });
  return () => {
    if (!emu) throw new Error("emulator not started");
    return emu;
  };
}

/** Where the tests' temporary folders go: one folder, removed after the run. */
const TEMPORARY = fs.mkdtempSync(path.join(os.tmpdir(), "shield-generate-"));
after(() => fs.rmSync(TEMPORARY, { recursive: true, force: true }));

/** A new, empty temporary folder. */
export function temporaryFolder(): string {
  return fs.mkdtempSync(path.join(TEMPORARY, "t-"));
}

/** Every file of a folder, by name (its subfolders' too, by relative path). */
export function readFolder(folder: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const entry of fs.readdirSync(folder, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    files[path.relative(folder, full)] = fs.readFileSync(full, "utf8");
  }
  return files;
}
