/**
 * The WAF's reference data, the same for every account: profiles (`GET /shield/waf/profiles`),
 * the engine's configuration (`…/engine-config`), the enums of custom rules (`…/enums`), and
 * the managed rule catalog split by the plan that unlocks each group
 * (`…/rules/plan-segmentation`).
 */
import { json, successStatus, type ApiResponse } from "../../responses";
import { CATALOG } from "./catalog";

/** `WafProfileMinimal`s, grouped as the service sends them: one list per category. */
const PROFILES = [
  [
    {
      id: 1,
      name: "Standard",
      isPremium: false,
      profileCategory: "General",
      imageUrl: null,
      description: "The OWASP core rule set at paranoia level 1: few false positives.",
      features: "OWASP CRS;Paranoia level 1",
    },
    {
      id: 2,
      name: "Strict",
      isPremium: true,
      profileCategory: "General",
      imageUrl: null,
      description: "The OWASP core rule set at paranoia level 2, for sites that can tune it.",
      features: "OWASP CRS;Paranoia level 2",
    },
  ],
  [
    {
      id: 3,
      name: "WordPress",
      isPremium: false,
      profileCategory: "CMS",
      imageUrl: null,
      description: "Standard, with the exclusions WordPress's admin and REST API need.",
      features: "OWASP CRS;WordPress exclusions",
    },
    {
      id: 4,
      name: "Drupal",
      isPremium: false,
      profileCategory: "CMS",
      imageUrl: null,
      description: "Standard, with the exclusions Drupal needs.",
      features: "OWASP CRS;Drupal exclusions",
    },
  ],
];

/** The request content types the engine allows by default (Terraform's defaults, in its order). */
const CONTENT_TYPES = [
  "application/x-www-form-urlencoded",
  "multipart/form-data",
  "multipart/related",
  "text/xml",
  "application/xml",
  "application/soap+xml",
  "application/x-amf",
  "application/json",
  "application/octet-stream",
  "application/csp-report",
  "application/xss-auditor-report",
  "text/plain",
];

/**
 * The engine's variables. The paranoia levels, HTTP versions and content types are named and
 * encoded as bunny.net's Terraform provider reads them from the live service: levels as an
 * integer's text, lists separated by spaces, each content type between bars (`|text/xml|`).
 */
const ENGINE_CONFIG = [
  { name: "detection_paranoia_level", valueEncoded: "1" },
  { name: "executing_paranoia_level", valueEncoded: "1" },
  { name: "blocking_paranoia_level", valueEncoded: "1" },
  { name: "inbound_anomaly_score_threshold", valueEncoded: "5" },
  { name: "outbound_anomaly_score_threshold", valueEncoded: "4" },
  { name: "request_body_limit_bytes", valueEncoded: "131072" },
  { name: "allowed_methods", valueEncoded: "GET HEAD POST OPTIONS PUT PATCH DELETE" },
  { name: "allowed_http_versions", valueEncoded: "HTTP/1.0 HTTP/1.1 HTTP/2 HTTP/2.0" },
  {
    name: "allowed_request_content_type",
    valueEncoded: CONTENT_TYPES.map((type) => `|${type}|`).join(" "),
  },
];

const OPERATORS = [
  "BEGINSWITH",
  "ENDSWITH",
  "CONTAINS",
  "CONTAINSWORD",
  "STRMATCH",
  "EQ",
  "GE",
  "GT",
  "LE",
  "LT",
];
const ACTIONS = ["Block", "Log", "Challenge", "Allow", "Bypass"];

/** `WafMappedEnumList`s: the enums custom rules use, with what each value accepts. */
const WAF_ENUMS = [
  {
    enumName: "WafRuleOperatorType",
    enumValues: OPERATORS.map((name, value) => ({
      optionalInput: null,
      isPremium: false,
      name,
      value,
      supportedValues: { values: null, editable: true },
      recommendedOperator: { operator: value, values: null },
    })),
  },
  {
    enumName: "WafRuleActionType",
    enumValues: ACTIONS.map((name, index) => ({
      optionalInput: null,
      isPremium: name === "Challenge",
      name,
      value: index + 1,
      supportedValues: { values: null, editable: false },
      recommendedOperator: { operator: 0, values: null },
    })),
  },
  {
    enumName: "WafRuleVariableType",
    enumValues: [
      ["REQUEST_URI", null],
      ["REQUEST_METHOD", ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]],
      ["REMOTE_ADDR", null],
      ["GEO", null],
    ].map(([name, values], value) => ({
      optionalInput: name === "GEO" ? true : null,
      isPremium: false,
      name,
      value,
      supportedValues: { values, editable: values === null },
      recommendedOperator: { operator: values === null ? 2 : 5, values },
    })),
  },
];

/** The plans, and the catalog's groups each one adds (the Basic plan has the first ones). */
const PLANS = ["Basic", "Advanced", "Business", "Enterprise"];

/** The GET of the profiles. */
export const listWafProfiles = (): ApiResponse => json(200, { data: PROFILES });

/** The GET of the engine configuration. */
export const getWafEngineConfig = (): ApiResponse => json(200, { data: ENGINE_CONFIG });

/** The GET of the WAF's enums. */
export const getWafEnums = (): ApiResponse => json(200, { data: WAF_ENUMS });

/** The GET of the catalog by plan: each plan lists the groups it unlocks. */
export function getWafRulesByPlan(): ApiResponse {
  const [main] = CATALOG;
  const groups = main!.ruleGroups;
  const data = PLANS.map((planName, planValue) => ({
    planValue,
    planName,
    // Basic has the first three groups; each plan above adds one more.
    rules: [{ ...main, ruleGroups: groups.slice(0, Math.min(groups.length, 3 + planValue)) }],
  }));
  return json(200, { data, error: successStatus() });
}
