/**
 * The shield zone itself: `GET /shield/shield-zone/{id}`, `GET …/get-by-pullzone/{pullZoneId}`,
 * `GET /shield/shield-zones` (paged), `POST /shield/shield-zone` (and `…/under-attack`),
 * `PATCH /shield/shield-zone`; the recommended settings (`GET /shield/shield-zone/defaults`) and
 * every zone's pull zone (`GET /shield/shield-zones/pullzone-mapping`).
 */
import { z } from "zod";
import {
  booleanField,
  check,
  enumField,
  fields,
  idField,
  integerField,
  integerInRange,
  multilineField,
  nameField,
  pathOf,
  positiveId,
  shieldZoneId as checkZoneId,
} from "../../arguments";
import {
  DdosExecutionMode,
  DdosShieldSensitivity,
  ShieldPlanType,
  WafExecutionMode,
  WafPayloadLimitAction,
} from "../../enums";
import {
  DEFAULT_PER_PAGE,
  MAX_PER_PAGE,
  pagedAnswer,
  PagedList,
  walkPages,
  type ListOptions,
} from "../../pagination";
import { AreaClient } from "../../area-client";
import type { RequestSpec } from "../../request";
import { enumInt, inData, lenientText, listOrEmpty, optionalText, unread } from "../../schemas";

// The zone's settings are what a resource compares: strict, but nullable throughout, since the
// service sends null for settings never set although the spec marks only some as nullable.
const flag = z.boolean().nullable().optional();
const integer = z.number().int().nullable().optional();
const enumValue = enumInt.nullable().optional();
const names = listOrEmpty(z.string());

/** `ShieldZoneResponse`, as far as the package reads it. */
const shieldZoneSchema = z.object({
  shieldZoneId: z.number().int(),
  pullZoneId: integer,
  planType: enumValue,
  learningMode: flag,
  learningModeUntil: optionalText,
  wafEnabled: flag,
  wafExecutionMode: enumValue,
  wafDisabledRules: names,
  wafLogOnlyRules: names,
  wafCustomRuleOrder: listOrEmpty(z.number().int()),
  wafRequestHeaderLoggingEnabled: flag,
  requestBodyLoggingEnabled: flag,
  wafRequestIgnoredHeaders: names,
  wafRealtimeThreatIntelligenceEnabled: flag,
  wafProfileId: integer,
  wafEngineConfig: unread,
  wafRequestBodyLimitAction: enumValue,
  wafResponseBodyLimitAction: enumValue,
  rateLimitRulesLimit: integer,
  customWafRulesLimit: integer,
  dDoSShieldSensitivity: enumValue,
  dDoSExecutionMode: enumValue,
  dDoSChallengeWindow: integer,
  whitelabelResponsePages: flag,
});
/**
 * A shield zone's configuration. Enums are numbers ({@link ShieldPlanType},
 * {@link WafExecutionMode}, {@link WafPayloadLimitAction}, {@link DdosShieldSensitivity},
 * {@link DdosExecutionMode}); rule lists the service leaves out are empty arrays.
 */
export type ShieldZone = z.output<typeof shieldZoneSchema>;

const zoneAnswer = inData(shieldZoneSchema);

/**
 * The read of one shield zone, as `shieldZones.get` sends it; the client's absence decision
 * (absence.ts) sends the same to learn whether a zone answers. (Internal.)
 */
export function zoneRead(shieldZoneId: number): RequestSpec<typeof zoneAnswer> {
  return {
    operation: "getShieldZone",
    method: "GET",
    path: pathOf("shield", "shield-zone", checkZoneId(shieldZoneId)),
    schema: zoneAnswer,
  };
}
const listAnswer = pagedAnswer(shieldZoneSchema);

/** What `create` answers (`CreateShieldZoneResponse.data`): the new zone's settings under `shieldZone`. */
const createdAnswer = inData(
  z.object({
    pullZoneId: z.number().int().nullable().optional(),
    shieldZone: shieldZoneSchema,
  }),
);

/** `UpdateShieldZoneResponse.data`: the request echoed, its `shieldZone` read like a zone. */
const updatedAnswer = inData(
  z.object({
    shieldZoneId: z.number().int().optional(),
    shieldZone: shieldZoneSchema.extend({ shieldZoneId: z.number().int().optional() }),
  }),
);

/** The zone a create answers, with its pull zone wherever the answer gives it. */
function createdZone(
  created: z.output<typeof createdAnswer>["data"],
  pullZone: number,
): ShieldZone {
  return {
    ...created.shieldZone,
    pullZoneId: created.shieldZone.pullZoneId ?? created.pullZoneId ?? pullZone,
  };
}

const ruleIds = z.array(z.string({ error: "expected a string" }), {
  error: "expected an array of rule ids",
});
const headerNames = z.array(nameField, { error: "expected an array of header names" });

/** The wire schema of a settings write, which the resource declarations are checked against (test/resources/wire-agreement.test.ts). */
export const settingsSchema = fields(
  {
    planType: enumField(ShieldPlanType).optional(),
    learningMode: booleanField.nullable().optional(),
    learningModeUntil: nameField.nullable().optional(),
    wafEnabled: booleanField.nullable().optional(),
    wafExecutionMode: enumField(WafExecutionMode).optional(),
    wafDisabledRules: ruleIds.nullable().optional(),
    wafLogOnlyRules: ruleIds.nullable().optional(),
    wafCustomRuleOrder: z.array(idField).nullable().optional(),
    wafRequestHeaderLoggingEnabled: booleanField.nullable().optional(),
    requestBodyLoggingEnabled: booleanField.nullable().optional(),
    wafRequestIgnoredHeaders: headerNames.nullable().optional(),
    wafRealtimeThreatIntelligenceEnabled: booleanField.nullable().optional(),
    wafProfileId: integerField(0, 2_147_483_647).nullable().optional(),
    wafEngineConfig: z
      .array(
        fields(
          { name: nameField, valueEncoded: multilineField(65_536) },
          "expected {name, valueEncoded}",
        ),
      )
      .nullable()
      .optional(),
    wafRequestBodyLimitAction: enumField(WafPayloadLimitAction).optional(),
    wafResponseBodyLimitAction: enumField(WafPayloadLimitAction).optional(),
    dDoSShieldSensitivity: enumField(DdosShieldSensitivity).optional(),
    // Not in the published ShieldZoneRequest, but read from it: the official Terraform
    // provider sets the DDoS mode this way.
    dDoSExecutionMode: enumField(DdosExecutionMode).optional(),
    dDoSChallengeWindow: integerField(0, 2_147_483_647).nullable().optional(),
    whitelabelResponsePages: booleanField.nullable().optional(),
  },
  "expected an object of shield zone settings",
);
/**
 * The writable settings of a shield zone (`ShieldZoneRequest`, in the API's spelling), all
 * optional: what is left out keeps its value (null too, where the API allows it).
 */
export type ShieldZoneSettings = z.input<typeof settingsSchema>;

/** `ShieldZoneDefaults`: what the service recommends for a new zone, read to be applied. */
const defaultsSchema = z.object({
  shieldZone: shieldZoneSchema.extend({ shieldZoneId: integer }),
  botDetectionExecutionMode: enumValue,
  csamScanningMode: enumValue,
  antivirusScanningMode: enumValue,
  accessLists: listOrEmpty(
    z.object({
      listId: z.number().int(),
      name: optionalText,
      description: lenientText,
      requiredPlan: enumValue,
      action: enumValue,
    }),
  ),
});
const defaultsAnswer = inData(defaultsSchema);

/**
 * The settings the service recommends for a new shield zone: the zone's own, bot detection's
 * mode, upload scanning's modes, and the managed access lists it suggests with their actions.
 * Enums are numbers.
 */
export type ShieldZoneDefaults = z.output<typeof defaultsSchema>;

const mappingSchema = z.object({ shieldZoneId: z.number().int(), pullZoneId: integer });
const mappingAnswer = inData(listOrEmpty(mappingSchema));
/** A shield zone and its pull zone. */
export type ShieldZonePullZone = z.output<typeof mappingSchema>;

/** `client.shieldZones`: the shield zones of the account, one per pull zone. */
export class ShieldZonesApi extends AreaClient {
  /** Reads a shield zone. */
  async get(shieldZoneId: number): Promise<ShieldZone> {
    return this.requestData(zoneRead(shieldZoneId));
  }

  /** Reads the shield zone of a pull zone; a NotFoundError when the pull zone has none. */
  async getByPullZone(pullZoneId: number): Promise<ShieldZone> {
    return this.requestData({
      operation: "getShieldZoneByPullZone",
      method: "GET",
      path: pathOf(
        "shield",
        "shield-zone",
        "get-by-pullzone",
        positiveId(pullZoneId, "pullZoneId"),
      ),
      schema: zoneAnswer,
    });
  }

  /** Every shield zone of the account, read page by page: iterate it, or await it for an array. */
  list(options: ListOptions = {}): PagedList<ShieldZone> {
    return new PagedList(() => {
      const perPage =
        options?.perPage === undefined
          ? DEFAULT_PER_PAGE
          : integerInRange(options.perPage, "perPage", 1, MAX_PER_PAGE);
      return walkPages(
        (page) =>
          this.request({
            operation: "listShieldZones",
            method: "GET",
            path: "/shield/shield-zones",
            query: { page, perPage },
            schema: listAnswer,
          }),
        (zone) => zone.shieldZoneId,
      );
    });
  }

  /**
   * Creates the shield zone of a pull zone and returns it. Retried only after a 429 (a POST); a pull zone
   * that already has one fails with a ConflictError: read it with {@link getByPullZone} instead.
   */
  async create(pullZoneId: number, settings: ShieldZoneSettings = {}): Promise<ShieldZone> {
    const pullZone = positiveId(pullZoneId, "pullZoneId");
    const shieldZone = check(settingsSchema, settings, "settings");
    const created = await this.requestData({
      operation: "createShieldZone",
      method: "POST",
      path: "/shield/shield-zone",
      body: { pullZoneId: pullZone, shieldZone },
      schema: createdAnswer,
    });
    return createdZone(created, pullZone);
  }

  /**
   * Creates the shield zone of a pull zone under attack now: every protection at its most
   * defensive (DDoS `Challenge`, WAF blocking, bot detection challenging). Like {@link create},
   * retried only after a 429, and a ConflictError when the pull zone has one already.
   */
  async createUnderAttack(
    pullZoneId: number,
    planType: (typeof ShieldPlanType)[keyof typeof ShieldPlanType],
  ): Promise<ShieldZone> {
    const pullZone = positiveId(pullZoneId, "pullZoneId");
    const plan = check(enumField(ShieldPlanType), planType, "planType");
    const created = await this.requestData({
      operation: "createUnderAttackShieldZone",
      method: "POST",
      path: "/shield/shield-zone/under-attack",
      body: { pullZoneId: pullZone, planType: plan },
      schema: createdAnswer,
    });
    return createdZone(created, pullZone);
  }

  /** The settings the service recommends for a new shield zone. */
  async getDefaults(): Promise<ShieldZoneDefaults> {
    return this.requestData({
      operation: "getShieldZoneDefaults",
      method: "GET",
      path: "/shield/shield-zone/defaults",
      schema: defaultsAnswer,
    });
  }

  /** Every shield zone of the account with its pull zone, in one request. */
  async listPullZoneMapping(): Promise<ShieldZonePullZone[]> {
    return this.requestData({
      operation: "listPullZoneMapping",
      method: "GET",
      path: "/shield/shield-zones/pullzone-mapping",
      schema: mappingAnswer,
    });
  }

  /**
   * Changes a shield zone's settings; what is left out keeps its value. The values are
   * absolute, so the request is retried where that is safe. Returns the settings as the
   * service echoes them (`UpdateShieldZoneResponse.data.shieldZone`): fields outside
   * `ShieldZoneRequest` (`pullZoneId`, the limits) are absent there; {@link get} reads them.
   */
  async update(shieldZoneId: number, settings: ShieldZoneSettings): Promise<ShieldZone> {
    const zone = checkZoneId(shieldZoneId);
    const shieldZone = check(settingsSchema, settings, "settings");
    const echo = await this.requestData({
      operation: "updateShieldZone",
      method: "PATCH",
      path: "/shield/shield-zone",
      body: { shieldZoneId: zone, shieldZone: { shieldZoneId: zone, ...shieldZone } },
      idempotent: true,
      schema: updatedAnswer,
    });
    return {
      ...echo.shieldZone,
      shieldZoneId: echo.shieldZone.shieldZoneId ?? echo.shieldZoneId ?? zone,
    };
  }
}
