/** `generate`'s part for `BotDetection`: the zone's bot detection, which a Basic zone lacks. */
import { isBotDetectionNotOnPlan } from "../../client/areas/bot-detection";
import {
  existingKind,
  isGap,
  notOnPlanNote,
  orGap,
  pickMembers,
  serviceDefaults,
  stated,
} from "../../generate/existing";
import { BOT_DETECTION_DEFAULTS } from "../../functions/bot-detection";
import { declaration } from "./declaration";
import { inputSchema } from "./spec";

/**
 * The settings, compared with the service's defaults: its mode as the service states it, and
 * the signals as bunny.net's Terraform provider reads them for a zone that has none
 * ({@link BOT_DETECTION_DEFAULTS}: every signal off, low aggression, no complex fingerprinting).
 */
export const existing = existingKind({
  declaration,
  inputs: inputSchema,
  read: ({ client, zoneId, plan, step, progress }) =>
    step("its bot detection", () =>
      // Only a Basic zone is expected to lack it: a refusal on another plan is a failure.
      orGap(client.botDetection.get(zoneId), (e) => isBotDetectionNotOnPlan(e) && plan === "Basic"),
    ).then((read) => {
      progress(isGap(read) ? `bot detection: not on the ${plan} plan` : "bot detection");
      return read;
    }),
  describe: (context, read) => {
    if (isGap(read)) return notOnPlanNote("Bot detection", context.read.plan, read);
    return [
      {
        name: context.names.take("bot detection", "", "bot-detection"),
        raw: { ...pickMembers(read, inputSchema.fields), shieldZoneId: context.zone },
        defaults: serviceDefaults(inputSchema, {
          ...BOT_DETECTION_DEFAULTS,
          ...stated({ executionMode: context.defaults.botDetectionExecutionMode }),
        }),
      },
    ];
  },
});
