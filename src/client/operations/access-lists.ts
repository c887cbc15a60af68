/**
 * Access lists of a zone: `GET /shield/shield-zone/{id}/access-lists` (the only way
 * to read a configuration back) and
 * `PATCH /shield/shield-zone/{id}/access-lists/configurations/{configurationId}`.
 */
import { z } from "zod";
import { onlyKnownFields, pathOf, positiveId, shieldZoneId } from "../arguments";
import { AccessListAction, enumValues } from "../enums";
import { InvalidArgumentError } from "../errors";
import { parseResponse } from "../response";
import { enumInt, optionalText, statusEnvelopeSchema } from "../schemas";
import type { Transport } from "../transport";

/** `AccessListDetails`: one managed or custom list and its configuration in a zone. */
export const accessListSchema = z.strictObject({
  listId: z.number().int(),
  configurationId: z.number().int(),
  name: optionalText,
  // Not in the published schema, but sent by the service (API notes); tolerated.
  description: optionalText,
  isEnabled: z.boolean(),
  type: enumInt,
  category: enumInt.optional(),
  action: enumInt,
  requiredPlan: enumInt.optional(),
  entryCount: z.number().int(),
  updateFrequency: optionalText,
  lastUpdated: z.string(),
});
/** One access list of a zone, with its configuration. */
export type AccessList = z.infer<typeof accessListSchema>;

const listOrEmpty = z
  .array(accessListSchema)
  .nullable()
  .optional()
  .transform((lists) => lists ?? []);
const optionalCount = z.number().int().nullable().optional();

const accessListsResponseSchema = z.strictObject({
  managedLists: listOrEmpty,
  customLists: listOrEmpty,
  customEntryCount: optionalCount,
  customEntryLimit: optionalCount,
  customListCount: optionalCount,
  customListLimit: optionalCount,
  error: statusEnvelopeSchema.optional(),
});
/** A zone's access lists; missing arrays are given as empty ones. */
export type AccessLists = z.output<typeof accessListsResponseSchema>;

/** Lists a zone's managed and custom access lists, each with its `configurationId`. */
export async function listAccessLists(transport: Transport, zoneId: number): Promise<AccessLists> {
  const request = {
    operation: "listAccessLists",
    method: "GET" as const,
    path: pathOf("shield", "shield-zone", shieldZoneId(zoneId), "access-lists"),
  };
  return parseResponse(accessListsResponseSchema, await transport.send(request), request);
}

/** A numeric {@link AccessListAction} value. */
export type AccessListActionValue = (typeof AccessListAction)[keyof typeof AccessListAction];

/** The changes a PATCH may carry. At least one is required. */
export interface AccessListConfigurationChange {
  isEnabled?: boolean;
  action?: AccessListActionValue;
}

const configurationSchema = z.strictObject({
  isEnabled: z.boolean().nullable().optional(),
  action: enumInt.optional(),
});
/** A configuration's state as the service reports it after an update. */
export type AccessListConfigurationState = z.infer<typeof configurationSchema>;

const updateResponseSchema = z.strictObject({
  data: configurationSchema,
  error: statusEnvelopeSchema.optional(),
});

const CHANGE_FIELDS = ["isEnabled", "action"] as const;
const ACTIONS: readonly number[] = enumValues(AccessListAction);

/**
 * Switches an access list configuration on or off and/or sets its action.
 * The values are absolute, so the request is safe to retry.
 */
export async function updateAccessListConfiguration(
  transport: Transport,
  zoneId: number,
  configurationId: number,
  change: AccessListConfigurationChange,
): Promise<AccessListConfigurationState> {
  const body = validateChange(change);
  const request = {
    operation: "updateAccessListConfiguration",
    method: "PATCH" as const,
    path: pathOf(
      "shield",
      "shield-zone",
      shieldZoneId(zoneId),
      "access-lists",
      "configurations",
      positiveId(configurationId, "configurationId"),
    ),
    body,
    idempotent: true,
  };
  return parseResponse(updateResponseSchema, await transport.send(request), request).data;
}

function validateChange(change: unknown): AccessListConfigurationChange {
  if (typeof change !== "object" || change === null || Array.isArray(change)) {
    throw new InvalidArgumentError(
      "change",
      change,
      "expected an object with isEnabled and/or action",
    );
  }
  onlyKnownFields(change, CHANGE_FIELDS, "change");
  const { isEnabled, action } = change as Record<string, unknown>;
  if (isEnabled !== undefined && typeof isEnabled !== "boolean") {
    throw new InvalidArgumentError("change.isEnabled", isEnabled, "expected true or false");
  }
  if (action !== undefined && (typeof action !== "number" || !ACTIONS.includes(action))) {
    throw new InvalidArgumentError(
      "change.action",
      action,
      `expected one of ${Object.entries(AccessListAction)
        .map(([name, value]) => `${value} (${name})`)
        .join(", ")}`,
    );
  }
  if (isEnabled === undefined && action === undefined) {
    throw new InvalidArgumentError(
      "change",
      change,
      "nothing to change: give isEnabled and/or action",
    );
  }
  return {
    ...(isEnabled === undefined ? {} : { isEnabled }),
    ...(action === undefined ? {} : { action: action as AccessListActionValue }),
  };
}
