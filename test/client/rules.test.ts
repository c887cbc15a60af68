/**
 * The WAF custom rules and rate limits sub-clients against a stub: what each sends, returns,
 * pages and refuses.
 */
import { strict as assert } from "node:assert";
import { InvalidArgumentError, type ShieldClient } from "../../src/client";
import { deletedBody, pagedBody, rateLimitRule, wafCustomRule } from "./answers";
import { clientFor, rejection, unchecked, useEmulator } from "./helpers";
import { useStub, sent } from "./stub";

describe("client: WAF custom rules and rate limits", () => {
  const stub = useStub();
  let client: ShieldClient;
  before(() => {
    client = clientFor(stub());
  });

  const rule = {
    shieldZoneId: 1001,
    ruleName: "Block curl",
    ruleDescription: "No curl on admin",
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
      [
        client.wafCustomRules.create(
          unchecked({
            ...rule,
            ruleConfiguration: { variableTypes: JSON.parse('{"__proto__": ""}') as object },
          }),
        ),
        "rule.ruleConfiguration.variableTypes.__proto__",
        /unknown field; allowed fields are REQUEST_URI/,
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

  it("refuses names and descriptions the live service refuses, naming the characters", async () => {
    const allowed = "only ASCII letters \\(a-z, A-Z\\), digits \\(0-9\\) and spaces";
    const cases: Array<[PromiseLike<unknown>, string, string, string]> = [
      [
        client.wafCustomRules.create({ ...rule, ruleName: "Block /admin except from the office" }),
        "rule.ruleName",
        '"Block /admin except from the office"',
        '"/" \\(U\\+002F\\) is not allowed',
      ],
      [
        client.rateLimits.create(unchecked({ ...rule, ruleDescription: "Login: 10/min" })),
        "rule.ruleDescription",
        '"Login: 10/min"',
        '":" \\(U\\+003A\\) and "/" \\(U\\+002F\\) are not allowed',
      ],
      [
        client.wafCustomRules.update(74, { ruleName: "two\nlines" }),
        "change.ruleName",
        '"two\\\\nlines"',
        "U\\+000A \\(line feed\\) is not allowed",
      ],
      [
        client.rateLimits.update(82, { ruleDescription: "spoof\u202e" }),
        "change.ruleDescription",
        '"spoof\\\\u202e"',
        "U\\+202E \\(right-to-left override\\) is not allowed",
      ],
      [
        client.wafCustomRules.replace(74, {
          ruleName: "",
          ruleConfiguration: rule.ruleConfiguration,
        }),
        "rule.ruleName",
        '""',
        "expected at least one character",
      ],
    ];
    for (const [call, argument, shown, problem] of cases) {
      const error = await rejection(call, InvalidArgumentError);
      assert.equal(error.argument, argument, error.message);
      const expected = problem.startsWith("expected")
        ? problem
        : `${problem}: the service takes ${allowed}`;
      assert.match(error.message, new RegExp(`^Invalid ${argument}: ${shown}; ${expected}`));
    }
    assert.equal(stub().requests.length, 0);
  });

  it('sends ruleDescription on create, "" when left out or null (the live service requires it)', async () => {
    stub().reply(
      { body: wafCustomRule(74) },
      { body: rateLimitRule(82) },
      { body: wafCustomRule(74) },
    );
    const { ruleDescription: _, ...bare } = rule;
    await client.wafCustomRules.create(bare);
    await client.rateLimits.create({ ...bare, ruleDescription: null });
    await client.wafCustomRules.update(74, { ruleName: "Renamed" });
    const bodies = stub().requests.map((r) => r.body as Record<string, unknown>);
    assert.equal(bodies[0]!.ruleDescription, "");
    assert.equal(bodies[1]!.ruleDescription, "");
    assert.ok(!("ruleDescription" in bodies[2]!), "an update leaves it out: kept as it is");
  });
});

describe("client: WAF custom rules against the emulator", () => {
  const emulator = useEmulator();
  let client: ShieldClient;
  before(() => {
    client = clientFor(emulator());
  });

  it("replaces a custom rule whole with PUT", async () => {
    const rule = await client.wafCustomRules.create({
      shieldZoneId: 1002,
      ruleName: "first",
      ruleDescription: "kept",
      ruleConfiguration: {
        variableTypes: { REQUEST_URI: "" },
        operatorType: 0,
        value: "/admin",
        actionType: 1,
        isNegated: true,
      },
    });
    emulator().resetRequests();
    const replaced = await client.wafCustomRules.replace(rule.id, {
      ruleName: "second",
      ruleConfiguration: {
        variableTypes: { REQUEST_URI: "" },
        operatorType: 2,
        value: "/wp",
        actionType: 2,
      },
    });
    assert.equal(emulator().requests[0]!.method, "PUT");
    assert.equal(replaced.ruleName, "second");
    assert.equal(replaced.ruleDescription ?? null, null, "left out: cleared");
    assert.equal(replaced.ruleConfiguration?.isNegated ?? null, null, "the configuration whole");
    assert.equal(replaced.ruleConfiguration?.value, "/wp");
    await rejection(
      client.wafCustomRules.replace(rule.id, { ruleName: "no configuration" } as never),
      InvalidArgumentError,
    );
  });
});
