/** zod schemas shared by several operations. Operation-specific ones live with their operation. */
import { z } from "zod";

/** A nullable, optional string: how the API sends most text fields. */
export const optionalText = z.string().nullable().optional();

/**
 * An enum value sent by the service. Any integer is accepted, so that a value added
 * to the API later does not break reads; the enums in `enums.ts` name the known ones.
 */
export const enumInt = z.number().int();

/** `GenericRequestResponse`, the status envelope carried by most Shield answers. */
export const statusEnvelopeSchema = z.strictObject({
  statusCode: z.number().int().optional(),
  success: z.boolean().optional(),
  message: optionalText,
  errorKey: optionalText,
});
/** The status envelope the Shield API attaches to its answers. */
export type StatusEnvelope = z.infer<typeof statusEnvelopeSchema>;
