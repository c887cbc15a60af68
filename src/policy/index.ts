/**
 * Guardrails for bunny.net Shield as `@pulumi/policy` policies: a preview or update says
 * whether a program weakens a zone's protection. Each policy judges only what the program
 * declares; a setting left out is the service's business.
 *
 * Use the ready pack (`pulumi preview --policy-pack node_modules/pulumi-bunnynet-shield/policy`),
 * or compose {@link shieldPolicies} into a pack of your own. `@pulumi/policy` is an optional
 * peer dependency: only this entry point needs it.
 *
 * @module pulumi-bunnynet-shield/policy
 */
import type { EnforcementLevel, Policies, Policy } from "@pulumi/policy";
import { botDetectionOn } from "./bot-detection-on";
import { ddosMinimum, type DdosSensitivityName } from "./ddos-minimum";
import { noAllowAll } from "./no-allow-all";
import { rateLimitSane } from "./rate-limit-sane";
import { threatLists, type AccessListCategoryName } from "./threat-lists";
import { uploadScanning } from "./upload-scanning";
import { noBodyLogging } from "./no-body-logging";
import { wafBlocking } from "./waf-blocking";
import { wafBodyLimit } from "./waf-body-limit";
import { BEYOND_FINDINGS } from "./beyond-findings";
import { FIRST_NINE } from "./first-nine";
import {
  resourceFindingPolicy,
  stackFindingPolicy,
  waivable,
  waivedReport,
  type FindingInfo,
  type Waivers,
} from "./findings";
import { LIST_FINDINGS } from "./list-findings";
import { massChange } from "./mass-change";
import { RULE_FINDINGS } from "./rule-findings";
import { STACK_FINDINGS } from "./stack-findings";

export {
  botDetectionOn,
  ddosMinimum,
  noAllowAll,
  noBodyLogging,
  rateLimitSane,
  threatLists,
  uploadScanning,
  wafBlocking,
  wafBodyLimit,
};
export type { DdosMinimumConfig, DdosSensitivityName } from "./ddos-minimum";
export type { RateLimitSaneConfig } from "./rate-limit-sane";
export type { AccessListCategoryName, ThreatListsConfig } from "./threat-lists";
export { pluginType, shieldType, shieldTypes } from "./resources";
export type {
  FindingInfo,
  ResourceFinding,
  StackFinding,
  StackProblem,
  StackResource,
  Waivers,
} from "./findings";
export type { Props } from "./resources";
export type { ApiGuardianEnforcingConfig } from "../resources/api-guardian/findings";
export type { MassChangeConfig, PreviousResource, PreviousState } from "./mass-change";
export { massChange, RULE_FINDINGS, LIST_FINDINGS, BEYOND_FINDINGS, STACK_FINDINGS, waivedReport };

/** Every finding declared as data (all but the nine policies of 0.2.0 and `shield-mass-change`). */
export const SHIELD_FINDINGS: readonly FindingInfo[] = [
  ...RULE_FINDINGS,
  ...LIST_FINDINGS,
  ...BEYOND_FINDINGS,
  ...STACK_FINDINGS,
];

/**
 * The name of every policy in {@link shieldPolicies}, in its order, stable across versions: the
 * nine of 0.2.0 first, then one per finding (in {@link SHIELD_FINDINGS}' order),
 * `shield-mass-change`, and `shield-waived` last.
 */
export const SHIELD_POLICY_NAMES: readonly string[] = [
  ...FIRST_NINE.map((policy) => policy.name),
  ...SHIELD_FINDINGS.map((finding) => finding.name),
  "shield-mass-change",
  waivedReport.name,
];

/** One of {@link SHIELD_POLICY_NAMES} ({@link shieldPolicies} refuses a name that is none of them). */
export type ShieldPolicyName = string;

/**
 * Defaults of the policies, for a pack of your own. A pack's `--policy-pack-config` still
 * overrides each of them.
 */
export interface ShieldPolicyOptions {
  /**
   * An enforcement level per policy, over its default (all advisory but `shield-no-allow-all`,
   * `shield-name-duplicate` and `shield-mass-change`).
   */
  enforcementLevels?: Partial<Record<ShieldPolicyName, EnforcementLevel>>;
  /** `shield-ddos-minimum`: the least `ddosShieldSensitivity` allowed (default `"Low"`). */
  ddosMinimum?: DdosSensitivityName;
  /** `shield-threat-lists`: categories whose managed lists stay on (default Tor exit nodes and botnets). */
  threatCategories?: AccessListCategoryName[];
  /** `shield-rate-limit-sane`: the most requests per second a rate limit lets through (default 100). */
  maxRequestsPerSecond?: number;
  /** Waivers per policy: resource name → the reason, which `shield-waived` prints. */
  waivers?: Partial<Record<ShieldPolicyName, Waivers>>;
}

/** `policy` with the default of one configuration property replaced, when `value` is given. */
function withDefault<P extends Policy>(policy: P, property: string, value: unknown): P {
  if (value === undefined || !policy.configSchema) return policy;
  const { properties } = policy.configSchema;
  return {
    ...policy,
    configSchema: {
      ...policy.configSchema,
      properties: { ...properties, [property]: { ...properties[property], default: value } },
    },
  };
}

/**
 * Every policy of this package, configured by `options`.
 *
 * @example
 * ```ts
 * import { PolicyPack } from "@pulumi/policy";
 * import { shieldPolicies } from "pulumi-bunnynet-shield/policy";
 *
 * new PolicyPack("our-guardrails", {
 *   policies: [
 *     ...shieldPolicies({ enforcementLevels: { "shield-waf-blocking": "mandatory" } }),
 *     // ...the team's own policies
 *   ],
 * });
 * ```
 */
export function shieldPolicies(options: ShieldPolicyOptions = {}): Policies {
  // A name that is no policy's would set nothing: refused, naming it.
  for (const [option, byName] of Object.entries({
    enforcementLevels: options.enforcementLevels,
    waivers: options.waivers,
  })) {
    const unknown = Object.keys(byName ?? {}).filter((name) => !SHIELD_POLICY_NAMES.includes(name));
    if (unknown.length > 0) {
      throw new Error(
        `shieldPolicies: ${option} names no policy of this package: ${unknown.join(", ")} (SHIELD_POLICY_NAMES lists them)`,
      );
    }
  }
  const policies = [
    waivable(wafBlocking),
    waivable(noAllowAll),
    waivable(withDefault(ddosMinimum, "minimum", options.ddosMinimum)),
    waivable(botDetectionOn),
    waivable(uploadScanning),
    withDefault(threatLists, "categories", options.threatCategories),
    waivable(withDefault(rateLimitSane, "maxRequestsPerSecond", options.maxRequestsPerSecond)),
    waivable(wafBodyLimit),
    waivable(noBodyLogging),
    ...[...RULE_FINDINGS, ...LIST_FINDINGS, ...BEYOND_FINDINGS].map(resourceFindingPolicy),
    ...STACK_FINDINGS.map(stackFindingPolicy),
    massChange(),
    waivedReport,
  ];
  return policies.map((policy) => ({
    ...withDefault(policy, "waivers", options.waivers?.[policy.name]),
    enforcementLevel: options.enforcementLevels?.[policy.name] ?? policy.enforcementLevel,
  }));
}
