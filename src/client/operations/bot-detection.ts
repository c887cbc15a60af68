/** `GET /shield/shield-zone/{shieldZoneId}/bot-detection`. */
import { z } from "zod";
import { pathOf, shieldZoneId } from "../arguments";
import { parseResponse } from "../response";
import { enumInt, statusEnvelopeSchema } from "../schemas";
import type { Transport } from "../transport";

const sensitivitySchema = z.strictObject({ sensitivity: enumInt.optional() });

/** `BotDetectionConfigurationState`. */
export const botDetectionSchema = z.strictObject({
  shieldZoneId: z.number().int().optional(),
  executionMode: enumInt.optional(),
  requestIntegrity: sensitivitySchema,
  ipAddress: sensitivitySchema,
  browserFingerprint: z.strictObject({
    sensitivity: enumInt.optional(),
    aggression: enumInt.optional(),
    complexEnabled: z.boolean().nullable().optional(),
  }),
});
/** A zone's bot detection configuration, as the service reports it. */
export type BotDetectionConfiguration = z.infer<typeof botDetectionSchema>;

const responseSchema = z.strictObject({
  data: botDetectionSchema,
  error: statusEnvelopeSchema.optional(),
});

/** Reads a zone's bot detection configuration. */
export async function getBotDetection(
  transport: Transport,
  zoneId: number,
): Promise<BotDetectionConfiguration> {
  const request = {
    operation: "getBotDetection",
    method: "GET" as const,
    path: pathOf("shield", "shield-zone", shieldZoneId(zoneId), "bot-detection"),
  };
  return parseResponse(responseSchema, await transport.send(request), request).data;
}
