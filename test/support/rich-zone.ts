/**
 * A zone configured by hand, as the dashboard would leave it after months: every kind set away
 * from its defaults, custom lists of hundreds of entries, rules of several conditions, rate
 * limits, custom pages and an API Guardian document. Everything goes through the client (the
 * service's own API), never into the emulator's state directly, so the zone is what a program
 * generated from it must adopt without a write.
 */
import type { ShieldClient } from "../../src/client/shield-client";
import type { CustomPageType } from "../../src/client/areas/custom-pages";
import { guardianDocument } from "../resources/api-guardian.fixtures";

/** How much of each kind the zone gets (an Advanced zone allows 5 lists and 10 rules). */
export interface RichZoneSize {
  /** Custom lists added to the zone's seeded ones, each with `entries` entries. */
  readonly customLists: number;
  readonly entries: number;
  /** Custom WAF rules, each with `conditions` conditions (1 to 3). */
  readonly wafRules: number;
  readonly conditions: number;
  readonly rateLimits: number;
  readonly pages: readonly CustomPageType[];
}

/** The CLI suite's zone: lists of hundreds of entries. */
export const RICH_ZONE: RichZoneSize = {
  customLists: 3,
  entries: 300,
  wafRules: 4,
  conditions: 3,
  rateLimits: 2,
  pages: ["block", "challenge"],
};

/** `count` addresses of 198.18.0.0/15 (kept for benchmarks), from the `from`-th on. */
export const benchmarkAddresses = (count: number, from = 0): string[] =>
  Array.from({ length: count }, (_, i) => {
    const n = from + i;
    return `198.${18 + (n >> 16)}.${(n >> 8) & 255}.${n & 255}`;
  });

/** The conditions of the `n`th rule: a path, a header, an address (negated), as many as asked. */
function conditions(n: number, count: number) {
  const all = [
    {
      variableTypes: { REQUEST_URI: "" },
      operatorType: 0, // BEGINSWITH
      value: `/admin${n}`,
      isNegated: false,
      isRegexVariable: false,
    },
    {
      variableTypes: { REQUEST_HEADERS: "User-Agent" },
      operatorType: 2, // CONTAINS
      value: "curl",
      isNegated: false,
      isRegexVariable: false,
    },
    {
      variableTypes: { REMOTE_ADDR: "" },
      operatorType: 15, // STREQ
      value: `192.0.2.${n + 1}`,
      isNegated: true,
      isRegexVariable: false,
    },
  ];
  return all.slice(0, Math.max(1, Math.min(count, all.length)));
}

/** A page's HTML, several lines, with a placeholder the service fills in. */
export const pageHtml = (zone: number, type: string): string =>
  [
    "<!doctype html>",
    "<html>",
    `  <head><title>${type} (zone ${zone})</title></head>`,
    `  <body><h1>Request ${type === "block" ? "blocked" : type}</h1><p>Reference: {{requestId}}</p></body>`,
    "</html>",
  ].join("\n");

/** Configures `zone` (Advanced or above) through `client` as {@link RichZoneSize} says. */
export async function configureRichZone(
  client: ShieldClient,
  zone: number,
  size: RichZoneSize = RICH_ZONE,
): Promise<void> {
  await client.shieldZones.update(zone, {
    wafExecutionMode: 0, // Log
    wafDisabledRules: ["913100", "942100"],
    wafRequestIgnoredHeaders: ["Cookie", "X-Debug"],
    dDoSShieldSensitivity: 3, // High
    dDoSChallengeWindow: 1800,
  });
  await client.botDetection.update(zone, {
    executionMode: 1, // Challenge
    requestIntegrity: { sensitivity: 3 },
    ipAddress: { sensitivity: 1 },
    browserFingerprint: { sensitivity: 2, aggression: 3, complexEnabled: true },
  });
  await client.botCategorization.setCategoryAction(zone, 2, 1); // AIScraper: Block
  const bots = (await client.botCategorization.list(zone)).flatMap((g) => g.bots);
  const gpt = bots.find((b) => b.userAgentMatch === "GPTBot");
  if (gpt) await client.botCategorization.setBotAction(zone, gpt.botId, 2); // Allow
  await client.uploadScanning.update(zone, {
    isEnabled: true,
    antivirusScanningMode: 2,
    csamScanningMode: 1,
  });
  // A managed list switched on, logging (found by its category, as a program finds it).
  const { managedLists } = await client.accessLists.list(zone);
  const vpn = managedLists.find((l) => l.category === 1);
  if (vpn) {
    await client.accessLists.updateConfiguration(zone, vpn.configurationId, {
      isEnabled: true,
      action: 4,
    });
  }
  for (let n = 0; n < size.customLists; n++) {
    await client.accessLists.create(zone, {
      name: `Partners ${n + 1}`,
      description: `Networks of partner ${n + 1}, kept by hand`,
      type: 0, // IP
      content: benchmarkAddresses(size.entries, n * size.entries).join("\n"),
    });
  }
  for (let n = 0; n < size.wafRules; n++) {
    const [first, ...chained] = conditions(n, size.conditions);
    await client.wafCustomRules.create({
      shieldZoneId: zone,
      ruleName: `Admin area ${n + 1}`,
      ruleDescription: n % 2 === 0 ? `Made in the dashboard ${n + 1}` : "",
      ruleConfiguration: {
        ...first!,
        actionType: [1, 3, 2][n % 3]!, // Block, Challenge, Log
        severityType: n % 3,
        transformationTypes: n % 2 === 0 ? [8, 19] : [],
        chainedRuleConditions: chained,
      },
    });
  }
  for (let n = 0; n < size.rateLimits; n++) {
    await client.rateLimits.create({
      shieldZoneId: zone,
      ruleName: `Login ${n + 1}`,
      ruleDescription: "",
      ruleConfiguration: {
        ...conditions(n, 1)[0]!,
        value: `/login${n}`,
        actionType: 1, // RateLimit
        requestCount: 30 + n,
        timeframe: 60,
        blockTime: 900,
        counterKeyType: 0,
        transformationTypes: [],
        chainedRuleConditions: [],
      },
    });
  }
  for (const type of size.pages) await client.customPages.upload(zone, type, pageHtml(zone, type));
  await client.apiGuardian.uploadSpecification(zone, { content: guardianDocument("2.0.0") });
  await client.apiGuardian.update(zone, { isEnabled: true, executionMode: 1 });
  const { endpoints } = await client.apiGuardian.get(zone);
  const get = endpoints.find((e) => e.requestMethod === "GET");
  if (get) {
    await client.apiGuardian.updateEndpoint(zone, get.apiGuardianEndpointId, {
      detectParameterSqli: true,
      injectionDetectionParameters: { Path: ["petId"], Query: [], Header: [], Cookie: [] },
    });
  }
}
