/**
 * Access lists of a zone: the listing `GET /shield/shield-zone/{id}/access-lists` (the only
 * way to read a configuration back), a configuration's `PATCH …/access-lists/configurations/{id}`,
 * and the custom lists' `GET`/`POST`/`PATCH`/`DELETE …/access-lists[/{listId}]`.
 */
import { z } from "zod";
import {
  booleanField,
  changeOf,
  check,
  displayNameField,
  enumField,
  fields,
  multilineField,
  pathOf,
  positiveId,
  shieldZoneId as checkZoneId,
} from "../../arguments";
import { AccessListAction, AccessListType } from "../../enums";
import { AreaClient } from "../../area-client";
import {
  enumInt,
  inData,
  lenientInt,
  lenientText,
  listOrEmpty,
  optionalText,
  statusEnvelopeSchema,
  unread,
  enumMapSchema,
  type EnumMap,
} from "../../schemas";

/** Longest custom access list content accepted (entries joined by line breaks), in characters. */
export const MAX_ACCESS_LIST_CONTENT_LENGTH = 10_000_000;

/**
 * `AccessListDetails`: one managed or custom list and its configuration in a zone. The ids,
 * name, flags and enums are read by the resources (strict); counts and dates are only shown.
 */
export const accessListSchema = z.object({
  listId: z.number().int(),
  configurationId: z.number().int(),
  name: optionalText,
  // Not in the published schema, but sent by the service (API notes).
  description: optionalText,
  isEnabled: z.boolean(),
  type: enumInt,
  category: enumInt.optional(),
  action: enumInt,
  requiredPlan: lenientInt,
  entryCount: lenientInt,
  // A `date-span` in the spec, sent in other forms too.
  updateFrequency: unread,
  lastUpdated: lenientText,
});
/** One access list of a zone, with its configuration. */
export type AccessList = z.output<typeof accessListSchema>;

const accessListsResponseSchema = z.object({
  managedLists: listOrEmpty(accessListSchema),
  customLists: listOrEmpty(accessListSchema),
  customEntryCount: lenientInt,
  customEntryLimit: lenientInt,
  customListCount: lenientInt,
  customListLimit: lenientInt,
  error: statusEnvelopeSchema,
});
/** A zone's access lists and its custom-list counts and limits; missing arrays are given as empty ones. */
export type AccessLists = z.output<typeof accessListsResponseSchema>;

/** A numeric {@link AccessListAction} value. */
export type AccessListActionValue = (typeof AccessListAction)[keyof typeof AccessListAction];

const configurationChangeSchema = changeOf(
  {
    isEnabled: booleanField.optional(),
    action: enumField(AccessListAction).optional(),
  },
  "isEnabled and/or action",
);
/** The changes a configuration PATCH may carry. At least one is required. */
export type AccessListConfigurationChange = z.input<typeof configurationChangeSchema>;

const configurationSchema = z.object({
  isEnabled: z.boolean().nullable().optional(),
  action: enumInt.optional(),
});
/** A configuration's state as the service reports it after an update. */
export type AccessListConfigurationState = z.output<typeof configurationSchema>;

/**
 * `CustomAccessList`: a custom list's own content. What a resource compares (id, name,
 * description, type, content) is strict; the checksum, count and date are only shown.
 */
const customAccessListSchema = z.object({
  id: z.number().int(),
  name: optionalText,
  description: optionalText,
  type: enumInt.optional(),
  content: optionalText,
  checksum: lenientText,
  entryCount: lenientInt,
  lastModified: lenientText,
});
/** A custom access list with its entries (`content`, one entry per line). */
export type CustomAccessList = z.output<typeof customAccessListSchema>;

const customListAnswer = inData(customAccessListSchema);

const createSchema = fields(
  {
    name: displayNameField,
    description: displayNameField.nullable().optional(),
    type: enumField(AccessListType),
    content: multilineField(MAX_ACCESS_LIST_CONTENT_LENGTH),
  },
  "expected an object with name, type and content",
);
/**
 * A new custom access list (`CreateCustomAccessListRequest`): `name`, optional `description`,
 * `type` ({@link AccessListType}) and `content`, the entries joined by line breaks. The name
 * and description are refused with a control character or a bidirectional mark, override or
 * isolate (U+200E, U+200F, U+202A–U+202E, U+2066–U+2069), with which a name reads as another.
 */
export type CustomAccessListCreate = z.input<typeof createSchema>;

const updateSchema = changeOf(
  {
    name: displayNameField.optional(),
    // Not in the published UpdateCustomAccessListRequest; sent only when given.
    description: displayNameField.nullable().optional(),
    content: multilineField(MAX_ACCESS_LIST_CONTENT_LENGTH).optional(),
  },
  "name, description and/or content",
);
/** The changes a custom list update may carry; what is left out keeps its value. */
export type CustomAccessListUpdate = z.input<typeof updateSchema>;

/** `client.accessLists`: a zone's managed and custom access lists and their configurations. */
export class AccessListsApi extends AreaClient {
  /** Lists a zone's managed and custom access lists, each with its `configurationId`, and the custom-list counts and limits. */
  async list(shieldZoneId: number): Promise<AccessLists> {
    return this.request({
      operation: "listAccessLists",
      method: "GET",
      path: pathOf("shield", "shield-zone", checkZoneId(shieldZoneId), "access-lists"),
      schema: accessListsResponseSchema,
    });
  }

  /**
   * Switches an access list configuration on or off and/or sets its action.
   * The values are absolute, so the request is safe to retry.
   */
  async updateConfiguration(
    shieldZoneId: number,
    configurationId: number,
    change: AccessListConfigurationChange,
  ): Promise<AccessListConfigurationState> {
    const zone = checkZoneId(shieldZoneId);
    const id = positiveId(configurationId, "configurationId");
    const body = check(configurationChangeSchema, change, "change");
    return this.requestData({
      operation: "updateAccessListConfiguration",
      method: "PATCH",
      path: pathOf("shield", "shield-zone", zone, "access-lists", "configurations", id),
      body,
      idempotent: true,
      schema: inData(configurationSchema),
    });
  }

  /** Reads a custom access list with its content. */
  async get(shieldZoneId: number, listId: number): Promise<CustomAccessList> {
    return this.requestData({
      operation: "getCustomAccessList",
      method: "GET",
      path: this.#listPath(shieldZoneId, listId),
      schema: customListAnswer,
    });
  }

  /**
   * Creates a custom access list (disabled until its configuration is updated). A POST is
   * retried only after a 429: repeated after a lost answer, it could create the list twice.
   */
  async create(shieldZoneId: number, list: CustomAccessListCreate): Promise<CustomAccessList> {
    const zone = checkZoneId(shieldZoneId);
    const body = check(createSchema, list, "list");
    return this.requestData({
      operation: "createCustomAccessList",
      method: "POST",
      path: pathOf("shield", "shield-zone", zone, "access-lists"),
      body,
      schema: customListAnswer,
    });
  }

  /** Changes a custom list's name, description and/or content (absolute values: retried where safe). */
  async update(
    shieldZoneId: number,
    listId: number,
    change: CustomAccessListUpdate,
  ): Promise<CustomAccessList> {
    const path = this.#listPath(shieldZoneId, listId);
    const body = check(updateSchema, change, "change");
    return this.requestData({
      operation: "updateCustomAccessList",
      method: "PATCH",
      path,
      body,
      idempotent: true,
      schema: customListAnswer,
    });
  }

  /** Deletes a custom access list. A list already gone fails with a NotFoundError. */
  async delete(shieldZoneId: number, listId: number): Promise<void> {
    await this.request({
      operation: "deleteCustomAccessList",
      method: "DELETE",
      path: this.#listPath(shieldZoneId, listId),
      idempotent: true,
      schema: unread,
    });
  }

  #listPath(shieldZoneId: number, listId: number): string {
    return pathOf(
      "shield",
      "shield-zone",
      checkZoneId(shieldZoneId),
      "access-lists",
      positiveId(listId, "listId"),
    );
  }

  /** The access lists' enums (types, actions, categories) as the service names them. */
  async getEnums(shieldZoneId: number): Promise<EnumMap> {
    const map = await this.request({
      operation: "getAccessListEnums",
      method: "GET",
      path: pathOf("shield", "shield-zone", checkZoneId(shieldZoneId), "access-lists", "enums"),
      schema: enumMapSchema,
    });
    return map ?? {};
  }
}
