/** `getBotDetection`: a zone's bot detection configuration, read-only. */
import type * as pulumi from "@pulumi/pulumi";
import {
  BotDetectionExecutionMode,
  BotDetectionSensitivity,
  BrowserFingerprintAggression,
  enumName,
} from "../client/enums";
import {
  isBotDetectionNotOnPlan,
  type BotDetectionConfiguration,
} from "../client/areas/bot-detection";
import type { Integer } from "../client/arguments";
import {
  FunctionInputs,
  FunctionSpec,
  invokeFunction,
  outputOf,
  ShieldFunctionOptions,
  zoneFunction,
} from "./common";

/** Arguments of {@link getBotDetection}. */
export interface GetBotDetectionArgs {
  /** The shield zone's id. */
  shieldZoneId: Integer;
}

/** Arguments of {@link getBotDetectionOutput}: the same, as `pulumi.Input`s. */
export type GetBotDetectionOutputArgs = FunctionInputs<GetBotDetectionArgs>;

/** How sensitive one bot detection signal is. */
export interface BotDetectionSignal {
  /** 0 Off, 1 Low, 2 Medium, 3 High; null when the service sent none. */
  sensitivity: number | null;
  /** The name of {@link BotDetectionSignal.sensitivity}, e.g. `"Medium"` (the number as text, e.g. `"7"`, for a value this version does not know). */
  sensitivityName: string | null;
}

/** Browser fingerprinting: a signal with an aggression level. */
export interface BrowserFingerprintSignal extends BotDetectionSignal {
  /** 0 Unknown, 1 Low, 2 Medium, 3 High, 4 Custom; null when the service sent none. */
  aggression: number | null;
  /** The name of {@link BrowserFingerprintSignal.aggression}, e.g. `"High"`. */
  aggressionName: string | null;
  /** Whether complex fingerprinting is on; null when the service sent none. */
  complexEnabled: boolean | null;
}

/** The result of {@link getBotDetection}: plain JSON, absent values are null. */
export interface GetBotDetectionResult {
  /** The zone that was asked about. */
  shieldZoneId: Integer;
  /**
   * Whether the zone's plan has bot detection. False for a Basic zone, whose settings the
   * service does not show (it answers `invalid_plan_type.bot_detection`): the other fields are
   * then {@link BOT_DETECTION_DEFAULTS}, bot detection doing nothing, as bunny.net's Terraform
   * provider substitutes them.
   */
  availableOnPlan: boolean;
  /** 0 LogOnly, 1 Challenge; null when the service sent none. */
  executionMode: number | null;
  /** The name of {@link GetBotDetectionResult.executionMode}, e.g. `"Challenge"`. */
  executionModeName: string | null;
  /** The request integrity signal. */
  requestIntegrity: BotDetectionSignal;
  /** The IP address reputation signal. */
  ipAddress: BotDetectionSignal;
  /** The browser fingerprint signal. */
  browserFingerprint: BrowserFingerprintSignal;
}

/**
 * What {@link getBotDetection} reports for a zone whose plan has no bot detection: log only,
 * every signal off, low aggression, no complex fingerprinting (the values bunny.net's Terraform
 * provider substitutes for the service's refusal).
 */
export const BOT_DETECTION_DEFAULTS: Readonly<BotDetectionConfiguration> = Object.freeze({
  executionMode: BotDetectionExecutionMode.LogOnly,
  requestIntegrity: { sensitivity: BotDetectionSensitivity.Off },
  ipAddress: { sensitivity: BotDetectionSensitivity.Off },
  browserFingerprint: {
    sensitivity: BotDetectionSensitivity.Off,
    aggression: BrowserFingerprintAggression.Low,
    complexEnabled: false,
  },
});

const botDetection: FunctionSpec<GetBotDetectionArgs, GetBotDetectionResult> = {
  name: "getBotDetection",
  ...zoneFunction,
  async run(client, { shieldZoneId: zone }) {
    let data: BotDetectionConfiguration = BOT_DETECTION_DEFAULTS;
    let availableOnPlan = true;
    try {
      data = await client.botDetection.get(zone);
    } catch (error) {
      // A Basic zone: not a failure of the look-up, a fact about the zone.
      if (!isBotDetectionNotOnPlan(error)) throw error;
      availableOnPlan = false;
    }
    const executionMode = named(BotDetectionExecutionMode, data.executionMode);
    const sensitivity = (value: number | undefined): BotDetectionSignal => {
      const { value: level, name } = named(BotDetectionSensitivity, value);
      return { sensitivity: level, sensitivityName: name };
    };
    const aggression = named(BrowserFingerprintAggression, data.browserFingerprint.aggression);
    return {
      shieldZoneId: zone,
      availableOnPlan,
      executionMode: executionMode.value,
      executionModeName: executionMode.name,
      requestIntegrity: sensitivity(data.requestIntegrity.sensitivity),
      ipAddress: sensitivity(data.ipAddress.sensitivity),
      browserFingerprint: {
        ...sensitivity(data.browserFingerprint.sensitivity),
        aggression: aggression.value,
        aggressionName: aggression.name,
        complexEnabled: data.browserFingerprint.complexEnabled ?? null,
      },
    };
  },
};

function named(
  enumeration: Record<string, number>,
  value: number | undefined,
): { value: number | null; name: string | null } {
  return value === undefined
    ? { value: null, name: null }
    : { value, name: enumName(enumeration, value) };
}

/**
 * Reads a shield zone's bot detection configuration, with the names of its enum
 * values. Runs during preview and update. A zone whose plan has no bot detection (Basic) is
 * no error: `availableOnPlan` is then false, and the settings {@link BOT_DETECTION_DEFAULTS}.
 *
 * @throws `InvalidArgumentError` for a bad `shieldZoneId` (nothing is sent),
 * `MissingCredentialsError` without an API key, `NotFoundError` for a zone that
 * does not exist or is not yours, `AuthenticationError` for a refused key; every
 * message starts with `getBotDetection for shield zone <id>:`.
 *
 * @example
 * ```ts
 * import { getBotDetection } from "pulumi-bunnynet-shield";
 *
 * const bots = await getBotDetection({ shieldZoneId: 12345 });
 * console.log(bots.executionModeName, bots.browserFingerprint.aggressionName);
 * ```
 */
export function getBotDetection(
  args: GetBotDetectionArgs,
  options?: ShieldFunctionOptions,
): Promise<GetBotDetectionResult> {
  return invokeFunction(botDetection, args, options);
}

/**
 * {@link getBotDetection} for `pulumi.Input`s: the result is an Output, unknown
 * while an input is unknown (during preview), and secret when an input is secret.
 *
 * @example
 * ```ts
 * import * as pulumi from "@pulumi/pulumi";
 * import { getBotDetectionOutput } from "pulumi-bunnynet-shield";
 *
 * const zoneId = new pulumi.Config().requireNumber("shieldZoneId");
 * export const botMode = getBotDetectionOutput({ shieldZoneId: zoneId }).executionModeName;
 * ```
 */
export function getBotDetectionOutput(
  args: GetBotDetectionOutputArgs,
  options?: ShieldFunctionOptions,
): pulumi.Output<GetBotDetectionResult> {
  return outputOf(getBotDetection, args, options);
}
