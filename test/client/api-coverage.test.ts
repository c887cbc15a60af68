/**
 * Every operation of the public Shield OpenAPI document, and the core API's `/search`, has an
 * emulator route and a client method that reaches it. The walk goes through the document:
 * each operation's path, its parameters filled in, must route to an emulator operation, and
 * the client's call for that operation (the table below, typed by the emulator's route names,
 * so a route without a call does not compile) must send a request the emulator records under
 * that name. Failures of the calls (a 404 for an id that does not exist) do not matter here:
 * the request reaching the route does.
 */
import { strict as assert } from "node:assert";
import type { ShieldClient } from "../../src/client";
import { ROUTE_NAMES, type RouteName } from "../../src/emulator/route-names";
import { matchRoute } from "../../src/emulator/router";
import { operationsOf, pathParameters } from "../support/api-operations";
import { clientFor, TODAY, useEmulator } from "./helpers";

/** A value for each path parameter the documents use. */
const PARAMETERS = pathParameters(TODAY);

const window = () => ({ from: Date.now() - 3_600_000, to: Date.now() });
const rule = {
  variableTypes: { REQUEST_URI: "" },
  operatorType: 0,
  value: "/",
  actionType: 1,
} as const;

/** The client's call of each operation. */
const CALLS: Record<RouteName, (client: ShieldClient) => Promise<unknown>> = {
  getEventLogs: (c) => c.getEventLogs(1001, TODAY),
  searchEventLogs: (c) => Promise.resolve(c.eventLogSearch.rows(1001, window(), { limit: 1 })),
  exportEventLogs: (c) => c.eventLogSearch.export(1001, window()),
  listAccessLists: (c) => c.accessLists.list(1001),
  updateAccessListConfiguration: (c) =>
    c.accessLists.updateConfiguration(1001, 100101, { isEnabled: true }),
  getCustomAccessList: (c) => c.accessLists.get(1001, 1),
  createCustomAccessList: (c) =>
    c.accessLists.create(1001, { name: "walk", type: 0, content: "203.0.113.7" }),
  updateCustomAccessList: (c) => c.accessLists.update(1001, 1, { name: "walk" }),
  deleteCustomAccessList: (c) => c.accessLists.delete(1001, 1),
  getAccessListEnums: (c) => c.accessLists.getEnums(1001),
  getBotDetection: (c) => c.botDetection.get(1001),
  updateBotDetection: (c) => c.botDetection.update(1001, { executionMode: 1 }),
  getUploadScanning: (c) => c.uploadScanning.get(1001),
  updateUploadScanning: (c) => c.uploadScanning.update(1001, { isEnabled: true }),
  getShieldZone: (c) => c.shieldZones.get(1001),
  getShieldZoneByPullZone: (c) => c.shieldZones.getByPullZone(501001),
  listShieldZones: (c) => Promise.resolve(c.shieldZones.list()),
  createShieldZone: (c) => c.shieldZones.create(990001),
  createUnderAttackShieldZone: (c) => c.shieldZones.createUnderAttack(990002, 0),
  updateShieldZone: (c) => c.shieldZones.update(1001, { wafEnabled: true }),
  getShieldZoneDefaults: (c) => c.shieldZones.getDefaults(),
  listPullZoneMapping: (c) => c.shieldZones.listPullZoneMapping(),
  listWafRules: (c) => c.wafRules.list(1001),
  listWafRulesByPlan: (c) => c.wafRules.listByPlan(),
  listTriggeredWafRules: (c) => c.wafRules.listTriggered(1001),
  reviewTriggeredWafRule: (c) => c.wafRules.reviewTriggered(1001, { ruleId: "942100", action: 0 }),
  getTriggeredWafRuleRecommendation: (c) => c.wafRules.getTriggeredRecommendation(1001, "942100"),
  listWafProfiles: (c) => c.wafRules.listProfiles(),
  getWafEngineConfig: (c) => c.wafRules.getEngineConfig(),
  getWafEnums: (c) => c.wafRules.getEnums(),
  listWafCustomRules: (c) => Promise.resolve(c.wafCustomRules.list(1001)),
  getWafCustomRule: (c) => c.wafCustomRules.get(1),
  createWafCustomRule: (c) =>
    c.wafCustomRules.create({ shieldZoneId: 1001, ruleName: "walk", ruleConfiguration: rule }),
  updateWafCustomRule: (c) => c.wafCustomRules.update(1, { ruleName: "walk" }),
  replaceWafCustomRule: (c) =>
    c.wafCustomRules.replace(1, { ruleName: "walk", ruleConfiguration: rule }),
  deleteWafCustomRule: (c) => c.wafCustomRules.delete(1),
  listRateLimits: (c) => Promise.resolve(c.rateLimits.list(1001)),
  getRateLimit: (c) => c.rateLimits.get(1),
  createRateLimit: (c) =>
    c.rateLimits.create({
      shieldZoneId: 1001,
      ruleName: "walk",
      ruleConfiguration: { ...rule, requestCount: 10, timeframe: 60, blockTime: 300 },
    }),
  updateRateLimit: (c) => c.rateLimits.update(1, { ruleName: "walk" }),
  deleteRateLimit: (c) => c.rateLimits.delete(1),
  search: (c) => c.search({ query: "cdn" }),
  getApiGuardian: (c) => c.apiGuardian.get(1001),
  updateApiGuardian: (c) => c.apiGuardian.update(1001, { isEnabled: true }),
  uploadApiGuardianSpecification: (c) =>
    c.apiGuardian.uploadSpecification(1001, { content: "openapi: 3.0.3" }),
  updateApiGuardianSpecification: (c) =>
    c.apiGuardian.updateSpecification(1001, { content: "openapi: 3.0.3" }),
  updateApiGuardianEndpoint: (c) => c.apiGuardian.updateEndpoint(1001, 1, { isEnabled: true }),
  getApiGuardianEnums: (c) => c.apiGuardian.getEnums(1001),
  getCustomPage: (c) => c.customPages.get(1001, "block"),
  uploadCustomPage: (c) => c.customPages.upload(1001, "block", "<p>walk</p>"),
  deleteCustomPage: (c) => c.customPages.delete(1001, "block"),
  getMetricsOverview: (c) => c.metrics.overview(1001),
  getDetailedMetricsOverview: (c) => c.metrics.detailed(1001),
  getBotDetectionMetrics: (c) => c.metrics.botDetection(1001),
  getUploadScanningMetrics: (c) => c.metrics.uploadScanning(1001),
  getApiGuardianMetrics: (c) => c.metrics.apiGuardian(1001),
  getApiGuardianEndpointMetrics: (c) => c.metrics.apiGuardianEndpoint(1001, 1),
  getWafRuleMetrics: (c) => c.metrics.wafRule(1001, "942100"),
  listRateLimitMetrics: (c) => c.metrics.rateLimits(1001),
  getRateLimitMetrics: (c) => c.metrics.rateLimit(1),
  getShieldOverages: (c) => c.metrics.overages(1001),
  listBotCategorization: (c) => c.botCategorization.list(1001),
  setBotCategoryAction: (c) => c.botCategorization.setCategoryAction(1001, 1, 1),
  setBotAction: (c) => c.botCategorization.setBotAction(1001, 1, 1),
  getDdosEnums: (c) => c.ddos.getEnums(),
  getPromoState: (c) => c.promotions.getState(),
};

describe("API coverage: every documented operation has an emulator route and a client method", () => {
  const emulator = useEmulator({ now: () => new Date() });
  const operations = [
    ...operationsOf("shield-api-v1.0.0.json"),
    ...operationsOf("core-api-search-subset.json").filter((o) => o.path === "/search"),
  ];

  it("walks the 66 operations: each routes to an emulator operation, each a different one", () => {
    assert.equal(operations.length, 66);
    const routed = operations.map(({ method, path }) => {
      const concrete = path.replace(/\{(\w+)\}/g, (_, name: string) => {
        assert.ok(name in PARAMETERS, `no sample value for {${name}} of ${method} ${path}`);
        return encodeURIComponent(PARAMETERS[name]!);
      });
      const match = matchRoute(method, concrete);
      assert.equal(match.kind, "route", `${method} ${path} has no emulator route`);
      return match.kind === "route" ? match.route.name : undefined;
    });
    assert.equal(new Set(routed).size, operations.length, "two operations share a route");
    assert.deepEqual(
      new Set(routed),
      new Set(ROUTE_NAMES),
      "a route serves no documented operation",
    );
  });

  for (const name of ROUTE_NAMES) {
    it(`the client reaches ${name}`, async () => {
      const client = clientFor(emulator(), { maxRetries: 0 });
      emulator().resetRequests();
      await CALLS[name](client).catch(() => undefined);
      const routes = emulator().requests.map((r) => r.route);
      assert.ok(routes.includes(name), `the client's call sent ${routes.join(", ") || "nothing"}`);
    });
  }
});
