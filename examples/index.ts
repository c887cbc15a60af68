/**
 * The example stack: a complete zone (its shield zone, bot detection and categorization, upload
 * scanning, lists, a WAF rule, a rate limit, a custom block page and API Guardian), plus
 * look-ups by the data functions.
 *
 * Run it with `npm run example` (see the README): with no API key configured it
 * targets the bundled emulator; with `bunnynet:apiKey` set, the real service.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import * as pulumi from "@pulumi/pulumi";
import {
  AccessList,
  AccessListConfiguration,
  ApiGuardian,
  BotCategorization,
  BotDetection,
  CustomPage,
  RateLimit,
  ShieldZone,
  UploadScanning,
  WafCustomRule,
  getAccessListsOutput,
  getBotCategoriesOutput,
  getBotDetectionOutput,
  getEventLogsOutput,
  getMetricsOverviewOutput,
  getShieldMetricsOutput,
  getShieldOveragesOutput,
  getTriggeredWafRulesOutput,
  getWafProfilesOutput,
  searchEventLogsOutput,
  searchOutput,
} from "pulumi-bunnynet-shield";

const config = new pulumi.Config();
// 501001 is the pull zone of the bundled emulator's zone 1001 (an Advanced plan).
const pullZoneId = config.getNumber("pullZoneId") ?? 501001;

// The pull zone's shield zone: adopted if it exists, created otherwise.
const zone = new ShieldZone("zone", {
  pullZoneId,
  wafEnabled: true,
  wafExecutionMode: "Block",
  ddosShieldSensitivity: "Medium",
});
const shieldZoneId = zone.shieldZoneId;

const botDetection = new BotDetection("bots", {
  shieldZoneId,
  executionMode: "Challenge",
  browserFingerprint: { sensitivity: "High", aggression: "Medium" },
});

// Keep AI scrapers out, except one bot this site allows by name.
const categorization = new BotCategorization("bot-categories", {
  shieldZoneId,
  categories: { AIScraper: "Block" },
  bots: { GPTBot: "Allow" },
});

new UploadScanning("uploads", {
  shieldZoneId,
  isEnabled: true,
  antivirusScanningMode: "Block",
  csamScanningMode: "Block",
});

// A list Pulumi owns: created, kept as declared, deleted on destroy.
const office = new AccessList("office", {
  shieldZoneId,
  name: "Office",
  type: "CIDR",
  entries: ["203.0.113.0/24", "198.51.100.7/32"],
  action: "Allow",
});

new WafCustomRule("block-admin", {
  shieldZoneId,
  name: "Block admin except from the office",
  description: "The admin area is reached from the office only",
  action: "Block",
  severity: "WARNING",
  conditions: [
    { variable: "REQUEST_URI", operator: "BEGINSWITH", value: "/admin" },
    { variable: "REMOTE_ADDR", operator: "STREQ", value: "203.0.113.7", negated: true },
  ],
  transformations: ["LOWERCASE"],
});

new RateLimit("login", {
  shieldZoneId,
  name: "Login attempts",
  description: "Slows down password guessing",
  action: "RateLimit",
  conditions: [{ variable: "REQUEST_URI", operator: "BEGINSWITH", value: "/login" }],
  requestCount: 10,
  timeframe: "PerOneMinute",
  blockTime: "ForFiveMinutes",
});

// The page a blocked visitor sees.
new CustomPage("blocked-page", {
  shieldZoneId,
  pageType: "block",
  html: fs.readFileSync(path.join(__dirname, "blocked.html"), "utf8"),
});

new ApiGuardian("api", {
  shieldZoneId,
  isEnabled: true,
  executionMode: "Log",
  unmatchedPathAction: "Log",
  openApiSpec: fs.readFileSync(path.join(__dirname, "openapi.yaml"), "utf8"),
  endpoints: {
    "POST /pets": {
      rateLimitingEnabled: true,
      rateLimitingRequestCount: 20,
      rateLimitingTimeframe: "PerOneMinute",
    },
    "GET /pets/{petId}": { detectParameterSqli: true, detectParameterXss: true },
  },
});

// The zone's managed lists, found by category: no configuration id is hard-coded.
const lists = getAccessListsOutput({ shieldZoneId });

// Switch the Tor exit node list on and block what it matches.
const tor = new AccessListConfiguration("block-tor", {
  shieldZoneId,
  configurationId: lists.byCategory.TorExitNodes.configurationId,
  category: "TorExitNodes",
  isEnabled: true,
  action: "Block",
});

// Keep the VPN list off, but log what it would match if switched on.
const vpn = new AccessListConfiguration("log-vpn", {
  shieldZoneId,
  configurationId: lists.byCategory.VPNs.configurationId,
  category: "VPNs",
  isEnabled: false,
  action: "Log",
  onDelete: "restore",
});

// Read after bot detection is written (its output carries the dependency), so that the
// mode shown is the one this run set.
const bots = getBotDetectionOutput({ shieldZoneId: botDetection.shieldZoneId });
// Read after the categorization is written: its output carries the dependency.
const botCatalogue = getBotCategoriesOutput({ shieldZoneId: categorization.shieldZoneId });
const metrics = getMetricsOverviewOutput({ shieldZoneId });
// The last hour's blocked requests, grouped by country.
const now = Date.now();
const blockedByCountry = searchEventLogsOutput({
  shieldZoneId,
  from: now - 3_600_000,
  to: now,
  filters: [{ field: "action", op: "eq", value: ["blocked"] }],
  groupBy: ["country"],
  limit: 5,
});
const found = searchOutput({ query: config.get("searchQuery") ?? "cdn", size: 5 });
const today = getEventLogsOutput({
  shieldZoneId,
  date: new Date().toISOString().slice(0, 10),
  limit: 1000,
});

export const zoneId = shieldZoneId;
export const officeList = { listId: office.listId, entries: office.entryCount };
export const accessLists = {
  tor: {
    list: tor.name,
    isEnabled: tor.isEnabled,
    action: tor.action,
    wasEnabled: tor.priorIsEnabled,
  },
  vpn: {
    list: vpn.name,
    isEnabled: vpn.isEnabled,
    action: vpn.action,
    wasEnabled: vpn.priorIsEnabled,
  },
};
export const botDetectionMode = bots.executionModeName;
export const aiScrapers = botCatalogue.bots.apply((all) =>
  all.filter((b) => b.category === "AIScraper").map((b) => `${b.userAgentMatch}: ${b.action}`),
);
export const wafBlockedToday = metrics.waf.blockedRequests;
export const blockedLastHourByCountry = blockedByCountry.groups.apply((groups) =>
  Object.fromEntries(groups.map((g) => [g.key.country ?? "?", g.count])),
);
export const searchHits = found.results.apply((results) =>
  results.map((r) => `${r.type}:${r.name}`),
);
/** The managed rules that fire most on the zone: candidates for `wafLogOnlyRules` after review. */
export const topTriggeredRules = getTriggeredWafRulesOutput({ shieldZoneId }).rules.apply((rules) =>
  rules.slice(0, 3).map((r) => `${r.ruleId}: ${r.totalTriggeredRequests}`),
);
/** The WAF profiles `wafProfileId` can take, by name. */
export const wafProfiles = getWafProfilesOutput().profiles.apply((profiles) =>
  Object.fromEntries(profiles.map((p) => [p.name ?? String(p.id), p.id])),
);
/** Bot detection's challenges over the last 28 days. */
export const botChallenges28Days = getShieldMetricsOutput({
  shieldZoneId,
  of: "botDetection",
}).totals.apply((totals) => totals.challengedRequests ?? 0);
/** This month's clean requests over the plan's allowance. */
export const overageThisMonth = getShieldOveragesOutput({ shieldZoneId }).totalOverage;
/** Today's events per severity, from the first 1,000 entries. */
export const eventsPerSeverityToday = today.logs.apply((logs) =>
  logs.reduce<Record<string, number>>((counts, entry) => {
    const severity = entry.labels?.severity ?? "unknown";
    counts[severity] = (counts[severity] ?? 0) + 1;
    return counts;
  }, {}),
);
