/**
 * Answers shaped after the spec's component schemas, every documented field present, for
 * the operations' tests. Each builder returns a fresh object, so a test may change it.
 */
import { OK_ENVELOPE, botDetectionBody, eventLogPage } from "./helpers";

/** `ShieldZoneResponse`. */
export function shieldZone(shieldZoneId = 1001, pullZoneId = 501): Record<string, unknown> {
  return {
    shieldZoneId,
    pullZoneId,
    learningMode: false,
    learningModeUntil: "2026-03-20T00:00:00Z",
    wafEnabled: true,
    wafExecutionMode: 1,
    wafDisabledRules: ["942100"],
    wafLogOnlyRules: [],
    wafCustomRuleOrder: [71, 72],
    wafRequestHeaderLoggingEnabled: true,
    requestBodyLoggingEnabled: false,
    wafRequestIgnoredHeaders: ["Cookie", "Authorization"],
    wafRealtimeThreatIntelligenceEnabled: false,
    wafProfileId: 3,
    wafEngineConfig: [{ name: "detection_paranoia_level", valueEncoded: "1" }],
    wafRequestBodyLimitAction: 1,
    wafResponseBodyLimitAction: 2,
    rateLimitRulesLimit: 10,
    customWafRulesLimit: 20,
    planType: 1,
    dDoSShieldSensitivity: 2,
    dDoSExecutionMode: 1,
    dDoSChallengeWindow: 3600,
    whitelabelResponsePages: false,
  };
}

/** `GetShieldZoneResponse`. */
export function shieldZoneBody(shieldZoneId = 1001): { data: Record<string, unknown> } {
  return { data: shieldZone(shieldZoneId) };
}

/** `PaginationResponse` around `data`; `totalPages` agrees with `nextPage`. */
export function pagedBody(
  data: unknown[],
  currentPage: number,
  nextPage: number | null,
): Record<string, unknown> {
  const totalPages = nextPage ?? currentPage;
  return {
    data,
    page: { totalCount: 99, totalPages, currentPage, nextPage, pageSize: data.length },
    error: OK_ENVELOPE,
  };
}

/** `CreateShieldZoneResponse`: the request echoed, with the new zone's id. */
export function createdShieldZoneBody(shieldZoneId: number, pullZoneId: number) {
  const {
    pullZoneId: _,
    rateLimitRulesLimit: _r,
    customWafRulesLimit: _c,
    ...request
  } = shieldZone(shieldZoneId, pullZoneId);
  return {
    data: {
      shieldZone: request,
      pullZoneId,
      accessLists: null,
      botDetectionExecutionMode: 0,
      csamScanningMode: 0,
      antivirusScanningMode: 0,
    },
    error: OK_ENVELOPE,
  };
}

/** `UpdateShieldZoneResponse`: the request echoed. */
export function updatedShieldZoneBody(shieldZoneId: number) {
  const { shieldZone } = createdShieldZoneBody(shieldZoneId, 501).data;
  return { data: { shieldZone, shieldZoneId }, error: OK_ENVELOPE };
}

/** `UploadScanningConfigurationResponse`. */
export function uploadScanningBody(shieldZoneId = 1001) {
  return {
    error: OK_ENVELOPE,
    data: { shieldZoneId, isEnabled: true, csamScanningMode: 2, antivirusScanningMode: 1 },
  };
}

/** `AccessListDetails`. */
export function accessListDetails(listId: number, configurationId: number) {
  return {
    listId,
    configurationId,
    name: `List ${listId}`,
    description: "A list",
    isEnabled: true,
    type: 0,
    category: 2,
    action: 2,
    requiredPlan: 1,
    entryCount: 12,
    updateFrequency: "01:00:00",
    lastUpdated: "2026-03-14T10:00:00Z",
  };
}

/** `AccessListsDetailsResponse`. */
export function accessListsBody() {
  return {
    managedLists: [accessListDetails(11, 1011)],
    customLists: [accessListDetails(12, 1012)],
    customEntryCount: 12,
    customEntryLimit: 1000,
    customListCount: 1,
    customListLimit: 5,
    error: OK_ENVELOPE,
  };
}

/** `UpdateAccessListConfigurationResponse`. */
export function configurationBody() {
  return { data: { isEnabled: true, action: 2 }, error: OK_ENVELOPE };
}

/** `CustomAccessListResponse`. */
export function customAccessListBody(id = 12) {
  return {
    data: {
      id,
      name: "Office",
      description: "Our offices",
      type: 1,
      content: "10.0.0.0/8\n192.168.0.0/16",
      checksum: "abc123",
      entryCount: 2,
      lastModified: "2026-03-14T10:00:00Z",
    },
    error: OK_ENVELOPE,
  };
}

/** `GenericRequestResponse`, as DELETEs answer. */
export function deletedBody() {
  return { ...OK_ENVELOPE, message: "Deleted." };
}

/** A condition of `chainedRuleConditions`. */
function condition() {
  return {
    variableTypes: { REQUEST_HEADERS: "User-Agent" },
    operatorType: 2,
    value: "curl",
    isNegated: false,
    isRegexVariable: false,
  };
}

/** `CustomWafRule`. */
export function wafCustomRule(id = 71, shieldZoneId = 1001) {
  return {
    id,
    shieldZoneId,
    userId: "user-1",
    ruleName: "Block curl",
    ruleDescription: "No curl on /admin",
    ruleJson: "{}",
    ruleConfiguration: {
      actionType: 1,
      variableTypes: { REQUEST_URI: "" },
      operatorType: 0,
      severityType: 2,
      transformationTypes: [8],
      value: "/admin",
      isNegated: false,
      isRegexVariable: false,
      chainedRuleConditions: [condition()],
    },
    errorResponse: OK_ENVELOPE,
  };
}

/** `RateLimitRule`. */
export function rateLimitRule(id = 81, shieldZoneId = 1001) {
  const rule = wafCustomRule(id, shieldZoneId);
  return {
    ...rule,
    ruleName: "Login limit",
    ruleConfiguration: {
      ...rule.ruleConfiguration,
      actionType: 1,
      requestCount: 10,
      counterKeyType: 0,
      timeframe: 60,
      blockTime: 300,
    },
  };
}

/** The answer of `GET /shield/waf/rules/{id}`: an array of `WafRuleMainGroupModel`. */
export function wafCatalog() {
  return [
    {
      name: "OWASP",
      ruleset: "crs",
      ruleGroups: [
        {
          id: 1,
          name: "SQL Injection",
          code: "SQLI",
          fileName: "REQUEST-942-APPLICATION-ATTACK-SQLI.conf",
          mainGroup: "OWASP",
          ruleset: "crs",
          description: "SQL injection attacks",
          rules: [
            { ruleId: "942100", description: "SQL Injection Attack Detected via libinjection" },
            { ruleId: "942110", description: "SQL Injection Attack: Common Injection Testing" },
          ],
        },
      ],
    },
  ];
}

/** An `EventLogsSearchResponse` with flat rows (or, with `grouped`, groups), one page of one. */
export function eventLogSearchBody(grouped = false) {
  const row = {
    logId: "d2f1",
    timestamp: 1_773_577_771_151,
    log: { ip: "192.0.2.7", method: "GET", url: "https://example.b-cdn.net/.env" },
    fields: { ip: "192.0.2.7", ruleId: "930120", country: "DE", action: "blocked" },
  };
  const group = {
    key: { country: "DE" },
    count: 12,
    firstSeen: 1_773_500_000_000,
    lastSeen: 1_773_577_771_151,
    context: { country: "DE", asn: "AS3320", blocked: 9, logged: 3, ruleIds: "930120,942100" },
    sparkline: [4, 0, 8],
  };
  return {
    rows: grouped ? null : [row, { ...row, logId: "d2f2" }],
    groups: grouped ? [group, { ...group, key: { country: "US" }, count: 3 }] : null,
    total: 2,
    totalPages: 1,
    page: 0,
    errorResponse: { statusCode: 200, success: true, message: null, errorKey: null },
  };
}

/** A `GetShieldZoneMetricsOverviewResponse` with two days in each daily map. */
export function metricsOverviewBody() {
  const days = ["2026-03-14T00:00:00.000Z", "2026-03-15T00:00:00.000Z"];
  const daily = (counters: Record<string, number>) =>
    Object.fromEntries(
      days.map((day, i) => [day, { ...counters, [Object.keys(counters)[0]!]: i }]),
    );
  const waf = {
    totalTriggeredRules: 9,
    blockedRequests: 6,
    loggedRequests: 3,
    challengedRequests: 0,
  };
  const dDoS = {
    loggedRequests: 1,
    verifiedRequests: 2,
    blockedRequests: 3,
    challengedRequests: 4,
  };
  const overview = {
    dDoSMitigated: 7,
    wafTriggeredRules: 9,
    ratelimitBreaches: 0,
    apiGuardianBlocks: 1,
  };
  return {
    data: {
      overview,
      waf,
      overviewPastTwentyEightDays: daily(overview),
      dDoS,
      dDoSOverviewPastTwentyEightDays: daily(dDoS),
      ratelimit: { totalBreaches: 0 },
      botDetection: { loggedRequests: 5, challengedRequests: 1 },
      accessList: { totalActions: 2 },
      uploadScanning: { filesScanned: 40 },
      apiGuardian: { blockedRequests: 1, requestsInspected: 80 },
      totalCleanRequestsLimit: 10_000_000,
      totalBillableRequests: 123_456,
    },
    error: { statusCode: 200, success: true, message: null, errorKey: null },
  };
}

/** A `ShieldOverviewMetrics` with hourly WAF series over two hours. */
export function detailedMetricsBody() {
  const series = (a: number, b: number) => ({
    "2026-03-15T10:00:00.000Z": a,
    "2026-03-15T11:00:00.000Z": b,
  });
  return {
    data: {
      waf: {
        metrics: { blockedRequests: series(2, 3), loggedRequests: series(1, 0) },
        totals: { blockedRequests: 5, loggedRequests: 1 },
      },
      ddos: { metrics: {}, totals: {} },
      totalCleanRequestsLimit: 10_000_000,
      totalBillableRequestsThisMonth: 654_321,
      resolution: 3,
    },
    error: { statusCode: 200, success: true, message: null, errorKey: null },
  };
}

/** `BotCategorizationDetails`. */
export function categorizedBot(botId = 201, category = 2, action = 0) {
  return { botId, userAgentMatch: `bot-${botId}`, category, action, isVerifiable: true };
}

/** `BotCategorizationListResponse`: two groups, one of a category the spec does not list (255). */
export function botCategorizationBody() {
  return {
    categories: [
      { category: 2, categoryAction: 1, bots: [categorizedBot(201), categorizedBot(202, 2, 2)] },
      { category: 255, categoryAction: 0, bots: [categorizedBot(25501, 255, 3)] },
    ],
    error: OK_ENVELOPE,
  };
}

/** `UpdateBotCategoryConfigurationResponse`. */
export function botCategoryBody(category = 2, action = 1) {
  return { data: { category, action }, error: OK_ENVELOPE };
}

/** `UpdateBotCategorizationConfigurationResponse`. */
export function botBody(botId = 201, action = 1) {
  return { data: categorizedBot(botId, 2, action), error: OK_ENVELOPE };
}

export { botDetectionBody, eventLogPage };
