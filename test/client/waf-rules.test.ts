/**
 * `client.wafRules`: the catalog by plan, the WAF's reference data, and the review of triggered
 * rules, against the emulator, plain or drifting; the catalog's requests against a stub.
 */
import { strict as assert } from "node:assert";
import {
  InvalidArgumentError,
  NotFoundError,
  ReviewActionType,
  type ShieldClient,
  wafEngineSettings,
} from "../../src/client";
import { clientFor, rejection, useEmulator } from "./helpers";
import { wafCatalog } from "./answers";
import { useStub, sent } from "./stub";

describe("client: wafEngineSettings", () => {
  it("decodes levels, space-separated lists and barred content types", () => {
    assert.deepEqual(
      wafEngineSettings([
        { name: "detection_paranoia_level", valueEncoded: "2" },
        { name: "executing_paranoia_level", valueEncoded: " 3 " },
        { name: "blocking_paranoia_level", valueEncoded: "4" },
        { name: "allowed_methods", valueEncoded: "GET  POST " },
        { name: "allowed_http_versions", valueEncoded: "HTTP/1.1 HTTP/2" },
        { name: "allowed_request_content_type", valueEncoded: "|text/xml| |application/json|" },
      ]),
      {
        detectionParanoiaLevel: 2,
        executingParanoiaLevel: 3,
        blockingParanoiaLevel: 4,
        allowedMethods: ["GET", "POST"],
        allowedHttpVersions: ["HTTP/1.1", "HTTP/2"],
        allowedRequestContentTypes: ["text/xml", "application/json"],
      },
    );
  });

  it("gives null for what is missing or does not decode, and never throws", () => {
    assert.deepEqual(
      wafEngineSettings([
        { name: null, valueEncoded: "1" },
        { name: "executing_paranoia_level", valueEncoded: "high" },
        { name: "blocking_paranoia_level", valueEncoded: null },
        { name: "allowed_request_content_type", valueEncoded: "text/xml" },
      ]),
      {
        detectionParanoiaLevel: null,
        executingParanoiaLevel: null,
        blockingParanoiaLevel: null,
        allowedMethods: null,
        allowedHttpVersions: null,
        allowedRequestContentTypes: [],
      },
    );
  });
});

describe("client: WAF rules, reference data and the review of triggered rules", () => {
  const emulator = useEmulator();
  let client: ShieldClient;
  before(() => {
    client = clientFor(emulator());
  });

  it("lists the profiles flat, the engine's variables and the custom rules' enums", async () => {
    const profiles = await client.wafRules.listProfiles();
    assert.deepEqual(
      profiles.map((p) => [p.id, p.name]),
      [
        [1, "Standard"],
        [2, "Strict"],
        [3, "WordPress"],
        [4, "Drupal"],
      ],
    );
    const variables = await client.wafRules.getEngineConfig();
    assert.ok(variables.some((v) => v.name === "detection_paranoia_level"));
    const enums = await client.wafRules.getEnums();
    const operators = enums.find((e) => e.enumName === "WafRuleOperatorType");
    assert.equal(operators?.enumValues.find((v) => v.name === "CONTAINS")?.value, 2);
  });

  it("lists the catalog by plan, each plan unlocking more groups", async () => {
    const plans = await client.wafRules.listByPlan();
    assert.deepEqual(
      plans.map((p) => p.planName),
      ["Basic", "Advanced", "Business", "Enterprise"],
    );
    const groups = plans.map((p) => p.rules[0]!.ruleGroups.length);
    assert.deepEqual(
      groups,
      [...groups].sort((a, b) => a - b),
    );
    assert.ok(groups[0]! < groups[groups.length - 1]!);
  });

  it("lists triggered rules, most triggered first, and reviews them out of the list", async () => {
    const before = await client.wafRules.listTriggered(1002);
    assert.ok(before.length >= 2, "the seeded logs trigger rules");
    const counts = before.map((r) => r.totalTriggeredRequests ?? 0);
    assert.deepEqual(
      counts,
      [...counts].sort((a, b) => b - a),
    );
    const [top, second] = before;
    assert.ok(Object.keys(top!.topTargetedUrls ?? {}).length > 0);
    assert.ok((top!.ruleLogs ?? []).every((log) => log.labels?.ruleId === top!.ruleId));

    const advice = await client.wafRules.getTriggeredRecommendation(1002, top!.ruleId);
    assert.match(advice ?? "", new RegExp(`Rule ${top!.ruleId}`));

    emulator().resetRequests();
    await client.wafRules.reviewTriggered(1002, {
      ruleId: top!.ruleId,
      action: ReviewActionType.Ignore,
    });
    await client.wafRules.reviewTriggered(1002, {
      ruleId: second!.ruleId,
      action: ReviewActionType.LogOnly,
    });
    assert.deepEqual(
      emulator().requests.map((r) => [r.method, r.body]),
      [
        ["POST", { ruleId: top!.ruleId, action: 0 }],
        ["POST", { ruleId: second!.ruleId, action: 1 }],
      ],
    );
    const after = await client.wafRules.listTriggered(1002);
    assert.deepEqual(
      after.map((r) => r.ruleId),
      before.slice(2).map((r) => r.ruleId),
    );
    assert.ok(emulator().state.zone(1002)!.settings.wafLogOnlyRules!.includes(second!.ruleId));
  });

  it("refuses a bad review before any request, and says which rule did not fire", async () => {
    emulator().resetRequests();
    const bad = await rejection(
      client.wafRules.reviewTriggered(1002, { ruleId: "942100", action: 7 as never }),
      InvalidArgumentError,
    );
    assert.match(bad.message, /review\.action/);
    assert.match(bad.message, /0 \(Ignore\), 1 \(LogOnly\), 2 \(DisableRule\)/);
    await rejection(
      client.wafRules.reviewTriggered(1002, { ruleId: "../x", action: 0 }),
      InvalidArgumentError,
    );
    await rejection(client.wafRules.getTriggeredRecommendation(1002, "a/b"), InvalidArgumentError);
    assert.equal(emulator().requests.length, 0);
    await rejection(
      client.wafRules.reviewTriggered(1002, { ruleId: "111111", action: 0 }),
      NotFoundError,
    );
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
