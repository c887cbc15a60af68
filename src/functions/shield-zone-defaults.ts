/**
 * `getShieldZoneDefaults`: the settings the service recommends for a new shield zone, shaped as
 * the arguments of `ShieldZone`, `BotDetection` and `UploadScanning`, so that a program spreads
 * them and overrides what it wants.
 */
import type * as pulumi from "@pulumi/pulumi";
import {
  AccessListAction,
  BotDetectionExecutionMode,
  DdosShieldSensitivity,
  enumName,
  ShieldPlanType,
  UploadScanningMode,
  WafExecutionMode,
  WafPayloadLimitAction,
} from "../client/enums";
// The arguments as each kind's declaration generates them, from the kind's folder.
import type { BotDetectionArgs } from "../resources/bot-detection/resource";
import type { ShieldZoneArgs } from "../resources/shield-zone/resource";
import type { UploadScanningArgs } from "../resources/upload-scanning/resource";
import type { Integer } from "../client/arguments";
import {
  FunctionInputs,
  FunctionSpec,
  invokeFunction,
  outputOf,
  ShieldFunctionOptions,
} from "./common";
import { noArgs, type NoArgs } from "./waf-reference";

/** Settings of a shield zone, as `ShieldZone` takes them (its plan is not a recommendation). */
export type ShieldZoneDefaultSettings = Omit<
  ShieldZoneArgs,
  "pullZoneId" | "planType" | "onDelete"
>;

/** A managed access list the service suggests switching on, with its action. */
export interface SuggestedAccessList {
  /** The managed list's id. */
  listId: Integer;
  /** Its name, e.g. `"Tor exit nodes"`. */
  name: string | null;
  /** What it matches. */
  description: string | null;
  /** The plan it needs, by name. */
  requiredPlan: string | null;
  /** The suggested action, by name (e.g. `"Block"`). */
  action: string | null;
}

/** The result of {@link getShieldZoneDefaults}: three argument objects and the suggested lists. */
export interface GetShieldZoneDefaultsResult {
  /** For `ShieldZone`. Settings the service leaves unset are left out. */
  shieldZone: ShieldZoneDefaultSettings;
  /** For `BotDetection`: its execution mode. */
  botDetection: Pick<BotDetectionArgs, "executionMode">;
  /** For `UploadScanning`: its scanners' modes. */
  uploadScanning: Pick<UploadScanningArgs, "csamScanningMode" | "antivirusScanningMode">;
  /** The managed access lists suggested, for `AccessListConfiguration`s. */
  accessLists: SuggestedAccessList[];
}

/** `value`'s name in `enumeration`, or undefined (left out) when the service sent none. */
const nameOf = (enumeration: Record<string, number>, value: number | null | undefined) =>
  value === null || value === undefined ? undefined : enumName(enumeration, value);

/** `values` without the keys whose value is undefined or null. */
const present = <T extends object>(values: T): T =>
  Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined && v !== null)) as T;

const defaults: FunctionSpec<NoArgs, GetShieldZoneDefaultsResult> = {
  name: "getShieldZoneDefaults",
  ...noArgs,
  async run(client) {
    const d = await client.shieldZones.getDefaults();
    const zone = d.shieldZone;
    return {
      shieldZone: present({
        learningMode: zone.learningMode,
        wafEnabled: zone.wafEnabled,
        wafExecutionMode: nameOf(WafExecutionMode, zone.wafExecutionMode),
        wafDisabledRules: zone.wafDisabledRules,
        wafLogOnlyRules: zone.wafLogOnlyRules,
        wafRequestHeaderLoggingEnabled: zone.wafRequestHeaderLoggingEnabled,
        requestBodyLoggingEnabled: zone.requestBodyLoggingEnabled,
        wafRequestIgnoredHeaders: zone.wafRequestIgnoredHeaders,
        wafRealtimeThreatIntelligenceEnabled: zone.wafRealtimeThreatIntelligenceEnabled,
        wafProfileId: zone.wafProfileId,
        wafRequestBodyLimitAction: nameOf(WafPayloadLimitAction, zone.wafRequestBodyLimitAction),
        wafResponseBodyLimitAction: nameOf(WafPayloadLimitAction, zone.wafResponseBodyLimitAction),
        ddosShieldSensitivity: nameOf(DdosShieldSensitivity, zone.dDoSShieldSensitivity),
        ddosChallengeWindow: zone.dDoSChallengeWindow,
        whitelabelResponsePages: zone.whitelabelResponsePages,
      }) as ShieldZoneDefaultSettings,
      botDetection: present({
        executionMode: nameOf(BotDetectionExecutionMode, d.botDetectionExecutionMode),
      }) as GetShieldZoneDefaultsResult["botDetection"],
      uploadScanning: present({
        csamScanningMode: nameOf(UploadScanningMode, d.csamScanningMode),
        antivirusScanningMode: nameOf(UploadScanningMode, d.antivirusScanningMode),
      }) as GetShieldZoneDefaultsResult["uploadScanning"],
      accessLists: d.accessLists.map((list) => ({
        listId: list.listId,
        name: list.name ?? null,
        description: list.description ?? null,
        requiredPlan: nameOf(ShieldPlanType, list.requiredPlan) ?? null,
        action: nameOf(AccessListAction, list.action) ?? null,
      })),
    };
  },
};

/**
 * Reads the settings the service recommends for a new shield zone, shaped to be spread into
 * `ShieldZone`, `BotDetection` and `UploadScanning` arguments.
 *
 * @example
 * ```ts
 * const recommended = await getShieldZoneDefaults();
 * const zone = new ShieldZone("site", {
 *   ...recommended.shieldZone,
 *   pullZoneId: 123456,
 *   ddosShieldSensitivity: "High", // what the program wants instead
 * });
 * new BotDetection("bots", { ...recommended.botDetection, shieldZoneId: zone.shieldZoneId });
 * ```
 */
export function getShieldZoneDefaults(
  args: NoArgs = {},
  options?: ShieldFunctionOptions,
): Promise<GetShieldZoneDefaultsResult> {
  return invokeFunction(defaults, args, options);
}

/**
 * {@link getShieldZoneDefaults} as an Output. A resource's arguments cannot spread an Output:
 * use {@link getShieldZoneDefaults} with `await`, or take single fields of this one.
 */
export function getShieldZoneDefaultsOutput(
  args: FunctionInputs<NoArgs> = {},
  options?: ShieldFunctionOptions,
): pulumi.Output<GetShieldZoneDefaultsResult> {
  return outputOf(getShieldZoneDefaults, args, options);
}
