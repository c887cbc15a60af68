/**
 * The sub-clients' operations against a stub of the API (the emulator does not serve them
 * yet): what each sends (method, path, query, body), what it returns, how it pages, what it
 * retries, and what it refuses before sending.
 */
import { strict as assert } from "node:assert";
import {
  ConflictError,
  ConnectionError,
  InvalidArgumentError,
  NotFoundError,
  PagedList,
  RateLimitError,
  ServerError,
  TimeoutError,
  type ShieldClient,
} from "../../src/client";
import {
  accessListsBody,
  botBody,
  botCategorizationBody,
  botCategoryBody,
  botDetectionBody,
  configurationBody,
  createdShieldZoneBody,
  customAccessListBody,
  deletedBody,
  pagedBody,
  rateLimitRule,
  shieldZone,
  shieldZoneBody,
  updatedShieldZoneBody,
  uploadScanningBody,
  wafCatalog,
  wafCustomRule,
} from "./answers";
import { clientFor, rejection } from "./helpers";
import { useStub, type Stub } from "./stub";

/** A value of the wrong type, for arguments TypeScript would refuse. */
function unchecked<T>(value: unknown): T {
  return value as T;
}

/** The method, path and body of every request the stub received. */
function sent(stub: Stub): Array<[string, string, unknown?]> {
  return stub.requests.map((r) =>
    r.body === undefined ? [r.method, r.path] : [r.method, r.path, r.body],
  );
}

const NOT_FOUND_ENVELOPE = {
  data: null,
  error: {
    statusCode: 202,
    success: false,
    message: "Shield Zone not found or Unauthorized access.",
    errorKey: "not_found_or_unauthorised_access.shieldzone",
  },
};

describe("client: shield zones", () => {
  const stub = useStub();
  let client: ShieldClient;
  before(() => {
    client = clientFor(stub());
  });

  it("gets a zone by id and by pull zone", async () => {
    stub().reply({ body: shieldZoneBody(1001) }, { body: shieldZoneBody(1002) });
    const zone = await client.shieldZones.get(1001);
    assert.equal(zone.shieldZoneId, 1001);
    assert.equal(zone.pullZoneId, 501);
    assert.deepEqual(zone.wafDisabledRules, ["942100"]);
    assert.equal(zone.dDoSShieldSensitivity, 2);
    assert.equal(zone.rateLimitRulesLimit, 10);
    const byPullZone = await client.shieldZones.getByPullZone(501);
    assert.equal(byPullZone.shieldZoneId, 1002);
    assert.deepEqual(sent(stub()), [
      ["GET", "/shield/shield-zone/1001"],
      ["GET", "/shield/shield-zone/get-by-pullzone/501"],
    ]);
  });

  it("gives null rule lists as empty ones and keeps nulls elsewhere", async () => {
    const body = shieldZoneBody();
    Object.assign(body.data, { wafDisabledRules: null, wafEnabled: null, pullZoneId: null });
    stub().reply({ body });
    const zone = await client.shieldZones.get(1001);
    assert.deepEqual(zone.wafDisabledRules, []);
    assert.equal(zone.wafEnabled, null);
    assert.equal(zone.pullZoneId, null);
  });

  it("reports a zone that does not exist (202 envelope) as NotFoundError", async () => {
    stub().reply({ status: 202, body: NOT_FOUND_ENVELOPE });
    const error = await rejection(client.shieldZones.get(4242), NotFoundError);
    assert.equal(error.errorKey, "not_found_or_unauthorised_access.shieldzone");
    assert.equal(error.operation, "getShieldZone");
  });

  it("lists every zone across pages, asking for page and perPage", async () => {
    stub().reply(
      { body: pagedBody([shieldZone(1), shieldZone(2)], 1, 2) },
      { body: pagedBody([shieldZone(3)], 2, null) },
    );
    const list = client.shieldZones.list({ perPage: 2 });
    assert.ok(list instanceof PagedList);
    assert.equal(stub().requests.length, 0, "nothing is sent before the list is used");
    const zones = await list;
    assert.deepEqual(
      zones.map((z) => z.shieldZoneId),
      [1, 2, 3],
    );
    assert.deepEqual(
      stub().requests.map((r) => [r.method, r.path, r.query]),
      [
        ["GET", "/shield/shield-zones", { page: "1", perPage: "2" }],
        ["GET", "/shield/shield-zones", { page: "2", perPage: "2" }],
      ],
    );
  });

  it("gives the same array when awaited twice, and rejects through catch", async () => {
    stub().reply({ body: pagedBody([shieldZone(1)], 1, null) });
    const list = client.shieldZones.list();
    const [first, second] = [await list, await list];
    assert.equal(first, second);
    assert.equal(stub().requests.length, 1);
    stub().reply({ status: 202, body: NOT_FOUND_ENVELOPE });
    const caught = await client.shieldZones.list().catch((error: unknown) => error);
    assert.ok(caught instanceof NotFoundError);
  });

  it("iterates lazily: stopping early reads no further page", async () => {
    stub().reply({ body: pagedBody([shieldZone(1), shieldZone(2)], 1, 2) });
    for await (const zone of client.shieldZones.list()) {
      assert.equal(zone.shieldZoneId, 1);
      break;
    }
    assert.equal(stub().requests.length, 1);
    assert.equal(stub().requests[0].query.perPage, "100", "the default page size");
  });

  it("stops at an empty page, a page already read, or a page of nothing new", async () => {
    stub().reply({ body: pagedBody([shieldZone(1)], 1, 2) }, { body: pagedBody([], 2, 3) });
    assert.equal((await client.shieldZones.list()).length, 1);
    assert.equal(stub().requests.length, 2);

    stub().reset();
    stub().reply(
      { body: pagedBody([shieldZone(1)], 1, 2) },
      { body: pagedBody([shieldZone(2)], 2, 1) },
    );
    assert.equal((await client.shieldZones.list()).length, 2);
    assert.equal(stub().requests.length, 2, "page 1 is not read again");

    // A service that ignores `page` sends page 1 again: nothing new, so the walk ends.
    stub().reset();
    stub().reply(
      { body: pagedBody([shieldZone(1), shieldZone(2)], 1, 2) },
      { body: pagedBody([shieldZone(1), shieldZone(2)], 1, 2) },
    );
    assert.deepEqual(
      (await client.shieldZones.list()).map((z) => z.shieldZoneId),
      [1, 2],
    );
    assert.equal(stub().requests.length, 2);

    stub().reset();
    stub().reply({ body: { data: [shieldZone(1)] } });
    assert.equal((await client.shieldZones.list()).length, 1, "no page object: one page");
  });

  it("creates a zone with a POST of {pullZoneId, shieldZone}", async () => {
    stub().reply({ body: createdShieldZoneBody(1005, 505) });
    const zone = await client.shieldZones.create(505, {
      planType: 1,
      wafEnabled: true,
      dDoSShieldSensitivity: 3,
      dDoSChallengeWindow: 600,
      wafDisabledRules: ["942100"],
    });
    assert.equal(zone.shieldZoneId, 1005);
    assert.equal(zone.pullZoneId, 505);
    assert.deepEqual(sent(stub()), [
      [
        "POST",
        "/shield/shield-zone",
        {
          pullZoneId: 505,
          shieldZone: {
            planType: 1,
            wafEnabled: true,
            dDoSShieldSensitivity: 3,
            dDoSChallengeWindow: 600,
            wafDisabledRules: ["942100"],
          },
        },
      ],
    ]);
  });

  it("reports a 409 on create as ConflictError, with a hint", async () => {
    stub().reply({
      status: 409,
      body: {
        data: null,
        error: {
          statusCode: 409,
          success: false,
          message: "A Shield Zone already exists for this Pull Zone.",
          errorKey: "already_exists.shieldzone",
        },
      },
    });
    const error = await rejection(client.shieldZones.create(505), ConflictError);
    assert.equal(error.status, 409);
    assert.match(error.message, /getByPullZone/);
    assert.equal(stub().requests.length, 1);
  });

  it("updates a zone with a PATCH of {shieldZoneId, shieldZone: {shieldZoneId, …}}", async () => {
    stub().reply({ body: updatedShieldZoneBody(1001) });
    const zone = await client.shieldZones.update(1001, {
      wafExecutionMode: 1,
      wafRequestBodyLimitAction: 0,
      whitelabelResponsePages: null,
    });
    assert.equal(zone.shieldZoneId, 1001);
    assert.equal(zone.wafExecutionMode, 1);
    assert.deepEqual(sent(stub()), [
      [
        "PATCH",
        "/shield/shield-zone",
        {
          shieldZoneId: 1001,
          shieldZone: {
            shieldZoneId: 1001,
            wafExecutionMode: 1,
            wafRequestBodyLimitAction: 0,
            whitelabelResponsePages: null,
          },
        },
      ],
    ]);
  });

  it("refuses bad arguments before sending, naming the field and value", async () => {
    const cases: Array<[() => PromiseLike<unknown>, string, string]> = [
      [() => client.shieldZones.get(0), "shieldZoneId", "0"],
      [() => client.shieldZones.getByPullZone(unchecked("501")), "pullZoneId", '"501"'],
      [() => client.shieldZones.list({ perPage: 0 }), "perPage", "0"],
      [
        () => client.shieldZones.create(505, unchecked({ planType: -9 })),
        "settings.planType",
        "-9",
      ],
      [
        () => client.shieldZones.create(505, unchecked({ ddosShieldSensitivity: 1 })),
        "settings.ddosShieldSensitivity",
        "1",
      ],
      [
        () => client.shieldZones.update(1001, unchecked({ wafDisabledRules: [942100] })),
        "settings.wafDisabledRules.0",
        "942100",
      ],
      [
        () => client.shieldZones.update(1001, unchecked({ wafEnabled: "yes" })),
        "settings.wafEnabled",
        '"yes"',
      ],
      [() => client.shieldZones.update(1001, unchecked(null)), "settings", "null"],
    ];
    for (const [call, argument, shown] of cases) {
      const error = await rejection(call(), InvalidArgumentError);
      assert.equal(error.argument, argument);
      assert.ok(error.message.startsWith(`Invalid ${argument}: ${shown};`), error.message);
    }
    const unknown = await rejection(
      client.shieldZones.update(1001, unchecked({ colour: 1 })),
      InvalidArgumentError,
    );
    assert.match(unknown.message, /unknown field; allowed fields are planType, learningMode/);
    assert.equal(stub().requests.length, 0);
  });
});

describe("client: bot detection and upload scanning updates", () => {
  const stub = useStub();
  let client: ShieldClient;
  before(() => {
    client = clientFor(stub());
  });

  it("updates bot detection with a PATCH carrying the zone id, and returns the state", async () => {
    stub().reply({ body: botDetectionBody() });
    const state = await client.botDetection.update(1001, {
      executionMode: 1,
      browserFingerprint: { aggression: 2, complexEnabled: true },
    });
    assert.equal(state.executionMode, 1);
    assert.deepEqual(sent(stub()), [
      [
        "PATCH",
        "/shield/shield-zone/1001/bot-detection",
        {
          shieldZoneId: 1001,
          executionMode: 1,
          browserFingerprint: { aggression: 2, complexEnabled: true },
        },
      ],
    ]);
  });

  it("reads and updates upload scanning", async () => {
    stub().reply({ body: uploadScanningBody() }, { body: uploadScanningBody() });
    const state = await client.uploadScanning.get(1001);
    assert.deepEqual(state, {
      shieldZoneId: 1001,
      isEnabled: true,
      csamScanningMode: 2,
      antivirusScanningMode: 1,
    });
    await client.uploadScanning.update(1001, { antivirusScanningMode: 1 });
    assert.deepEqual(sent(stub()), [
      ["GET", "/shield/shield-zone/1001/upload-scanning"],
      [
        "PATCH",
        "/shield/shield-zone/1001/upload-scanning",
        { shieldZoneId: 1001, antivirusScanningMode: 1 },
      ],
    ]);
  });

  it("refuses empty, unknown and mistyped changes before sending", async () => {
    const cases: Array<[Promise<unknown>, string, RegExp]> = [
      [client.botDetection.update(1001, {}), "change", /nothing to change/],
      [
        client.botDetection.update(1001, unchecked({ ipAddress: { sensitivity: -4 } })),
        "change.ipAddress.sensitivity",
        /expected one of 0 \(Off\), 1 \(Low\), 2 \(Medium\), 3 \(High\)/,
      ],
      [
        client.botDetection.update(1001, unchecked({ shieldZoneId: 1002 })),
        "change.shieldZoneId",
        /unknown field/,
      ],
      [
        client.uploadScanning.update(1001, unchecked({ csamScanningMode: "Block" })),
        "change.csamScanningMode",
        /0 \(Disabled\), 1 \(Log\), 2 \(Block\)/,
      ],
      [client.uploadScanning.update(1001, unchecked([])), "change", /expected an object/],
    ];
    for (const [call, argument, message] of cases) {
      const error = await rejection(call, InvalidArgumentError);
      assert.equal(error.argument, argument);
      assert.match(error.message, message);
    }
    assert.equal(stub().requests.length, 0);
  });
});

describe("client: access lists", () => {
  const stub = useStub();
  let client: ShieldClient;
  before(() => {
    client = clientFor(stub());
  });

  it("lists with the counts and limits, and updates a configuration", async () => {
    stub().reply({ body: accessListsBody() }, { body: configurationBody() });
    const lists = await client.accessLists.list(1001);
    assert.equal(lists.customListLimit, 5);
    assert.equal(lists.customEntryCount, 12);
    assert.equal(lists.customLists[0].configurationId, 1012);
    const state = await client.accessLists.updateConfiguration(1001, 1012, { isEnabled: true });
    assert.deepEqual(state, { isEnabled: true, action: 2 });
    assert.deepEqual(sent(stub()), [
      ["GET", "/shield/shield-zone/1001/access-lists"],
      ["PATCH", "/shield/shield-zone/1001/access-lists/configurations/1012", { isEnabled: true }],
    ]);
  });

  it("gets, creates, updates and deletes a custom list", async () => {
    stub().reply(
      { body: customAccessListBody(12) },
      { body: customAccessListBody(13) },
      { body: customAccessListBody(13) },
      { body: deletedBody() },
    );
    const list = await client.accessLists.get(1001, 12);
    assert.equal(list.content, "10.0.0.0/8\n192.168.0.0/16");
    const created = await client.accessLists.create(1001, {
      name: "Office",
      type: 1,
      content: "10.0.0.0/8\r\n192.168.0.0/16",
    });
    assert.equal(created.id, 13);
    await client.accessLists.update(1001, 13, { content: "10.0.0.0/8", description: null });
    assert.equal(await client.accessLists.delete(1001, 13), undefined);
    assert.deepEqual(sent(stub()), [
      ["GET", "/shield/shield-zone/1001/access-lists/12"],
      [
        "POST",
        "/shield/shield-zone/1001/access-lists",
        { name: "Office", type: 1, content: "10.0.0.0/8\r\n192.168.0.0/16" },
      ],
      [
        "PATCH",
        "/shield/shield-zone/1001/access-lists/13",
        { content: "10.0.0.0/8", description: null },
      ],
      ["DELETE", "/shield/shield-zone/1001/access-lists/13"],
    ]);
  });

  it("reports a failed DELETE's envelope (the whole body) as the error it is", async () => {
    stub().reply({
      status: 200,
      body: {
        statusCode: 404,
        success: false,
        message: "Access list not found.",
        errorKey: "not_found.access_list",
      },
    });
    const error = await rejection(client.accessLists.delete(1001, 99), NotFoundError);
    assert.equal(error.errorKey, "not_found.access_list");
    assert.equal(error.envelopeStatus, 404);
    assert.equal(stub().requests.length, 1);
  });

  it("refuses bad lists before sending", async () => {
    const cases: Array<[Promise<unknown>, string]> = [
      [client.accessLists.get(1001, 0), "listId"],
      [client.accessLists.create(1001, unchecked({ name: "x", type: 1 })), "list.content"],
      [
        client.accessLists.create(1001, unchecked({ name: "x", type: 1.5, content: "" })),
        "list.type",
      ],
      [client.accessLists.create(1001, { name: "tab\there", type: 1, content: "" }), "list.name"],
      [
        client.accessLists.create(1001, { name: "x", type: 1, content: "bell\u0007" }),
        "list.content",
      ],
      [client.accessLists.update(1001, 12, {}), "change"],
      [client.accessLists.delete(unchecked("1001"), 12), "shieldZoneId"],
    ];
    for (const [call, argument] of cases) {
      assert.equal((await rejection(call, InvalidArgumentError)).argument, argument);
    }
    assert.equal(stub().requests.length, 0);
  });
});

describe("client: WAF custom rules and rate limits", () => {
  const stub = useStub();
  let client: ShieldClient;
  before(() => {
    client = clientFor(stub());
  });

  const rule = {
    shieldZoneId: 1001,
    ruleName: "Block curl",
    ruleDescription: "No curl on /admin",
    ruleConfiguration: {
      actionType: 1 as const,
      variableTypes: { REQUEST_URI: "" },
      operatorType: 0 as const,
      severityType: 2 as const,
      transformationTypes: [8 as const],
      value: "/admin",
      chainedRuleConditions: [
        {
          variableTypes: { REQUEST_HEADERS: "User-Agent" },
          operatorType: 2 as const,
          value: "curl",
        },
      ],
    },
  };

  it("lists, gets, creates, updates and deletes custom WAF rules", async () => {
    stub().reply(
      { body: pagedBody([wafCustomRule(71), wafCustomRule(72)], 1, 2) },
      { body: pagedBody([wafCustomRule(73)], 2, null) },
      { body: wafCustomRule(71) },
      { body: wafCustomRule(74) },
      { body: wafCustomRule(74) },
      { body: deletedBody() },
    );
    const rules = await client.wafCustomRules.list(1001, { perPage: 2 });
    assert.deepEqual(
      rules.map((r) => r.id),
      [71, 72, 73],
    );
    const one = await client.wafCustomRules.get(71);
    assert.deepEqual(one.ruleConfiguration?.chainedRuleConditions?.[0].variableTypes, {
      REQUEST_HEADERS: "User-Agent",
    });
    assert.equal((await client.wafCustomRules.create(rule)).id, 74);
    await client.wafCustomRules.update(74, { ruleName: "Block curl everywhere" });
    await client.wafCustomRules.delete(74);
    assert.deepEqual(
      stub().requests.map((r) => [r.method, r.path, r.query]),
      [
        ["GET", "/shield/waf/custom-rules/1001", { page: "1", perPage: "2" }],
        ["GET", "/shield/waf/custom-rules/1001", { page: "2", perPage: "2" }],
        ["GET", "/shield/waf/custom-rule/71", {}],
        ["POST", "/shield/waf/custom-rule", {}],
        ["PATCH", "/shield/waf/custom-rule/74", {}],
        ["DELETE", "/shield/waf/custom-rule/74", {}],
      ],
    );
    assert.deepEqual(stub().requests[3].body, rule);
    assert.deepEqual(stub().requests[4].body, { ruleName: "Block curl everywhere" });
  });

  it("lists, gets, creates, updates and deletes rate limits", async () => {
    const limit = {
      ...rule,
      ruleConfiguration: {
        ...rule.ruleConfiguration,
        actionType: 1 as const,
        requestCount: 10,
        timeframe: 60 as const,
        blockTime: 300 as const,
        counterKeyType: 0 as const,
      },
    };
    stub().reply(
      { body: pagedBody([rateLimitRule(81)], 1, null) },
      { body: rateLimitRule(81) },
      { body: rateLimitRule(82) },
      { body: rateLimitRule(82) },
      { body: deletedBody() },
    );
    const limits = await client.rateLimits.list(1001);
    assert.equal(limits[0].ruleConfiguration?.timeframe, 60);
    assert.equal((await client.rateLimits.get(81)).ruleConfiguration?.requestCount, 10);
    assert.equal((await client.rateLimits.create(limit)).id, 82);
    await client.rateLimits.update(82, { ruleConfiguration: { requestCount: 20 } });
    await client.rateLimits.delete(82);
    assert.deepEqual(sent(stub()), [
      ["GET", "/shield/rate-limits/1001"],
      ["GET", "/shield/rate-limit/81"],
      ["POST", "/shield/rate-limit", limit],
      ["PATCH", "/shield/rate-limit/82", { ruleConfiguration: { requestCount: 20 } }],
      ["DELETE", "/shield/rate-limit/82"],
    ]);
  });

  it("refuses bad rules before sending, naming the field inside the body", async () => {
    const cases: Array<[PromiseLike<unknown>, string, RegExp]> = [
      [
        client.wafCustomRules.create(unchecked({ ...rule, shieldZoneId: 0 })),
        "rule.shieldZoneId",
        /expected an integer from 1 to 2147483647/,
      ],
      [
        client.wafCustomRules.create(
          unchecked({ ...rule, ruleConfiguration: { variableTypes: { REQUEST_PATH: "" } } }),
        ),
        "rule.ruleConfiguration.variableTypes.REQUEST_PATH",
        /unknown field; allowed fields are REQUEST_URI, REQUEST_URI_RAW/,
      ],
      [
        client.wafCustomRules.create(
          unchecked({
            ...rule,
            ruleConfiguration: { chainedRuleConditions: [{ operatorType: -10 }] },
          }),
        ),
        "rule.ruleConfiguration.chainedRuleConditions.0.operatorType",
        /expected one of 0 \(BEGINSWITH\)/,
      ],
      [
        client.wafCustomRules.create(
          unchecked({ ...rule, ruleConfiguration: { actionType: 1, timeframe: 60 } }),
        ),
        "rule.ruleConfiguration.timeframe",
        /unknown field/,
      ],
      [
        client.rateLimits.create(unchecked({ ...rule, ruleConfiguration: { actionType: 0.5 } })),
        "rule.ruleConfiguration.actionType",
        /expected one of 1 \(RateLimit\), 2 \(Log\), 3 \(Challenge\)/,
      ],
      [
        client.rateLimits.update(82, unchecked({ ruleConfiguration: { blockTime: -45 } })),
        "change.ruleConfiguration.blockTime",
        /30 \(ForThirtySeconds\)/,
      ],
      [client.rateLimits.update(82, {}), "change", /nothing to change/],
      [client.rateLimits.get(-1), "id", /positive integer/],
      [client.wafCustomRules.delete(1.5), "id", /positive integer/],
      [client.wafCustomRules.list(unchecked(null)), "shieldZoneId", /integer/],
    ];
    for (const [call, argument, message] of cases) {
      const error = await rejection(call, InvalidArgumentError);
      assert.equal(error.argument, argument, error.message);
      assert.match(error.message, message);
    }
    assert.equal(stub().requests.length, 0);
  });
});

describe("client: the managed WAF rule catalog", () => {
  const stub = useStub();

  it("flattens the groups into {ruleId, description, group} entries", async () => {
    const catalog = wafCatalog();
    catalog[0].ruleGroups[0].rules.push({ ruleId: null as unknown as string, description: "x" });
    stub().reply({ body: catalog });
    const rules = await clientFor(stub()).wafRules.list(1001);
    assert.deepEqual(rules, [
      {
        ruleId: "942100",
        description: "SQL Injection Attack Detected via libinjection",
        group: "SQL Injection",
        groupCode: "SQLI",
        mainGroup: "OWASP",
      },
      {
        ruleId: "942110",
        description: "SQL Injection Attack: Common Injection Testing",
        group: "SQL Injection",
        groupCode: "SQLI",
        mainGroup: "OWASP",
      },
    ]);
    assert.deepEqual(sent(stub()), [["GET", "/shield/waf/rules/1001"]]);
  });
});

describe("client: bot categorization", () => {
  const stub = useStub();
  let client: ShieldClient;
  before(() => {
    client = clientFor(stub(), { maxRetries: 0 });
  });

  it("lists groups with their bots, keeping enum values it does not name", async () => {
    stub().reply({ body: botCategorizationBody() });
    const groups = await client.botCategorization.list(1001);
    assert.deepEqual(groups, botCategorizationBody().categories);
    assert.deepEqual(sent(stub()), [["GET", "/shield/shield-zone/1001/bot-categorization"]]);
  });

  it("reads null bots as none", async () => {
    stub().reply({ body: { categories: [{ category: 1, categoryAction: 0, bots: null }] } });
    assert.deepEqual(await client.botCategorization.list(1001), [
      { category: 1, categoryAction: 0, bots: [] },
    ]);
  });

  it("PUTs a category's action by number and a bot's, returning what the service reports", async () => {
    stub().reply({ body: botCategoryBody(2, 1) }, { body: botBody(201, 3) });
    assert.deepEqual(await client.botCategorization.setCategoryAction(1001, 2, 1), {
      category: 2,
      action: 1,
    });
    const bot = await client.botCategorization.setBotAction(1001, 201, 3);
    assert.equal(bot.action, 3);
    assert.deepEqual(sent(stub()), [
      ["PUT", "/shield/shield-zone/1001/bot-categorization/categories/2", { action: 1 }],
      ["PUT", "/shield/shield-zone/1001/bot-categorization/bots/201", { action: 3 }],
    ]);
  });

  it("reports a bot the service does not have as NotFoundError", async () => {
    stub().reply({
      status: 404,
      body: { data: null, error: { statusCode: 404, success: false, errorKey: "not_found.bot" } },
    });
    const error = await rejection(client.botCategorization.setBotAction(1001, 9, 1), NotFoundError);
    assert.equal(error.errorKey, "not_found.bot");
  });

  it("refuses bad categories, bot ids and actions before sending", async () => {
    const cases: Array<[Promise<unknown>, string, RegExp]> = [
      [
        client.botCategorization.setCategoryAction(1001, -1, 1),
        "category",
        /0 \(None\), 1 \(SEO\).*255 \(System\)/,
      ],
      [
        client.botCategorization.setCategoryAction(1001, 2, unchecked("Block")),
        "action",
        /0 \(None\), 1 \(Block\), 2 \(Allow\)/,
      ],
      [client.botCategorization.setBotAction(1001, 0, 1), "botId", /integer/],
      [client.botCategorization.setBotAction(1001, 201, 1.5), "action", /3 \(Ignore\)/],
      [client.botCategorization.list(0), "shieldZoneId", /integer/],
    ];
    for (const [call, argument, message] of cases) {
      const error = await rejection(call, InvalidArgumentError);
      assert.equal(error.argument, argument);
      assert.match(error.message, message);
    }
    assert.equal(stub().requests.length, 0);
  });
});

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
    it(`retries an idempotent ${method} (${name}) on 503 and on a reset`, async () => {
      stub().reply({ status: 503 }, { reset: true }, { body: answer });
      await call(client);
      assert.equal(stub().requests.length, 3);
      assert.ok(stub().requests.every((r) => r.method === method));
    });
  }
});
