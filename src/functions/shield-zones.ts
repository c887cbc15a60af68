/** `getShieldZone` and `getShieldZones`: shield zones and their settings, read-only. */
import type * as pulumi from "@pulumi/pulumi";
import { positiveId, shieldZoneId } from "../client/arguments";
import type { ShieldZone } from "../client";
import {
  DdosExecutionMode,
  DdosShieldSensitivity,
  enumName,
  ShieldPlanType,
  WafExecutionMode,
  WafPayloadLimitAction,
} from "../client/enums";
import { InvalidArgumentError } from "../client/errors";
import type { Integer } from "../client/arguments";
import {
  argumentsRecord,
  FunctionInputs,
  FunctionSpec,
  invokeFunction,
  outputOf,
  ShieldFunctionOptions,
} from "./common";

/** Arguments of {@link getShieldZone}: the shield zone's id, or its pull zone's. */
export type GetShieldZoneArgs = { shieldZoneId: Integer } | { pullZoneId: Integer };

/** Arguments of {@link getShieldZoneOutput}: the same, as `pulumi.Input`s. */
export type GetShieldZoneOutputArgs =
  FunctionInputs<{ shieldZoneId: Integer }> | FunctionInputs<{ pullZoneId: Integer }>;

/** A shield zone's settings, named like `ShieldZone`'s outputs; enums by name, absent values null. */
export interface ShieldZoneSummary {
  /** The shield zone's id. */
  shieldZoneId: Integer;
  /** The pull zone it protects. */
  pullZoneId: Integer | null;
  /** `Basic`, `Advanced`, `Business` or `Enterprise`. */
  planType: string | null;
  /** Whether the WAF only learns (logs) for now. */
  learningMode: boolean | null;
  /** Whether the WAF is on. */
  wafEnabled: boolean | null;
  /** `Log` or `Block`. */
  wafExecutionMode: string | null;
  /** Managed rule ids switched off; empty when none. */
  wafDisabledRules: string[];
  /** Managed rule ids that only log; empty when none. */
  wafLogOnlyRules: string[];
  /** Whether request headers are logged with WAF events. */
  wafRequestHeaderLoggingEnabled: boolean | null;
  /** Whether request bodies are logged with WAF events. */
  requestBodyLoggingEnabled: boolean | null;
  /** Headers left out of the logs; empty when none. */
  wafRequestIgnoredHeaders: string[];
  /** Whether realtime threat intelligence is on. */
  wafRealtimeThreatIntelligenceEnabled: boolean | null;
  /** The WAF profile's id. */
  wafProfileId: Integer | null;
  /** What happens to a request body over the limit: `Block`, `Log` or `Ignore`. */
  wafRequestBodyLimitAction: string | null;
  /** What happens to a response body over the limit: `Block`, `Log` or `Ignore`. */
  wafResponseBodyLimitAction: string | null;
  /** `Off`, `Low`, `Medium`, `High` or `Challenge`. */
  ddosShieldSensitivity: string | null;
  /** `Log` or `Block`. */
  ddosExecutionMode: string | null;
  /** How long a passed DDoS challenge holds, in seconds. */
  ddosChallengeWindow: number | null;
  /** Whether response pages carry no bunny.net branding. */
  whitelabelResponsePages: boolean | null;
  /** How many rate limits the plan allows. */
  rateLimitRulesLimit: number | null;
  /** How many custom WAF rules the plan allows. */
  customWafRulesLimit: number | null;
}

/** The result of {@link getShieldZones}. */
export interface GetShieldZonesResult {
  /** Every shield zone of the account, across all pages. */
  shieldZones: ShieldZoneSummary[];
}

const named = (enumeration: Record<string, number>, value: number | null | undefined) =>
  value === undefined || value === null ? null : enumName(enumeration, value);

/** A zone as the functions return it. */
function summarizeShieldZone(zone: ShieldZone): ShieldZoneSummary {
  return {
    shieldZoneId: zone.shieldZoneId,
    pullZoneId: zone.pullZoneId ?? null,
    planType: named(ShieldPlanType, zone.planType),
    learningMode: zone.learningMode ?? null,
    wafEnabled: zone.wafEnabled ?? null,
    wafExecutionMode: named(WafExecutionMode, zone.wafExecutionMode),
    wafDisabledRules: zone.wafDisabledRules ?? [],
    wafLogOnlyRules: zone.wafLogOnlyRules ?? [],
    wafRequestHeaderLoggingEnabled: zone.wafRequestHeaderLoggingEnabled ?? null,
    requestBodyLoggingEnabled: zone.requestBodyLoggingEnabled ?? null,
    wafRequestIgnoredHeaders: zone.wafRequestIgnoredHeaders ?? [],
    wafRealtimeThreatIntelligenceEnabled: zone.wafRealtimeThreatIntelligenceEnabled ?? null,
    wafProfileId: zone.wafProfileId ?? null,
    wafRequestBodyLimitAction: named(WafPayloadLimitAction, zone.wafRequestBodyLimitAction),
    wafResponseBodyLimitAction: named(WafPayloadLimitAction, zone.wafResponseBodyLimitAction),
    ddosShieldSensitivity: named(DdosShieldSensitivity, zone.dDoSShieldSensitivity),
    ddosExecutionMode: named(DdosExecutionMode, zone.dDoSExecutionMode),
    ddosChallengeWindow: zone.dDoSChallengeWindow ?? null,
    whitelabelResponsePages: zone.whitelabelResponsePages ?? null,
    rateLimitRulesLimit: zone.rateLimitRulesLimit ?? null,
    customWafRulesLimit: zone.customWafRulesLimit ?? null,
  };
}

const shieldZone: FunctionSpec<GetShieldZoneArgs, ShieldZoneSummary> = {
  name: "getShieldZone",
  validate(args) {
    const record = argumentsRecord(
      args,
      ["shieldZoneId", "pullZoneId"],
      "expected { shieldZoneId } or { pullZoneId }",
    );
    const given = ["shieldZoneId", "pullZoneId"].filter((k) => record[k] !== undefined);
    if (given.length !== 1) {
      throw new InvalidArgumentError(
        "args",
        args,
        "give exactly one of shieldZoneId and pullZoneId",
      );
    }
    return record.shieldZoneId !== undefined
      ? { shieldZoneId: shieldZoneId(record.shieldZoneId) }
      : { pullZoneId: positiveId(record.pullZoneId, "pullZoneId") };
  },
  async run(client, args) {
    const zone =
      "shieldZoneId" in args
        ? await client.shieldZones.get(args.shieldZoneId)
        : await client.shieldZones.getByPullZone(args.pullZoneId);
    return summarizeShieldZone(zone);
  },
};

const shieldZones: FunctionSpec<Record<string, never>, GetShieldZonesResult> = {
  name: "getShieldZones",
  validate(args) {
    argumentsRecord(args ?? {}, [], "expected no arguments, or {}");
    return {};
  },
  async run(client) {
    const all: ShieldZoneSummary[] = [];
    for await (const zone of client.shieldZones.list()) all.push(summarizeShieldZone(zone));
    return { shieldZones: all };
  },
};

/**
 * Reads one shield zone, by its id or by its pull zone's id.
 *
 * @throws `InvalidArgumentError` unless exactly one valid id is given (nothing is sent),
 * `NotFoundError` for a zone that does not exist or is not yours.
 *
 * @example
 * ```ts
 * const zone = await getShieldZone({ pullZoneId: 123456 });
 * console.log(zone.shieldZoneId, zone.wafExecutionMode);
 * ```
 */
export function getShieldZone(
  args: GetShieldZoneArgs,
  options?: ShieldFunctionOptions,
): Promise<ShieldZoneSummary> {
  return invokeFunction(shieldZone, args, options);
}

/**
 * {@link getShieldZone} for `pulumi.Input`s: unknown while an input is unknown, secret when
 * an input is secret.
 *
 * @example
 * ```ts
 * export const plan = getShieldZoneOutput({ pullZoneId: pullZone.id }).planType;
 * ```
 */
export function getShieldZoneOutput(
  args: GetShieldZoneOutputArgs,
  options?: ShieldFunctionOptions,
): pulumi.Output<ShieldZoneSummary> {
  return outputOf(getShieldZone, args as FunctionInputs<GetShieldZoneArgs>, options);
}

/**
 * Reads every shield zone of the account, across all pages.
 *
 * @example
 * ```ts
 * const { shieldZones } = await getShieldZones();
 * export const unprotected = shieldZones.filter((z) => !z.wafEnabled).map((z) => z.pullZoneId);
 * ```
 */
export function getShieldZones(
  args: Record<string, never> = {},
  options?: ShieldFunctionOptions,
): Promise<GetShieldZonesResult> {
  return invokeFunction(shieldZones, args, options);
}

/**
 * {@link getShieldZones} as an Output.
 *
 * @example
 * ```ts
 * export const zoneCount = getShieldZonesOutput().shieldZones.length;
 * ```
 */
export function getShieldZonesOutput(
  args: Record<string, never> = {},
  options?: ShieldFunctionOptions,
): pulumi.Output<GetShieldZonesResult> {
  return outputOf(getShieldZones, args, options);
}
