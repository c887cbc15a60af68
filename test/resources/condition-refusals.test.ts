/**
 * What the live service refuses in a custom WAF rule or a rate limit, refused by `check` before
 * any request, with the property, the value and what is expected. Each case is transcribed from
 * the ERROR rules of octorules-bunny (a Python linter written against the live service), in
 * its `tests/test_validate.py`, cited as `Class::test`; its vocabulary (`request_uri`,
 * `contains`, `info`) is ours here (`REQUEST_URI`, `CONTAINS`, `NOTICE`).
 */
import { strict as assert } from "node:assert";
import type { CheckFailure } from "@pulumi/pulumi/dynamic";
import { ShieldProvider, type Kind } from "../../src/resources";
import { regexProblem } from "../../src/condition-rules";

type Props = Record<string, unknown>;

const URI_CONTAINS = { variable: "REQUEST_URI", operator: "CONTAINS", value: "/bad" };

/** Peer `_custom()` and `_rate_limit()`: a valid rule of each kind, with `fields` over it. */
const KINDS: Array<{ kind: Kind; rule(fields?: Props): Props }> = [
  {
    kind: "WafCustomRule",
    rule: (fields = {}) => ({
      shieldZoneId: 1001,
      name: "Test rule",
      action: "Block",
      severity: "NOTICE",
      description: "A test rule",
      conditions: [URI_CONTAINS],
      ...fields,
    }),
  },
  {
    kind: "RateLimit",
    rule: (fields = {}) => ({
      shieldZoneId: 1001,
      name: "Rate test",
      action: "RateLimit",
      severity: "NOTICE",
      description: "A rate limit rule",
      requestCount: 100,
      timeframe: "PerOneMinute",
      blockTime: "ForFiveMinutes",
      counterKey: "IP",
      conditions: [{ variable: "REQUEST_URI", operator: "BEGINSWITH", value: "/api/" }],
      ...fields,
    }),
  },
];

/** The failures `check` gives `kind` for `inputs`, as `property: reason`. */
async function failures(kind: Kind, inputs: Props): Promise<string[]> {
  const { failures } = await new ShieldProvider(kind).check({}, inputs);
  return (failures ?? []).map((f: CheckFailure) => `${f.property}: ${f.reason}`);
}

/** `inputs` without `field`. */
const without = (inputs: Props, field: string): Props =>
  Object.fromEntries(Object.entries(inputs).filter(([name]) => name !== field));

const VALUE_EXPECTED = (operator: string) =>
  `expected a value: the operator "${operator}" compares the variable with one; only DETECTSQLI and DETECTXSS take none (to match an empty variable, use RX with "^$").`;

for (const { kind, rule } of KINDS) {
  const conditions = (...list: Props[]) => rule({ conditions: list });

  describe(`${kind}: check refuses what the live service refuses (octorules-bunny's errors)`, () => {
    it("takes the peer's valid rule (TestValidRules::test_custom_no_errors, ::test_rate_limit_no_errors)", async () => {
      assert.deepEqual(await failures(kind, rule()), []);
    });

    it("BN105: an RX value that is no regular expression (TestRegex::test_bn105_invalid_pattern, ::test_bn105_valid_pattern)", async () => {
      assert.deepEqual(
        await failures(
          kind,
          conditions({ variable: "REQUEST_URI", operator: "RX", value: "[invalid" }),
        ),
        [
          'conditions: conditions[0].value "[invalid": not a regular expression: the character class "[" opened at position 0 is never closed; close it with "]", or escape the "[" as "\\[".',
        ],
      );
      assert.deepEqual(
        await failures(
          kind,
          conditions({ variable: "REQUEST_URI", operator: "RX", value: "^/api/v[12]" }),
        ),
        [],
      );
      // The peer's doc (docs/lint/enums.md, BN105): "[unclosed" is refused, its fix is taken.
      assert.equal(
        (
          await failures(
            kind,
            conditions(URI_CONTAINS, { variable: "REQUEST_URI", operator: 14, value: "[unclosed" }),
          )
        ).length,
        1,
        "by number too, and in a chained condition",
      );
      assert.deepEqual(
        await failures(
          kind,
          conditions({ variable: "REQUEST_URI", operator: "RX", value: "\\[unclosed\\]" }),
        ),
        [],
      );
      // Only RX's value is a regular expression.
      assert.deepEqual(
        await failures(
          kind,
          conditions({ variable: "REQUEST_URI", operator: "CONTAINS", value: "[invalid" }),
        ),
        [],
      );
    });

    it("BN106: a value missing for an operator that needs one (TestOperatorRequiresValue::test_bn106_contains_without_value, ::test_bn106_detect_sqli_without_value_ok)", async () => {
      assert.deepEqual(
        await failures(kind, conditions({ variable: "REQUEST_URI", operator: "CONTAINS" })),
        [`conditions: conditions[0].value "": ${VALUE_EXPECTED("CONTAINS")}`],
      );
      assert.deepEqual(
        await failures(
          kind,
          conditions(URI_CONTAINS, { variable: "ARGS", operator: "STREQ", value: "" }),
        ),
        [`conditions: conditions[1].value "": ${VALUE_EXPECTED("STREQ")}`],
        "an empty value is a missing one, in a chained condition too",
      );
      for (const operator of ["DETECTSQLI", "DETECTXSS", 17, 18]) {
        assert.deepEqual(
          await failures(kind, conditions({ variable: "REQUEST_BODY", operator })),
          [],
          String(operator),
        );
      }
      // The way to match an empty variable that the refusal gives is taken.
      assert.deepEqual(
        await failures(kind, conditions({ variable: "REQUEST_URI", operator: "RX", value: "^$" })),
        [],
      );
    });

    it("BN116: a GEO field the service does not have (TestSubValues::test_bn116_invalid_geo_subvalue, ::test_bn116_valid_geo_subvalue)", async () => {
      const geo = (variableValue: string) =>
        conditions({ variable: "GEO", variableValue, operator: "STREQ", value: "US" });
      assert.deepEqual(await failures(kind, geo("INVALID")), [
        'conditions: conditions[0].variableValue "INVALID": expected one of "COUNTRY_CODE", "LATITUDE", "LONGITUDE", "ASN", "CITY", "CONTINENT" for GEO, in capitals.',
      ]);
      // docs/lint/variable-subvalue.md, BN116: case-sensitive.
      assert.deepEqual(await failures(kind, geo("country_code")), [
        'conditions: conditions[0].variableValue "country_code": expected one of "COUNTRY_CODE", "LATITUDE", "LONGITUDE", "ASN", "CITY", "CONTINENT" for GEO, in capitals ("COUNTRY_CODE").',
      ]);
      for (const field of ["COUNTRY_CODE", "LATITUDE", "LONGITUDE", "ASN", "CITY", "CONTINENT"]) {
        assert.deepEqual(await failures(kind, geo(field)), [], field);
      }
      // Without a field (BN115, a warning of the pack), and on other variables, no refusal.
      assert.deepEqual(await failures(kind, geo("")), []);
      assert.deepEqual(
        await failures(
          kind,
          conditions({
            variable: "REQUEST_HEADERS",
            variableValue: "INVALID",
            operator: "CONTAINS",
            value: "x",
          }),
        ),
        [],
      );
    });

    it("BN400, BN401, BN101: a condition without a variable or operator, or with an unknown operator (TestConditions::test_bn400_missing_variable, ::test_bn401_missing_operator; TestOperator::test_bn101_unknown, ::test_all_valid_operators)", async () => {
      const [noVariable] = await failures(kind, conditions({ operator: "CONTAINS", value: "x" }));
      assert.match(
        noVariable!,
        /^conditions: conditions\[0\]\.variable must be one of "REQUEST_URI", .*; got undefined\.$/,
      );
      const [noOperator] = await failures(
        kind,
        conditions({ variable: "REQUEST_URI", value: "x" }),
      );
      assert.match(
        noOperator!,
        /^conditions: conditions\[0\]\.operator must be one of "BEGINSWITH" \(0\), .*; got undefined\.$/,
      );
      const [unknown] = await failures(
        kind,
        conditions({ variable: "REQUEST_URI", operator: "nope", value: "x" }),
      );
      assert.match(
        unknown!,
        /^conditions: conditions\[0\]\.operator must be one of .*; got "nope"\.$/,
      );
      for (const operator of ["BEGINSWITH", "ENDSWITH", "CONTAINS", "RX", "STREQ"]) {
        assert.deepEqual(
          await failures(kind, conditions({ variable: "REQUEST_URI", operator, value: "x" })),
          [],
          operator,
        );
      }
    });

    it("BN003, BN005: missing or mistyped action, severity and conditions (TestAction::test_bn003_missing; TestEdgeCases::test_empty_conditions_list; TestTypeMismatch::test_bn005_custom_field_wrong_type)", async () => {
      assert.match(
        (await failures(kind, without(rule(), "action"))).join("\n"),
        /^action: action is required \(one of /,
      );
      assert.match(
        (await failures(kind, without(rule(), "conditions"))).join("\n"),
        /^conditions: conditions is required \(a non-empty list of conditions\)\.$/,
      );
      assert.deepEqual(await failures(kind, rule({ conditions: [] })), [
        "conditions: conditions must be a non-empty list of conditions; got [].",
      ]);
      assert.deepEqual(await failures(kind, rule({ conditions: "bad" })), [
        'conditions: conditions must be a non-empty list of conditions; got "bad".',
      ]);
      // Severity 2 is CRITICAL by number here; a number no severity has is refused.
      assert.match(
        (await failures(kind, rule({ severity: 7 }))).join("\n"),
        /^severity: severity must be one of "NOTICE" \(0\), "WARNING" \(1\), "CRITICAL" \(2\); got 7\.$/,
      );
      assert.match(
        (await failures(kind, rule({ action: true }))).join("\n"),
        /^action: action must be one of .*; got true\.$/,
      );
    });

    it("BN006: a condition that is no object (TestRuleEntryNotDict::test_string_entry, ::test_int_entry, ::test_list_entry)", async () => {
      for (const entry of ["not a dict", 42, [1, 2, 3]]) {
        assert.deepEqual(
          await failures(kind, conditions(entry as unknown as Props)),
          [
            `conditions: conditions[0] must be an object with a variable, an operator and (but for DETECTSQLI and DETECTXSS) a value; got ${JSON.stringify(entry)}.`,
          ],
          JSON.stringify(entry),
        );
      }
    });

    it("a rule with only a name is refused for each missing input (TestEdgeCases::test_rule_with_only_ref)", async () => {
      const missing = (await failures(kind, { shieldZoneId: 1001, name: "Bare rule" }))
        .map((f) => f.split(":")[0])
        .sort();
      assert.deepEqual(
        missing,
        kind === "RateLimit"
          ? ["action", "blockTime", "conditions", "requestCount", "timeframe"]
          : ["action", "conditions"],
      );
    });

    it("BN100, BN104: an unknown action or severity (TestAction::test_bn100_invalid; TestSeverity::test_bn104_unknown, ::test_bn104_valid)", async () => {
      assert.match(
        (await failures(kind, rule({ action: "Explode" }))).join("\n"),
        /^action: action must be one of .*; got "Explode"\.$/,
      );
      assert.match(
        (await failures(kind, rule({ severity: "fatal" }))).join("\n"),
        /^severity: severity must be one of "NOTICE" \(0\), "WARNING" \(1\), "CRITICAL" \(2\); got "fatal"\.$/,
      );
      for (const severity of ["NOTICE", "WARNING", "CRITICAL"]) {
        assert.deepEqual(await failures(kind, rule({ severity })), [], severity);
      }
    });

    it("BN001, BN010: a missing or empty name, or one outside the service's characters (TestMissingRef::test_bn001_custom, ::test_bn001_empty_ref; TestRefFormat::*)", async () => {
      assert.match(
        (await failures(kind, without(rule(), "name"))).join("\n"),
        /^name: name is required \(a non-empty text of at most 200 /,
      );
      assert.match(
        (await failures(kind, rule({ name: "" }))).join("\n"),
        /^name: name must be a non-empty text/,
      );
      for (const name of ["bad-ref", "bad_ref", "Rul\u00e9"]) {
        assert.match(
          (await failures(kind, rule({ name }))).join("\n"),
          /^name: name ".*": .* is not allowed: the service takes only ASCII letters/,
          name,
        );
      }
      assert.deepEqual(await failures(kind, rule({ name: "My Rule 1" })), []);
    });
  });
}

describe("RateLimit: check refuses the counts the live service refuses (octorules-bunny's BN200-BN203)", () => {
  const rule = KINDS[1]!.rule;

  it("BN200: a request count that is not a whole number from 1 (TestRateLimit::test_bn200_missing_request_count, ::test_bn200_negative, ::test_bn200_zero, ::test_bn200_boolean)", async () => {
    assert.deepEqual(await failures("RateLimit", without(rule(), "requestCount")), [
      "requestCount: requestCount is required (a whole number from 1).",
    ]);
    for (const requestCount of [-1, 0, true, 1.5, "100"]) {
      assert.deepEqual(
        await failures("RateLimit", rule({ requestCount })),
        [
          `requestCount: requestCount must be a whole number from 1; got ${JSON.stringify(requestCount)}.`,
        ],
        String(requestCount),
      );
    }
    assert.deepEqual(await failures("RateLimit", rule({ requestCount: 1 })), []);
  });

  it("BN201, BN202: a timeframe or block time the service does not have, or none (TestRateLimit::test_bn201_invalid_timeframe, ::test_bn202_invalid_block_time)", async () => {
    for (const field of ["timeframe", "blockTime"]) {
      assert.match(
        (await failures("RateLimit", without(rule(), field))).join("\n"),
        new RegExp(`^${field}: ${field} is required \\(one of `),
      );
      for (const value of ["99s", 99]) {
        assert.match(
          (await failures("RateLimit", rule({ [field]: value }))).join("\n"),
          new RegExp(`^${field}: ${field} must be one of .*; got ${JSON.stringify(value)}\\.$`),
          `${field} ${value}`,
        );
      }
    }
    // The peer's valid values (1m, 5m) by name and in seconds.
    assert.deepEqual(await failures("RateLimit", rule({ timeframe: 60, blockTime: 300 })), []);
  });

  it("BN203: a counter key the service does not have (TestRateLimit::test_bn203_invalid_counter_key)", async () => {
    assert.match(
      (await failures("RateLimit", rule({ counterKey: "invalid" }))).join("\n"),
      /^counterKey: counterKey must be one of "IP" \(0\), .*; got "invalid"\.$/,
    );
    // Unlike the peer's, a missing counter key is no error here: it defaults to IP.
    const { inputs, failures: none } = await new ShieldProvider("RateLimit").check(
      {},
      without(rule(), "counterKey"),
    );
    assert.equal(none, undefined);
    assert.equal(inputs.counterKey, "IP");
  });
});

describe("regexProblem: only what every common engine refuses", () => {
  it("finds unclosed classes and groups, stray ')', quantifiers of nothing or of a quantifier, reversed counts and ranges, a trailing '\\'", () => {
    const refused: Array<[string, RegExp]> = [
      ["[invalid", /character class "\[" opened at position 0 is never closed/],
      ["[]", /character class "\[" opened at position 0 is never closed/],
      ["(abc", /group "\(" opened at position 0 is never closed/],
      ["abc)", /the "\)" at position 3 closes no group/],
      ["*abc", /quantifier "\*" at position 0 has nothing to repeat/],
      ["a|+b", /quantifier "\+" at position 2 has nothing to repeat/],
      ["(?:*a)", /quantifier "\*" at position 3 has nothing to repeat/],
      ["{2}", /quantifier "\{2\}" at position 0 has nothing to repeat/],
      ["a**", /quantifier "\*" at position 2 repeats a quantifier/],
      ["a{2}*", /quantifier "\*" at position 4 repeats a quantifier/],
      ["a+?+", /quantifier "\+" at position 3 repeats a quantifier/],
      ["a{3,1}", /quantifier "\{3,1\}" at position 1 counts down; write "\{1,3\}"/],
      ["[z-a]", /range "z-a" at position 1 is in reverse order; write "a-z"/],
      ["[\\x5a-0]", /range "\\x5a-0" at position 1 is in reverse order/],
      ["abc\\", /ends with a lone "\\"/],
      ["(?#note", /comment "\(\?#" opened at position 0 is never closed/],
      ["(?<name", /group name opened at position 0 is never closed/],
    ];
    for (const [pattern, expected] of refused) {
      assert.match(regexProblem(pattern) ?? "", expected, pattern);
    }
  });

  it("lets through what one of PCRE, .NET, RE2 or Python takes", () => {
    for (const pattern of [
      "^/api/v[12]",
      "\\[unclosed\\]",
      "[]a]",
      "[^]a]",
      "[a\\]]",
      "[[:alpha:]]+",
      "[\\x2f-9]",
      "[a-\u{1F600}]",
      "\\x{41}*",
      "\\p{L}+",
      "\\Q(*\\E",
      "a*?",
      "a*+",
      "a{2}?",
      "x{",
      "a{,3}",
      "(?i)admin",
      "(?<name>x)\\k<name>",
      "(?P<name>x)(?P=name)",
      "(?'n'x)",
      "(?<=a)b(?<!c)",
      "(?>a+)",
      "(?(1)a|b)",
      "(?#comment)x",
      "a||b",
      "(|a)",
      "^$",
      ".*",
    ]) {
      assert.equal(regexProblem(pattern), undefined, pattern);
    }
  });
});
