/**
 * `GET /shield/waf/rules/{shieldZoneId}`: the catalog of managed WAF rules
 * (`WafRuleMainGroupModel[]`), a small fixed part of the OWASP core rule set.
 */
import { json, problem, type ApiResponse } from "../../responses";
import type { RouteContext } from "../../route";

const GROUPS: ReadonlyArray<[code: string, name: string, rules: Array<[string, string]>]> = [
  [
    "PROTOCOL-ENFORCEMENT",
    "Protocol Enforcement",
    [
      ["920170", "GET or HEAD request with a body"],
      ["920350", "Host header is a numeric IP address"],
      ["920420", "Request content type is not allowed by policy"],
    ],
  ],
  [
    "LFI",
    "Local File Inclusion",
    [
      ["930100", "Path traversal attack (/../)"],
      ["930120", "OS file access attempt"],
    ],
  ],
  [
    "RCE",
    "Remote Command Execution",
    [
      ["932100", "Unix command injection"],
      ["932110", "Windows command injection"],
    ],
  ],
  [
    "XSS",
    "Cross-site Scripting",
    [
      ["941100", "XSS attack detected via libinjection"],
      ["941110", "XSS filter category 1: script tag vector"],
      ["941160", "NoScript XSS InjectionChecker: HTML injection"],
    ],
  ],
  [
    "SQLI",
    "SQL Injection",
    [
      ["942100", "SQL injection attack detected via libinjection"],
      ["942110", "SQL injection attack: common injection testing detected"],
      ["942190", "Detects MSSQL code execution and information gathering attempts"],
    ],
  ],
];

/** The catalog: one main group, the OWASP core rule set. */
export const CATALOG = [
  {
    name: "OWASP Core Rule Set",
    ruleset: "owasp-crs-v4",
    ruleGroups: GROUPS.map(([code, name, rules], index) => ({
      id: index + 1,
      name,
      code,
      fileName: `REQUEST-${920 + index * 10}-${code}.conf`,
      mainGroup: "OWASP Core Rule Set",
      ruleset: "owasp-crs-v4",
      description: `${name} rules of the OWASP core rule set.`,
      rules: rules.map(([ruleId, description]) => ({ ruleId, description })),
    })),
  },
];

export function listWafRules({ state, params, path }: RouteContext): ApiResponse {
  if (!state.zone(Number(params.shieldZoneId))) return problem(404, path);
  return json(200, CATALOG);
}
