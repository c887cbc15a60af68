/** `getWafProfiles` and `getWafEngineConfig`: the WAF's account-wide reference data, read-only. */
import type * as pulumi from "@pulumi/pulumi";
import { wafEngineSettings, type WafEngineSettings } from "../client/areas/waf-rules";
import type { Integer } from "../client/arguments";
import {
  argumentsRecord,
  FunctionInputs,
  FunctionSpec,
  invokeFunction,
  outputOf,
  ShieldFunctionOptions,
} from "./common";

/** Arguments of the account-wide functions: none. */
export type NoArgs = Record<string, never>;

/** The parts of a {@link FunctionSpec} that takes no argument. */
export const noArgs = {
  validate(args: unknown): NoArgs {
    argumentsRecord(args ?? {}, [], "expected {} (no arguments)");
    return {};
  },
};

/** A WAF profile, for `ShieldZone.wafProfileId`. */
export interface WafProfileSummary {
  /** The id `wafProfileId` takes. */
  id: Integer;
  /** The profile's name, e.g. `"WordPress"`. */
  name: string | null;
  /** Its group, e.g. `"CMS"`. */
  category: string | null;
  /** Whether it needs a paid plan. */
  isPremium: boolean | null;
  /** What it is for. */
  description: string | null;
  /** What it includes, as the service lists it. */
  features: string | null;
}

/** The result of {@link getWafProfiles}. */
export interface GetWafProfilesResult {
  /** Every profile, in the service's order. */
  profiles: WafProfileSummary[];
  /** The profiles by id (as text, a JSON object's keys). */
  byId: Record<string, WafProfileSummary>;
  /** The profiles by name; a name two profiles share keeps the first. */
  byName: Record<string, WafProfileSummary>;
}

const wafProfiles: FunctionSpec<NoArgs, GetWafProfilesResult> = {
  name: "getWafProfiles",
  ...noArgs,
  async run(client) {
    const profiles = (await client.wafRules.listProfiles()).map((p) => ({
      id: p.id,
      name: p.name ?? null,
      category: p.profileCategory ?? null,
      isPremium: p.isPremium ?? null,
      description: p.description ?? null,
      features: p.features ?? null,
    }));
    const byName: Record<string, WafProfileSummary> = {};
    for (const profile of profiles) {
      if (profile.name !== null) byName[profile.name] ??= profile;
    }
    return { profiles, byId: Object.fromEntries(profiles.map((p) => [p.id, p])), byName };
  },
};

/**
 * Reads the WAF profiles, to choose `ShieldZone.wafProfileId` by name instead of a number.
 *
 * @example
 * ```ts
 * const { byName } = await getWafProfiles();
 * new ShieldZone("site", { pullZoneId: 123456, wafProfileId: byName.WordPress.id });
 * ```
 */
export function getWafProfiles(
  args: NoArgs = {},
  options?: ShieldFunctionOptions,
): Promise<GetWafProfilesResult> {
  return invokeFunction(wafProfiles, args, options);
}

/** {@link getWafProfiles} as an Output. */
export function getWafProfilesOutput(
  args: FunctionInputs<NoArgs> = {},
  options?: ShieldFunctionOptions,
): pulumi.Output<GetWafProfilesResult> {
  return outputOf(getWafProfiles, args, options);
}

/** The result of {@link getWafEngineConfig}. */
export interface GetWafEngineConfigResult {
  /** Each variable with its value as the service encodes it, in the service's order. */
  variables: Array<{ name: string | null; valueEncoded: string | null }>;
  /** The values by variable name. */
  byName: Record<string, string | null>;
  /**
   * The paranoia levels and what the engine allows (methods, HTTP versions, request content
   * types), decoded; each null when the service sent none or one that does not decode.
   */
  settings: WafEngineSettings;
}

const wafEngineConfig: FunctionSpec<NoArgs, GetWafEngineConfigResult> = {
  name: "getWafEngineConfig",
  ...noArgs,
  async run(client) {
    const live = await client.wafRules.getEngineConfig();
    const variables = live.map((v) => ({
      name: v.name ?? null,
      valueEncoded: v.valueEncoded ?? null,
    }));
    const byName = Object.fromEntries(
      variables.filter((v) => v.name !== null).map((v) => [v.name!, v.valueEncoded]),
    );
    return { variables, byName, settings: wafEngineSettings(live) };
  },
};

/**
 * Reads the WAF engine's configuration variables (paranoia level, anomaly thresholds, …).
 *
 * @example
 * ```ts
 * const { byName, settings } = await getWafEngineConfig();
 * export const paranoia = byName.detection_paranoia_level;
 * export const blockingLevel = settings.blockingParanoiaLevel;
 * ```
 */
export function getWafEngineConfig(
  args: NoArgs = {},
  options?: ShieldFunctionOptions,
): Promise<GetWafEngineConfigResult> {
  return invokeFunction(wafEngineConfig, args, options);
}

/** {@link getWafEngineConfig} as an Output. */
export function getWafEngineConfigOutput(
  args: FunctionInputs<NoArgs> = {},
  options?: ShieldFunctionOptions,
): pulumi.Output<GetWafEngineConfigResult> {
  return outputOf(getWafEngineConfig, args, options);
}
