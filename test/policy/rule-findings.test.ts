/**
 * The findings on one rule, with octorules-bunny's own cases: each case cites the peer's test
 * (`tests/test_validate.py::Class::test`) it is transcribed from, its variables and operators
 * written as this provider names them (`request_uri` → `REQUEST_URI`, `begins_with` →
 * `BEGINSWITH`, `str_eq` → `STREQ`, `eq` → `EQ`, …).
 */
import { strict as assert } from "node:assert";
import {
  catchAllCondition,
  containsWordSpace,
  detectValue,
  duplicateCondition,
  duplicateTransformation,
  methodCase,
  noDescription,
  numericOperator,
  pathSlash,
  percentEncoded,
  permissiveRegex,
  redundantLowercase,
  regexAnchoredLiteral,
  regexLeadingWildcard,
  selectorMissing,
  selectorUnsupported,
  shortBlockTime,
  shortName,
  tooManyConditions,
} from "../../src/policy/rule-findings";
import { resourceFindingPolicy, type ResourceFinding } from "../../src/policy/findings";
import { resourceViolations } from "./harness";

/** A condition as `check` leaves it. */
const c = (
  variable: string,
  operator: string,
  value = "",
  variableValue = "",
  negated = false,
) => ({
  variable,
  operator,
  value,
  variableValue,
  negated,
  regexVariable: false,
});

/** The peer's `_custom()`: a valid rule, with overrides. */
const rule = (overrides: Record<string, unknown> = {}) => ({
  name: "Test rule",
  action: "Block",
  severity: "NOTICE",
  description: "A test rule",
  conditions: [c("REQUEST_URI", "CONTAINS", "/bad")],
  ...overrides,
});
const conditions = (...list: Array<ReturnType<typeof c>>) => rule({ conditions: list });

const V = "tests/test_validate.py::";

/** [finding, the peer's test, the rule's props, how many problems it has]. */
const CASES: Array<[ResourceFinding, string, Record<string, unknown>, number]> = [
  [
    catchAllCondition,
    "TestCatchAll::test_bn108_contains_empty",
    conditions(c("REQUEST_URI", "CONTAINS", "")),
    1,
  ],
  [
    catchAllCondition,
    "TestCatchAll::test_bn108_begins_with_slash",
    conditions(c("REQUEST_URI", "BEGINSWITH", "/")),
    1,
  ],
  [
    catchAllCondition,
    "TestCatchAll::test_bn108_rx_dot_star",
    conditions(c("REQUEST_URI", "RX", ".*")),
    1,
  ],
  [
    catchAllCondition,
    "TestCatchAll::test_bn108_specific_value_ok",
    conditions(c("REQUEST_URI", "CONTAINS", "/admin")),
    0,
  ],
  [
    permissiveRegex,
    "TestOverlyPermissiveRegex::test_bn120_generic_permissive_patterns[.]",
    conditions(c("REQUEST_URI", "RX", ".")),
    1,
  ],
  [
    permissiveRegex,
    "TestOverlyPermissiveRegex::test_bn120_generic_permissive_patterns[^.*$]",
    conditions(c("REQUEST_URI", "RX", "^.*$")),
    1,
  ],
  [
    permissiveRegex,
    "TestOverlyPermissiveRegex::test_bn120_generic_permissive_patterns[|]",
    conditions(c("REQUEST_URI", "RX", "|")),
    1,
  ],
  [
    permissiveRegex,
    "TestOverlyPermissiveRegex::test_bn120_path_context_patterns[^/-request_uri]",
    conditions(c("REQUEST_URI", "RX", "^/")),
    1,
  ],
  [
    permissiveRegex,
    "TestOverlyPermissiveRegex::test_bn120_path_context_patterns[/.*-request_filename]",
    conditions(c("REQUEST_FILENAME", "RX", "/.*")),
    1,
  ],
  [
    permissiveRegex,
    "TestOverlyPermissiveRegex::test_bn120_path_pattern_not_on_other_vars",
    conditions(c("REQUEST_HEADERS", "RX", "^/", "Referer")),
    0,
  ],
  [
    permissiveRegex,
    "TestOverlyPermissiveRegex::test_bn120_not_fired_for_specific_patterns[^/api/v[12]]",
    conditions(c("REQUEST_URI", "RX", "^/api/v[12]")),
    0,
  ],
  [
    permissiveRegex,
    "TestOverlyPermissiveRegex::test_bn120_not_fired_for_specific_patterns[\\.example\\.com$]",
    conditions(c("REQUEST_URI", "RX", "\\.example\\.com$")),
    0,
  ],
  [
    regexLeadingWildcard,
    "TestUnanchoredRedundantPrefix::test_bn119_dot_star_prefix",
    conditions(c("REQUEST_URI", "RX", ".*example")),
    1,
  ],
  [
    regexLeadingWildcard,
    "TestUnanchoredRedundantPrefix::test_bn119_dot_plus_prefix",
    conditions(c("REQUEST_URI", "RX", ".+admin")),
    1,
  ],
  [
    regexLeadingWildcard,
    "TestUnanchoredRedundantPrefix::test_bn119_not_fired_for_anchored",
    conditions(c("REQUEST_URI", "RX", "^/admin")),
    0,
  ],
  [
    regexLeadingWildcard,
    "TestOverlyPermissiveRegex::test_bn120_regression_bn119_still_fires (.* alone is BN120's)",
    conditions(c("REQUEST_URI", "RX", ".*")),
    0,
  ],
  [
    regexAnchoredLiteral,
    "TestFullyAnchoredLiteralRegex::test_bn549_simple_anchored_literal",
    conditions(c("REQUEST_URI", "RX", "^foo$")),
    1,
  ],
  [
    regexAnchoredLiteral,
    "TestFullyAnchoredLiteralRegex::test_bn549_anchored_literal_with_special_chars",
    conditions(c("REQUEST_URI", "RX", "^/api-v1_endpoint$")),
    1,
  ],
  [
    regexAnchoredLiteral,
    "TestFullyAnchoredLiteralRegex::test_bn549_anchored_literal_with_escaped_dot",
    conditions(c("REQUEST_URI", "RX", "^example\\.com$")),
    1,
  ],
  [
    regexAnchoredLiteral,
    "TestFullyAnchoredLiteralRegex::test_bn549_unescaped_dot_not_literal",
    conditions(c("REQUEST_URI", "RX", "^foo.bar$")),
    0,
  ],
  [
    regexAnchoredLiteral,
    "TestFullyAnchoredLiteralRegex::test_bn549_no_anchors",
    conditions(c("REQUEST_URI", "RX", "foo")),
    0,
  ],
  [
    regexAnchoredLiteral,
    "TestFullyAnchoredLiteralRegex::test_bn549_character_class_conservative",
    conditions(c("REQUEST_URI", "RX", "^[abc]$")),
    0,
  ],
  [
    regexAnchoredLiteral,
    "TestFullyAnchoredLiteralRegex::test_bn549_only_on_rx_operator",
    conditions(c("REQUEST_URI", "STREQ", "^foo$")),
    0,
  ],
  [
    numericOperator,
    "TestNumericOperator::test_bn107_lt_on_request_uri",
    conditions(c("REQUEST_URI", "LT", "5")),
    1,
  ],
  [
    numericOperator,
    "TestNumericOperator::test_bn107_lt_on_response_status_ok",
    conditions(c("RESPONSE_STATUS", "LT", "500")),
    0,
  ],
  [
    selectorUnsupported,
    "TestSubValueMisuse::test_bn109_subvalue_on_request_uri",
    conditions(c("REQUEST_URI", "CONTAINS", "x", "something")),
    1,
  ],
  [
    selectorUnsupported,
    "TestSubValueMisuse::test_bn109_subvalue_on_geo_ok",
    conditions(c("GEO", "STREQ", "US", "COUNTRY_CODE")),
    0,
  ],
  [
    selectorMissing,
    "TestSubValues::test_bn115_geo_without_subvalue",
    conditions(c("GEO", "STREQ", "US")),
    1,
  ],
  [
    selectorMissing,
    "TestSubValues::test_bn116_valid_geo_subvalue",
    conditions(c("GEO", "STREQ", "US", "COUNTRY_CODE")),
    0,
  ],
  [
    selectorMissing,
    "TestSubValues::test_bn117_request_headers_without_subvalue",
    conditions(c("REQUEST_HEADERS", "CONTAINS", "x")),
    1,
  ],
  [
    selectorMissing,
    "TestSubValues::test_bn117_request_headers_with_subvalue_ok",
    conditions(c("REQUEST_HEADERS", "CONTAINS", "bot", "User-Agent")),
    0,
  ],
  [
    selectorMissing,
    "TestSubValues::test_bn117_request_cookies_without_subvalue",
    conditions(c("REQUEST_COOKIES", "CONTAINS", "x")),
    1,
  ],
  [
    percentEncoded,
    "TestPercentEncodedLiteralURI::test_bn123_request_uri_with_percent_encoded_eq",
    conditions(c("REQUEST_URI", "EQ", "/path%2Fto%2Ffile")),
    1,
  ],
  [
    percentEncoded,
    "TestPercentEncodedLiteralURI::test_bn123_request_filename_with_percent_encoded",
    conditions(c("REQUEST_FILENAME", "STRMATCH", "file%20name.txt")),
    1,
  ],
  [
    percentEncoded,
    "TestPercentEncodedLiteralURI::test_bn123_request_basename_with_percent_encoded",
    conditions(c("REQUEST_BASENAME", "CONTAINS", "%3Cscript%3E")),
    1,
  ],
  [
    percentEncoded,
    "TestPercentEncodedLiteralURI::test_bn123_mixed_case_percent_encoding",
    conditions(c("REQUEST_FILENAME", "BEGINSWITH", "file%2f")),
    1,
  ],
  [
    percentEncoded,
    "TestPercentEncodedLiteralURI::test_bn123_request_uri_raw_no_fire",
    conditions(c("REQUEST_URI_RAW", "EQ", "/path%2Fto%2Ffile")),
    0,
  ],
  [
    percentEncoded,
    "TestPercentEncodedLiteralURI::test_bn123_rx_operator_no_fire",
    conditions(c("REQUEST_URI", "RX", "^/path%2F")),
    0,
  ],
  [
    percentEncoded,
    "TestPercentEncodedLiteralURI::test_bn123_no_percent_encoding_no_fire",
    conditions(c("REQUEST_URI", "EQ", "/path/to/file")),
    0,
  ],
  [
    containsWordSpace,
    "TestContainsWordMultiWord::test_bn124_contains_word_with_space",
    conditions(c("REQUEST_URI", "CONTAINSWORD", "foo bar")),
    1,
  ],
  [
    containsWordSpace,
    "TestContainsWordMultiWord::test_bn124_contains_word_with_tab",
    conditions(c("REQUEST_URI", "CONTAINSWORD", "foo\tbar")),
    1,
  ],
  [
    containsWordSpace,
    "TestContainsWordMultiWord::test_bn124_contains_word_with_newline",
    conditions(c("REQUEST_URI", "CONTAINSWORD", "foo\nbar")),
    1,
  ],
  [
    containsWordSpace,
    "TestContainsWordMultiWord::test_bn124_contains_word_single_word_no_fire",
    conditions(c("REQUEST_URI", "CONTAINSWORD", "admin")),
    0,
  ],
  [
    containsWordSpace,
    "TestContainsWordMultiWord::test_bn124_contains_operator_no_fire",
    conditions(c("REQUEST_URI", "CONTAINS", "foo bar")),
    0,
  ],
  [
    containsWordSpace,
    "TestContainsWordMultiWord::test_bn124_special_chars_no_space_no_fire",
    conditions(c("REQUEST_URI", "CONTAINSWORD", "admin-user")),
    0,
  ],
  [
    detectValue,
    "TestConditions::test_bn402_detect_sqli_with_value",
    conditions(c("REQUEST_BODY", "DETECTSQLI", "test")),
    1,
  ],
  [
    detectValue,
    "TestConditions::test_bn402_detect_xss_with_value",
    conditions(c("REQUEST_BODY", "DETECTXSS", "test")),
    1,
  ],
  [
    detectValue,
    "TestConditions::test_bn402_detect_sqli_no_value_ok",
    conditions(c("REQUEST_BODY", "DETECTSQLI")),
    0,
  ],
  [
    methodCase,
    "TestHTTPMethodCase::test_bn520_lowercase_method_str_match",
    conditions(c("REQUEST_METHOD", "STRMATCH", "post")),
    1,
  ],
  [
    methodCase,
    "TestHTTPMethodCase::test_bn520_lowercase_method_rx",
    conditions(c("REQUEST_METHOD", "RX", "^get$")),
    1,
  ],
  [
    methodCase,
    "TestHTTPMethodCase::test_bn520_lowercase_method_begins_with",
    conditions(c("REQUEST_METHOD", "BEGINSWITH", "put")),
    1,
  ],
  [
    methodCase,
    "TestHTTPMethodCase::test_bn520_lowercase_method_contains",
    conditions(c("REQUEST_METHOD", "CONTAINS", "ead")),
    1,
  ],
  [
    methodCase,
    "TestHTTPMethodCase::test_bn520_mixed_case_detected",
    conditions(c("REQUEST_METHOD", "RX", "^PoSt$")),
    1,
  ],
  [
    methodCase,
    "TestHTTPMethodCase::test_bn520_uppercase_method_str_match",
    conditions(c("REQUEST_METHOD", "STRMATCH", "POST")),
    0,
  ],
  [
    methodCase,
    "TestHTTPMethodCase::test_bn520_case_insensitive_operator_no_fire",
    conditions(c("REQUEST_METHOD", "STREQ", "post")),
    0,
  ],
  [
    methodCase,
    "TestHTTPMethodCase::test_bn520_non_method_variable_no_fire",
    conditions(c("REQUEST_URI", "STRMATCH", "post")),
    0,
  ],
  [
    methodCase,
    "TestHTTPMethodCase::test_bn520_numbers_and_symbols_allowed",
    conditions(c("REQUEST_METHOD", "STRMATCH", "123")),
    0,
  ],
  [
    pathSlash,
    "TestURIVariableLeadingSlash::test_bn521_request_uri_no_slash_eq",
    conditions(c("REQUEST_URI", "EQ", "api/endpoint")),
    1,
  ],
  [
    pathSlash,
    "TestURIVariableLeadingSlash::test_bn521_request_uri_no_slash_str_match",
    conditions(c("REQUEST_URI", "STRMATCH", "admin")),
    1,
  ],
  [
    pathSlash,
    "TestURIVariableLeadingSlash::test_bn521_request_uri_no_slash_begins_with",
    conditions(c("REQUEST_URI", "BEGINSWITH", "api")),
    1,
  ],
  [
    pathSlash,
    "TestURIVariableLeadingSlash::test_bn521_request_filename_no_slash",
    conditions(c("REQUEST_FILENAME", "EQ", "var/www/index.html")),
    1,
  ],
  [
    pathSlash,
    "TestURIVariableLeadingSlash::test_bn521_contains_operator",
    conditions(c("REQUEST_URI", "CONTAINS", "admin")),
    1,
  ],
  [
    pathSlash,
    "TestURIVariableLeadingSlash::test_bn521_request_uri_with_slash_no_fire",
    conditions(c("REQUEST_URI", "EQ", "/api/endpoint")),
    0,
  ],
  [
    pathSlash,
    "TestURIVariableLeadingSlash::test_bn521_request_uri_raw_no_fire",
    conditions(c("REQUEST_URI_RAW", "EQ", "api/endpoint")),
    0,
  ],
  [
    pathSlash,
    "TestURIVariableLeadingSlash::test_bn521_rx_operator_skip",
    conditions(c("REQUEST_URI", "RX", "\\.php$")),
    0,
  ],
  [
    pathSlash,
    "TestURIVariableLeadingSlash::test_bn521_non_uri_variable_no_fire",
    conditions(c("REQUEST_HEADERS", "EQ", "something", "X-Test")),
    0,
  ],
  [
    pathSlash,
    "TestURIVariableLeadingSlash::test_bn521_empty_value_no_fire",
    conditions(c("REQUEST_URI", "EQ", "")),
    0,
  ],
  [
    redundantLowercase,
    "TestRedundantLowercaseTransformation::test_bn122_lowercase_with_str_eq",
    rule({ transformations: ["LOWERCASE"], conditions: [c("REQUEST_URI", "STREQ", "/admin")] }),
    1,
  ],
  [
    redundantLowercase,
    "TestRedundantLowercaseTransformation::test_bn122_lowercase_with_contains_word",
    rule({
      transformations: ["LOWERCASE"],
      conditions: [c("REQUEST_HEADERS", "CONTAINSWORD", "admin", "User-Agent")],
    }),
    1,
  ],
  [
    redundantLowercase,
    "TestRedundantLowercaseTransformation::test_bn122_reports_once_per_rule",
    rule({
      transformations: ["LOWERCASE"],
      conditions: [
        c("REQUEST_URI", "STREQ", "/admin"),
        c("REQUEST_HEADERS", "CONTAINSWORD", "test", "User-Agent"),
      ],
    }),
    1,
  ],
  [
    redundantLowercase,
    "TestRedundantLowercaseTransformation::test_bn122_lowercase_with_str_match_no_fire",
    rule({ transformations: ["LOWERCASE"], conditions: [c("REQUEST_URI", "STRMATCH", "/admin")] }),
    0,
  ],
  [
    redundantLowercase,
    "TestRedundantLowercaseTransformation::test_bn122_no_transformation_no_fire",
    conditions(c("REQUEST_URI", "STREQ", "/admin")),
    0,
  ],
  [
    redundantLowercase,
    "TestRedundantLowercaseTransformation::test_bn122_other_transformation_no_fire",
    rule({ transformations: ["NORMALIZEPATH"], conditions: [c("REQUEST_URI", "STREQ", "/admin")] }),
    0,
  ],
  [
    redundantLowercase,
    "(beyond the peer) the example's rule: LOWERCASE serves its BEGINSWITH, STREQ compares an address",
    rule({
      transformations: ["LOWERCASE"],
      conditions: [
        c("REQUEST_URI", "BEGINSWITH", "/admin"),
        c("REMOTE_ADDR", "STREQ", "203.0.113.7", "", true),
      ],
    }),
    0,
  ],
  [
    duplicateTransformation,
    "TestDuplicateTransformation::test_bn125",
    rule({ transformations: ["LOWERCASE", "LOWERCASE"] }),
    1,
  ],
  [
    duplicateTransformation,
    "TestDuplicateTransformation::test_bn125_different_ok",
    rule({ transformations: ["LOWERCASE", "URLDECODE"] }),
    0,
  ],
  [
    duplicateCondition,
    "TestConditions::test_bn403_duplicate_condition",
    conditions(c("REQUEST_URI", "CONTAINS", "/bad"), c("REQUEST_URI", "CONTAINS", "/bad")),
    1,
  ],
  [
    duplicateTransformation,
    "(beyond the peer) two spellings of one transformation",
    rule({ transformations: ["NORMALIZEPATH", "NORMALISEPATH"] }),
    1,
  ],
  [
    duplicateCondition,
    "(beyond the peer) STREQ ignores case: /c and /C are one condition",
    conditions(c("REQUEST_URI", "STREQ", "/c"), c("REQUEST_URI", "STREQ", "/C")),
    1,
  ],
  [
    duplicateCondition,
    "(beyond the peer) STRMATCH does not",
    conditions(c("REQUEST_URI", "STRMATCH", "/c"), c("REQUEST_URI", "STRMATCH", "/C")),
    0,
  ],
  [
    duplicateCondition,
    "TestConditions::test_bn403_different_conditions_ok",
    conditions(c("REQUEST_URI", "CONTAINS", "/bad"), c("REMOTE_ADDR", "STREQ", "1.2.3.4")),
    0,
  ],
  [
    tooManyConditions,
    "TestConditions::test_bn404_too_many_conditions",
    conditions(...Array.from({ length: 11 }, (_, i) => c("REQUEST_URI", "CONTAINS", `/${i}`))),
    1,
  ],
  [
    tooManyConditions,
    "TestConditions::test_bn404_ten_conditions_ok",
    conditions(...Array.from({ length: 10 }, (_, i) => c("REQUEST_URI", "CONTAINS", `/${i}`))),
    0,
  ],
  [shortName, "TestBestPractice::test_bn600_very_short_name", rule({ name: "X" }), 1],
  [shortName, "TestBestPractice::test_bn600_ok_length", rule({ name: "Block bots" }), 0],
  [
    noDescription,
    "TestBestPractice::test_bn601_no_description",
    rule({ description: undefined }),
    1,
  ],
  [noDescription, "TestBestPractice::test_bn601_with_description_ok", rule(), 0],
  [
    shortBlockTime,
    "TestRateLimit::test_bn210_short_block_time",
    rule({ blockTime: "ForThirtySeconds" }),
    1,
  ],
  [shortBlockTime, "_rate_limit() (block_time 5m)", rule({ blockTime: "ForFiveMinutes" }), 0],
];

describe("findings on a rule (octorules-bunny's cases)", () => {
  for (const [finding, source, props, count] of CASES) {
    const kind = finding === shortBlockTime ? "RateLimit" : "WafCustomRule";
    it(`${finding.name} ${count ? "flags" : "passes"}: ${source.startsWith("Test") ? V : ""}${source}`, async () => {
      const messages = await resourceViolations(
        resourceFindingPolicy(finding),
        kind,
        props,
        {},
        "r",
      );
      assert.equal(messages.length, count, messages.join("\n"));
      for (const m of messages) assert.match(m, new RegExp(`^${kind} "r": `));
    });
  }

  it("messages name the condition, its value and what would pass", async () => {
    const judge = (f: ResourceFinding, props: Record<string, unknown>) =>
      resourceViolations(resourceFindingPolicy(f), "WafCustomRule", props, {}, "r");
    // test_bn520_suggestion_contains_uppercase, test_bn521_suggestion_contains_slash,
    // test_bn549_suggestion_message
    assert.match(
      (await judge(methodCase, conditions(c("REQUEST_METHOD", "STRMATCH", "delete"))))[0]!,
      /conditions\[0\] \(REQUEST_METHOD STRMATCH "delete"\).*Write value "DELETE"/,
    );
    assert.match(
      (await judge(pathSlash, conditions(c("REQUEST_URI", "EQ", "api"))))[0]!,
      /Write "\/api"/,
    );
    assert.match(
      (await judge(regexAnchoredLiteral, conditions(c("REQUEST_URI", "RX", "^example$"))))[0]!,
      /Use operator STREQ with value "example"/,
    );
  });

  it("judges rate limits like custom rules, and no other kind", async () => {
    const props = conditions(c("REQUEST_URI", "CONTAINS", ""));
    const policy = resourceFindingPolicy(catchAllCondition);
    assert.equal((await resourceViolations(policy, "RateLimit", props)).length, 1);
    assert.equal((await resourceViolations(policy, "AccessList", props)).length, 0);
  });

  it("says a negated catch-all matches nothing (beyond the peer)", async () => {
    const [message] = await resourceViolations(
      resourceFindingPolicy(catchAllCondition),
      "WafCustomRule",
      conditions(c("REQUEST_URI", "BEGINSWITH", "/", "", true)),
    );
    assert.match(message!, /matches none: the rule never applies/);
  });
});
