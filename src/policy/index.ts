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
export { shieldType } from "./resources";

/** The name of every policy in {@link shieldPolicies}, stable across versions. */
export const SHIELD_POLICY_NAMES = [
  "shield-waf-blocking",
  "shield-no-allow-all",
  "shield-ddos-minimum",
  "shield-bot-detection-on",
  "shield-upload-scanning",
  "shield-threat-lists",
  "shield-rate-limit-sane",
  "shield-waf-body-limit",
  "shield-no-body-logging",
] as const;

/** One of {@link SHIELD_POLICY_NAMES}. */
export type ShieldPolicyName = (typeof SHIELD_POLICY_NAMES)[number];

/**
 * Defaults of the policies, for a pack of your own. A pack's `--policy-pack-config` still
 * overrides each of them.
 */
export interface ShieldPolicyOptions {
  /** An enforcement level per policy, over its default (all advisory but `shield-no-allow-all`). */
  enforcementLevels?: Partial<Record<ShieldPolicyName, EnforcementLevel>>;
  /** `shield-ddos-minimum`: the least `ddosShieldSensitivity` allowed (default `"Low"`). */
  ddosMinimum?: DdosSensitivityName;
  /** `shield-threat-lists`: categories whose managed lists stay on (default Tor exit nodes and botnets). */
  threatCategories?: AccessListCategoryName[];
  /** `shield-rate-limit-sane`: the most requests per second a rate limit lets through (default 100). */
  maxRequestsPerSecond?: number;
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
  const policies = [
    wafBlocking,
    noAllowAll,
    withDefault(ddosMinimum, "minimum", options.ddosMinimum),
    botDetectionOn,
    uploadScanning,
    withDefault(threatLists, "categories", options.threatCategories),
    withDefault(rateLimitSane, "maxRequestsPerSecond", options.maxRequestsPerSecond),
    wafBodyLimit,
    noBodyLogging,
  ];
  return policies.map((policy) => ({
    ...policy,
    enforcementLevel:
      options.enforcementLevels?.[policy.name as ShieldPolicyName] ?? policy.enforcementLevel,
  }));
}
