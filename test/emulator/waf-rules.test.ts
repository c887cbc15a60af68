/**
 * WAF custom rules, rate limits and the managed rule catalog: what the routes do to the state,
 * through the package's own client (whose answer schemas check the shapes), and their refusals.
 */
import { strict as assert } from "node:assert";
import { NotFoundError, PlanRestrictionError, ShieldClient } from "../../src/client";
import { API_KEY, call, useEmulator } from "./helpers";

const condition = { variableTypes: { REQUEST_URI: "" }, operatorType: 0, value: "/admin" };

for (const drift of [false, true]) {
  describe(`emulator: WAF rules through the client${drift ? " (drifting)" : ""}`, () => {
    const emulator = useEmulator({ drift });
    const client = () => new ShieldClient({ apiKey: API_KEY, baseUrl: emulator().url });

    for (const kind of ["wafCustomRules", "rateLimits"] as const) {
      const configuration =
        kind === "rateLimits"
          ? { ...condition, actionType: 1, requestCount: 10, timeframe: 60, blockTime: 300 }
          : { ...condition, actionType: 1, transformationTypes: [1] };

      it(`${kind}: global ids, list by zone, partial update, delete`, async () => {
        const api = () => client()[kind];
        const first = await api().create({
          shieldZoneId: 1001,
          ruleName: "one",
          ruleConfiguration: configuration,
        } as never);
        const second = await api().create({
          shieldZoneId: 1002,
          ruleName: "two",
          ruleConfiguration: configuration,
        } as never);
        assert.ok(second.id > first.id, "ids are global, not per zone");
        assert.deepEqual(
          (await api().list(1001)).map((r) => r.ruleName),
          ["one"],
        );
        const updated = await api().update(first.id, {
          ruleName: "renamed",
          ruleConfiguration: { value: "/other" },
        } as never);
        assert.equal(updated.ruleName, "renamed");
        assert.equal(updated.ruleConfiguration?.value, "/other");
        assert.equal(updated.ruleConfiguration?.operatorType, 0, "other fields kept");
        await api().delete(first.id);
        assert.equal(emulator().state.rules[kind].has(first.id), false);
        const gone = await api()
          .get(first.id)
          .catch((e: unknown) => e);
        assert.ok(gone instanceof NotFoundError && gone.errorKey === "not_found.waf_rule");
        await api().delete(second.id);
      });

      it(`${kind}: the plan's limit, and a create whose answer is lost still happened`, async () => {
        const api = () => client()[kind];
        const body = { shieldZoneId: 1003, ruleName: "basic", ruleConfiguration: configuration };
        // Basic: no custom WAF rules, two rate limits.
        const allowed = kind === "rateLimits" ? 2 : 0;
        for (let i = 0; i < allowed; i++)
          await api().create({ ...body, ruleName: `r${i}` } as never);
        const refused = await api()
          .create(body as never)
          .catch((e: unknown) => e);
        assert.ok(refused instanceof PlanRestrictionError, String(refused));
        assert.match(refused.serviceMessage ?? "", /Limit/);

        const route = kind === "rateLimits" ? "createRateLimit" : "createWafCustomRule";
        emulator().faults.add({ route, kind: "apply-then-reset" });
        const lost = await api()
          .create({ ...body, shieldZoneId: 1001, ruleName: "lost" } as never)
          .catch((e: unknown) => e);
        assert.ok(lost instanceof Error, "the answer was lost");
        const names = (await api().list(1001)).map((r) => r.ruleName);
        assert.equal(names.filter((n) => n === "lost").length, 1, "created once");
      });
    }

    it("serves the managed rule catalog", async () => {
      const rules = await client().wafRules.list(1001);
      assert.ok(rules.some((r) => r.ruleId === "942100" && r.group === "SQL Injection"));
      assert.equal(new Set(rules.map((r) => r.ruleId)).size, rules.length);
    });
  });
}

describe("emulator: WAF custom rules and rate limits, refusals", () => {
  const emulator = useEmulator();

  it("refuses bad bodies naming the field, and unknown zones and ids", async () => {
    const post = (path: string, body: unknown) => call(emulator(), path, { method: "POST", body });
    const badRule = await post("/shield/waf/custom-rule", {
      shieldZoneId: 1001,
      ruleName: "x",
      ruleConfiguration: { operatorType: "BEGINSWITH" },
    });
    assert.equal(badRule.status, 400);
    assert.match(badRule.text, /validation\.ruleConfiguration\.operatorType/);
    const unknownZone = await post("/shield/rate-limit", {
      shieldZoneId: 9,
      ruleName: "x",
      ruleDescription: "",
      ruleConfiguration: condition,
    });
    assert.equal(unknownZone.status, 404);
    const missing = await call(emulator(), "/shield/waf/custom-rule/1", { method: "DELETE" });
    assert.equal(missing.status, 404);
    assert.match(missing.text, /not_found\.waf_rule/);
  });
});

describe("emulator: a rule's conditions in the service's own order", () => {
  const emulator = useEmulator();
  const when = (variable: string, operatorType: number, value: string) => ({
    variableTypes: { [variable]: "" },
    operatorType,
    value,
  });
  /** A rule's conditions as the service answers them: its own, then the chained ones. */
  const conditionsOf = (answer: { json: unknown }) => {
    const { ruleConfiguration: c } = answer.json as {
      ruleConfiguration: Record<string, unknown> & {
        chainedRuleConditions: Record<string, unknown>[];
      };
    };
    return [c, ...c.chainedRuleConditions].map(
      (x) => `${Object.keys(x.variableTypes as object)[0]} ${x.operatorType} ${x.value}`,
    );
  };

  for (const [kind, path, own] of [
    ["custom WAF rules", "/shield/waf/custom-rule", { actionType: 1 }],
    ["rate limits", "/shield/rate-limit", { actionType: 1, requestCount: 10, timeframe: 60 }],
  ] as const) {
    it(`${kind}: sorted by variable, operator and value, whatever order they came in`, async () => {
      const sent = [
        when("REQUEST_URI", 0, "/b"),
        when("REMOTE_ADDR", 0, "203.0.113.7"),
        when("REQUEST_URI", 0, "/a"),
        when("ARGS", 3, "x"),
      ];
      const [first, ...chained] = sent;
      const created = await call(emulator(), path, {
        method: "POST",
        body: {
          shieldZoneId: 1001,
          ruleName: `ordered ${kind}`,
          ruleDescription: "",
          ruleConfiguration: { ...first, ...own, chainedRuleConditions: chained },
        },
      });
      assert.equal(created.status, 200, created.text);
      const order = [
        "ARGS 3 x",
        "REMOTE_ADDR 0 203.0.113.7",
        "REQUEST_URI 0 /a",
        "REQUEST_URI 0 /b",
      ];
      assert.deepEqual(conditionsOf(created), order);
      const { id } = created.json as { id: number };
      assert.deepEqual(conditionsOf(await call(emulator(), `${path}/${id}`)), order, "on read");

      // An update that sends them in yet another order is stored in the same one.
      const updated = await call(emulator(), `${path}/${id}`, {
        method: "PATCH",
        body: { ruleConfiguration: { ...sent[3], chainedRuleConditions: sent.slice(0, 3) } },
      });
      assert.deepEqual(conditionsOf(updated), order);
    });
  }
});

describe("emulator: rule names and descriptions, as the live service takes them", () => {
  const emulator = useEmulator();
  const rules = [
    ["custom WAF rules", "/shield/waf/custom-rule", "wafCustomRules", { actionType: 1 }],
    [
      "rate limits",
      "/shield/rate-limit",
      "rateLimits",
      { actionType: 1, requestCount: 10, timeframe: 60, blockTime: 300 },
    ],
  ] as const;
  /** The errorKey of a refused answer, from the `{data, error}` envelope. */
  const errorKey = (answer: { status: number; json: unknown; text: string }) => {
    assert.equal(answer.status, 400, answer.text);
    return (answer.json as { error: { errorKey: string } }).error.errorKey;
  };

  for (const [kind, path, store, own] of rules) {
    const body = (fields: Record<string, unknown>) => ({
      shieldZoneId: 1001,
      ruleName: "Block admin",
      ruleDescription: "",
      ruleConfiguration: { ...condition, ...own },
      ...fields,
    });
    const post = (fields: Record<string, unknown>) =>
      call(emulator(), path, { method: "POST", body: body(fields) });

    it(`${kind}: a name or description beyond ASCII letters, digits and spaces is a 400`, async () => {
      const before = emulator().state.rules[store].size;
      for (const ruleName of ["Block /admin", "Block-admin", "Café", "two\nlines", "x\u202e", ""]) {
        assert.equal(errorKey(await post({ ruleName })), "validation.ruleName", ruleName);
      }
      const refused = await post({ ruleDescription: "Login: 10/min" });
      assert.equal(errorKey(refused), "validation.ruleDescription");
      assert.match(refused.text, /'ruleDescription' must hold only ASCII letters/);
      assert.equal(emulator().state.rules[store].size, before, "nothing stored");

      const created = await post({ ruleName: "Block admin 2", ruleDescription: "" });
      assert.equal(created.status, 200, created.text);
      const { id } = created.json as { id: number };
      const patch = (fields: Record<string, unknown>) =>
        call(emulator(), `${path}/${id}`, { method: "PATCH", body: fields });
      assert.equal(errorKey(await patch({ ruleName: "Block /admin" })), "validation.ruleName");
      assert.equal(errorKey(await patch({ ruleDescription: "a-b" })), "validation.ruleDescription");
      assert.equal((await patch({ ruleDescription: "Now described" })).status, 200);
      assert.equal(emulator().state.rules[store].get(id)!.ruleName, "Block admin 2");
    });

    it(`${kind}: a create without ruleDescription (or with null) is a 400; "" is fine`, async () => {
      const { ruleDescription: _, ...without } = body({});
      const missing = await call(emulator(), path, { method: "POST", body: without });
      assert.equal(errorKey(missing), "validation.ruleDescription");
      assert.match(missing.text, /'ruleDescription' is required/);
      assert.equal(errorKey(await post({ ruleDescription: null })), "validation.ruleDescription");
      const created = await post({ ruleName: "Described", ruleDescription: "" });
      assert.equal(created.status, 200, created.text);
      assert.equal((created.json as { ruleDescription: string }).ruleDescription, "");
    });
  }

  it("custom WAF rules: a PUT takes the same names", async () => {
    const created = await call(emulator(), "/shield/waf/custom-rule", {
      method: "POST",
      body: {
        shieldZoneId: 1001,
        ruleName: "Put me",
        ruleDescription: "",
        ruleConfiguration: { ...condition, actionType: 1 },
      },
    });
    const { id } = created.json as { id: number };
    const put = await call(emulator(), `/shield/waf/custom-rule/${id}`, {
      method: "PUT",
      body: { ruleName: "Put/me", ruleConfiguration: { ...condition, actionType: 1 } },
    });
    assert.equal(errorKey(put), "validation.ruleName");
  });
});

/**
 * What the live service refuses in a condition, which octorules-bunny (written against it) lints
 * as errors: tests/test_validate.py TestRegex::test_bn105_invalid_pattern,
 * TestOperatorRequiresValue::test_bn106_contains_without_value and
 * ::test_bn106_detect_sqli_without_value_ok, TestSubValues::test_bn116_invalid_geo_subvalue and
 * ::test_bn116_valid_geo_subvalue.
 */
describe("emulator: conditions the live service refuses", () => {
  const emulator = useEmulator();
  const RX = 14;
  const CONTAINS = 2;
  const STREQ = 15;
  const DETECTSQLI = 17;
  const when = (variable: string, operatorType: number, value?: string, variableValue = "") => ({
    variableTypes: { [variable]: variableValue },
    operatorType,
    ...(value === undefined ? {} : { value }),
  });
  const refusals: Array<[string, Record<string, unknown>, string, RegExp]> = [
    [
      "an RX value that is no regular expression",
      when("REQUEST_URI", RX, "[invalid"),
      "value",
      /never closed/,
    ],
    ["a value missing", when("REQUEST_URI", CONTAINS), "value", /expected a value/],
    ["an empty value", when("REQUEST_URI", CONTAINS, ""), "value", /expected a value/],
    [
      "a GEO field the service does not have",
      when("GEO", STREQ, "US", "INVALID"),
      "variableTypes",
      /COUNTRY_CODE/,
    ],
  ];
  const accepted = [
    when("REQUEST_URI", RX, "^/api/v[12]"),
    when("REQUEST_BODY", DETECTSQLI),
    when("GEO", STREQ, "US", "COUNTRY_CODE"),
  ];

  for (const [kind, path, own] of [
    ["custom WAF rules", "/shield/waf/custom-rule", { actionType: 1 }],
    ["rate limits", "/shield/rate-limit", { actionType: 1, requestCount: 10, timeframe: 60 }],
  ] as const) {
    const create = (name: string, condition: Record<string, unknown>, chained = false) =>
      call(emulator(), path, {
        method: "POST",
        body: {
          shieldZoneId: 1001,
          ruleName: name,
          ruleDescription: "",
          ruleConfiguration: chained
            ? { ...when("REQUEST_URI", CONTAINS, "/a"), ...own, chainedRuleConditions: [condition] }
            : { ...condition, ...own },
        },
      });

    it(`${kind}: a create is refused with 400 naming the field, in its own or a chained condition`, async () => {
      for (const [what, condition, field, reason] of refusals) {
        for (const chained of [false, true]) {
          const answer = await create("refused", condition, chained);
          assert.equal(answer.status, 400, `${what}${chained ? " (chained)" : ""}`);
          const at = `ruleConfiguration${chained ? ".chainedRuleConditions.0" : ""}.${field}`;
          assert.match(answer.text, new RegExp(`validation\\.${at.replace(/\./g, "\\.")}`), what);
          assert.match(answer.text, reason, what);
        }
      }
      assert.equal(
        [
          ...emulator().state.rules[
            kind === "rate limits" ? "rateLimits" : "wafCustomRules"
          ].values(),
        ].filter((r) => r.ruleName === "refused").length,
        0,
        "nothing stored",
      );
      for (const [i, condition] of accepted.entries()) {
        const answer = await create(`accepted ${i}`, condition);
        assert.equal(answer.status, 200, answer.text);
      }
    });

    it(`${kind}: an update that would leave such a condition is refused and changes nothing`, async () => {
      const created = await create("kept", accepted[0]!);
      const id = (created.json as { id: number }).id;
      const before = JSON.stringify(
        (await call(emulator(), `${path}/${id}`)).json as Record<string, unknown>,
      );
      const patched = await call(emulator(), `${path}/${id}`, {
        method: "PATCH",
        body: { ruleName: "renamed", ruleConfiguration: { value: "(unclosed" } },
      });
      assert.equal(patched.status, 400);
      assert.match(patched.text, /validation\.ruleConfiguration\.value/);
      assert.equal(
        JSON.stringify((await call(emulator(), `${path}/${id}`)).json),
        before,
        "neither the name nor the configuration changed",
      );
      if (kind === "custom WAF rules") {
        const replaced = await call(emulator(), `${path}/${id}`, {
          method: "PUT",
          body: {
            ruleName: "kept",
            ruleDescription: "",
            ruleConfiguration: { ...when("GEO", STREQ, "US", "country"), ...own },
          },
        });
        assert.equal(replaced.status, 400, replaced.text);
        assert.match(replaced.text, /validation\.ruleConfiguration\.variableTypes/);
      }
    });
  }
});
