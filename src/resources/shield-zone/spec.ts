/**
 * `ShieldZone` on the kit: the shield zone of a pull zone, as adopted settings. Create adopts
 * the pull zone's shield zone, or creates it when there is none; the service has no delete.
 */
import { declaredInputs } from "../kit/check";
import { declaration } from "./declaration";
import { z } from "zod";
import type { ShieldZone } from "../../client";
import {
  DdosExecutionMode,
  DdosShieldSensitivity,
  ShieldPlanType,
  WafExecutionMode,
  WafPayloadLimitAction,
  enumName,
} from "../../client/enums";
import { ShieldError } from "../../client/errors";
import type { ShieldClient } from "../../client/shield-client";
import { adoptedLifecycle } from "../kit/adopted";
import { confirmedGone } from "../kit/failures";
import { booleanInput, choiceInput, enumInput, enumNumber, idInput } from "../kit/fields";
import { createOnce } from "../kit/lost-answer";

const KIND = declaration.kind;

/** What deleting the resource does: put back the values Pulumi changed (default), or keep. */
export const SHIELD_ZONE_ON_DELETE = ["restore", "keep"] as const;

const ruleIds = z
  .array(z.string().trim().min(1).describe('a rule id such as "913100"'))
  .describe('a list of rule ids such as ["913100"]');
const headerNames = z
  .array(z.string().trim().min(1).describe("a header name"))
  .describe("a list of header names");
const count = z.number().int().min(0).max(2_147_483_647).describe("a whole number from 0");
/** An instant as ISO 8601 with a zone; kept as `toISOString` gives it, so that forms compare. */
const instant = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/)
  .refine((text) => !Number.isNaN(Date.parse(text)))
  .transform((text) => new Date(text).toISOString())
  .describe('an ISO 8601 time with its zone, such as "2026-12-01T00:00:00Z"');
const ruleOrder = z
  .array(z.number().int().min(1).describe("a custom WAF rule's id"))
  .refine((ids) => new Set(ids).size === ids.length, "each rule once")
  .describe("a list of custom WAF rule ids (WafCustomRule.ruleId), each once");

/** The settings, by input name; each is left as the service has it when omitted. */
const settingFields = {
  planType: enumInput(ShieldPlanType),
  learningMode: booleanInput,
  learningModeUntil: instant,
  wafEnabled: booleanInput,
  wafExecutionMode: enumInput(WafExecutionMode),
  wafDisabledRules: ruleIds,
  wafLogOnlyRules: ruleIds,
  wafCustomRuleOrder: ruleOrder,
  wafRequestHeaderLoggingEnabled: booleanInput,
  requestBodyLoggingEnabled: booleanInput,
  wafRequestIgnoredHeaders: headerNames,
  wafRealtimeThreatIntelligenceEnabled: booleanInput,
  wafProfileId: count,
  wafRequestBodyLimitAction: enumInput(WafPayloadLimitAction),
  wafResponseBodyLimitAction: enumInput(WafPayloadLimitAction),
  ddosShieldSensitivity: enumInput(DdosShieldSensitivity),
  ddosChallengeWindow: count,
  whitelabelResponsePages: booleanInput,
} as const;

type Setting = keyof typeof settingFields;
const SETTINGS = Object.keys(settingFields) as Setting[];

/** The enum of each enum setting, to name live numbers and number names back. */
const ENUMS: Partial<Record<Setting, Record<string, number>>> = {
  planType: ShieldPlanType,
  wafExecutionMode: WafExecutionMode,
  wafRequestBodyLimitAction: WafPayloadLimitAction,
  wafResponseBodyLimitAction: WafPayloadLimitAction,
  ddosShieldSensitivity: DdosShieldSensitivity,
};

/** The API spells `dDoS…` what the inputs spell `ddos…`. */
const apiName = (setting: string) => setting.replace(/^ddos/, "dDoS") as keyof ShieldZone & string;

/** One schema per input. */
export const inputSchema = declaredInputs(declaration, {
  pullZoneId: idInput,
  ...settingFields,
  underAttack: booleanInput,
  onDelete: choiceInput(SHIELD_ZONE_ON_DELETE),
});

/**
 * The live rule order as a resource that declares `declared` sees it: only the declared rules,
 * in their live order. A rule the service adds or a program leaves out changes nothing, so the
 * order is compared without churn. Without a declaration, the whole live order.
 */
function declaredOrder(live: readonly number[], declared: unknown): number[] {
  if (!Array.isArray(declared)) return [...live];
  return live.filter((id) => declared.includes(id));
}

async function byPullZone(
  client: ShieldClient,
  pullZoneId: number,
): Promise<ShieldZone | undefined> {
  try {
    return await client.shieldZones.getByPullZone(pullZoneId);
  } catch (error) {
    if (confirmedGone(error)) return undefined;
    throw error;
  }
}

/** The lifecycle `dispatch` runs for this kind. */
export const lifecycle = adoptedLifecycle<ShieldZone>({
  declaration,
  inputs: inputSchema,
  managedFields: SETTINGS,
  id: (_keys, live) => String(live.shieldZoneId),
  keysOf(id, outputs) {
    if (outputs.pullZoneId === undefined) {
      throw new ShieldError(`${KIND} ${id}: the state has no pullZoneId; run \`pulumi refresh\`.`);
    }
    return { pullZoneId: outputs.pullZoneId };
  },
  read: (client, keys) => byPullZone(client, Number(keys.pullZoneId)),
  async absent(client, keys, inputs) {
    const pullZoneId = Number(keys.pullZoneId);
    const what = `${KIND} for pull zone ${pullZoneId}`;
    // Under attack, the zone is born with every protection up; the declared settings follow.
    const plan = enumNumber(ShieldPlanType, inputs.planType ?? "Basic");
    await createOnce(
      what,
      () =>
        inputs.underAttack === true
          ? client.shieldZones.createUnderAttack(pullZoneId, plan as 0)
          : client.shieldZones.create(pullZoneId, {}),
      () => byPullZone(client, pullZoneId),
    );
    const created = await byPullZone(client, pullZoneId);
    if (!created) {
      throw new ShieldError(
        `${what}: the service accepted the creation but does not show the zone yet. Run the update again.`,
      );
    }
    return created;
  },
  settings(live, declared) {
    const values: Record<string, unknown> = {};
    for (const setting of SETTINGS) {
      const value = live[apiName(setting)];
      const enumeration = ENUMS[setting];
      values[setting] =
        value === undefined || value === null
          ? null
          : enumeration && typeof value === "number"
            ? enumName(enumeration, value)
            : value;
    }
    if (typeof values.learningModeUntil === "string") {
      const time = Date.parse(values.learningModeUntil);
      if (!Number.isNaN(time)) values.learningModeUntil = new Date(time).toISOString();
    }
    values.wafCustomRuleOrder = declaredOrder(live.wafCustomRuleOrder, declared.wafCustomRuleOrder);
    return values;
  },
  async write(client, outputs, change) {
    const zone = Number(outputs.shieldZoneId);
    const body: Record<string, unknown> = {};
    for (const [setting, value] of Object.entries(change)) {
      const enumeration = ENUMS[setting as Setting];
      body[apiName(setting)] = enumeration ? enumNumber(enumeration, value) : value;
    }
    if (Array.isArray(change.wafCustomRuleOrder)) {
      // The declared rules first, in their order; the zone's other rules after them, as they were.
      const first = change.wafCustomRuleOrder as number[];
      const live = (await client.shieldZones.get(zone)).wafCustomRuleOrder;
      body.wafCustomRuleOrder = [...first, ...live.filter((id) => !first.includes(id))];
    }
    await client.shieldZones.update(zone, body);
  },
  outputs: (live) => ({
    shieldZoneId: live.shieldZoneId,
    ddosExecutionMode:
      live.dDoSExecutionMode === undefined || live.dDoSExecutionMode === null
        ? null
        : enumName(DdosExecutionMode, live.dDoSExecutionMode),
    rateLimitRulesLimit: live.rateLimitRulesLimit ?? null,
    customWafRulesLimit: live.customWafRulesLimit ?? null,
  }),
});
