/** `GET` and `PATCH /shield/shield-zone/{shieldZoneId}/bot-detection`. */
import { z } from "zod";
import {
  booleanField,
  changeOf,
  check,
  enumField,
  fields,
  pathOf,
  shieldZoneId as checkZoneId,
} from "../../arguments";
import {
  BotDetectionExecutionMode,
  BotDetectionSensitivity,
  BrowserFingerprintAggression,
} from "../../enums";
import { PlanRestrictionError } from "../../errors";
import { AreaClient } from "../../area-client";
import { enumInt, inData } from "../../schemas";

// Every field is read (the data function shows them all, a resource compares them): strict.
const sensitivitySchema = z.object({ sensitivity: enumInt.optional() });

/** `BotDetectionConfigurationState`. */
export const botDetectionSchema = z.object({
  shieldZoneId: z.number().int().optional(),
  executionMode: enumInt.optional(),
  requestIntegrity: sensitivitySchema,
  ipAddress: sensitivitySchema,
  browserFingerprint: z.object({
    sensitivity: enumInt.optional(),
    aggression: enumInt.optional(),
    complexEnabled: z.boolean().nullable().optional(),
  }),
});
/** A zone's bot detection configuration, as the service reports it. */
export type BotDetectionConfiguration = z.output<typeof botDetectionSchema>;

const answerSchema = inData(botDetectionSchema);

const sensitivityChange = fields({
  sensitivity: enumField(BotDetectionSensitivity).optional(),
});

/** The wire schema of a change, which the resource declarations are checked against (test/resources/wire-agreement.test.ts). */
export const changeSchema = changeOf(
  {
    executionMode: enumField(BotDetectionExecutionMode).optional(),
    requestIntegrity: sensitivityChange.optional(),
    ipAddress: sensitivityChange.optional(),
    browserFingerprint: fields({
      sensitivity: enumField(BotDetectionSensitivity).optional(),
      aggression: enumField(BrowserFingerprintAggression).optional(),
      complexEnabled: booleanField.nullable().optional(),
    }).optional(),
  },
  "executionMode, requestIntegrity, ipAddress and/or browserFingerprint",
);
/**
 * The changes a bot detection update may carry (`UpdateBotDetectionRequest` without its
 * `shieldZoneId`): `executionMode` ({@link BotDetectionExecutionMode}), `requestIntegrity`
 * and `ipAddress` (`{sensitivity}`, {@link BotDetectionSensitivity}) and `browserFingerprint`
 * (`{sensitivity, aggression, complexEnabled}`). At least one is required; what is left
 * out keeps its value.
 */
export type BotDetectionChange = z.input<typeof changeSchema>;

/**
 * The errorKey of the service's refusal of a zone whose plan has no bot detection (Basic): a
 * read answers it with HTTP 202, a change with 403.
 */
export const BOT_DETECTION_NOT_ON_PLAN = "invalid_plan_type.bot_detection";

/**
 * True when `error` is the service saying that the zone's plan has no bot detection
 * ({@link BOT_DETECTION_NOT_ON_PLAN}), as it answers a Basic zone's read and change.
 */
export function isBotDetectionNotOnPlan(error: unknown): error is PlanRestrictionError {
  return error instanceof PlanRestrictionError && error.errorKey === BOT_DETECTION_NOT_ON_PLAN;
}

/** `client.botDetection`: a zone's bot detection configuration. */
export class BotDetectionApi extends AreaClient {
  /**
   * Reads a zone's bot detection configuration.
   *
   * @throws `PlanRestrictionError` ({@link isBotDetectionNotOnPlan}) for a zone whose plan has
   * no bot detection: the service answers a Basic zone with HTTP 202 and
   * `invalid_plan_type.bot_detection`, and no settings.
   */
  async get(shieldZoneId: number): Promise<BotDetectionConfiguration> {
    return this.requestData({
      operation: "getBotDetection",
      method: "GET",
      path: pathOf("shield", "shield-zone", checkZoneId(shieldZoneId), "bot-detection"),
      schema: answerSchema,
    });
  }

  /**
   * Changes a zone's bot detection configuration and returns it as the service reports it.
   * The values are absolute, so the request is retried where that is safe.
   */
  async update(
    shieldZoneId: number,
    change: BotDetectionChange,
  ): Promise<BotDetectionConfiguration> {
    const zone = checkZoneId(shieldZoneId);
    const body = check(changeSchema, change, "change");
    return this.requestData({
      operation: "updateBotDetection",
      method: "PATCH",
      path: pathOf("shield", "shield-zone", zone, "bot-detection"),
      body: { shieldZoneId: zone, ...body },
      idempotent: true,
      schema: answerSchema,
    });
  }
}
