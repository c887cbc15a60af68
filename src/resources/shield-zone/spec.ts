/**
 * `ShieldZone` on the kit: the shield zone of a pull zone, as adopted settings. Create adopts
 * the pull zone's shield zone, or creates it when there is none; the service has no delete.
 */
import { inputSchemaOf } from "../kit/check";
import { declaration } from "./declaration";
import type { ShieldZone } from "../../client";
import {
  DdosExecutionMode,
  DdosShieldSensitivity,
  ShieldPlanType,
  WafExecutionMode,
  WafPayloadLimitAction,
  enumName,
} from "../../client/enums";
import { serviceSaysAbsent } from "../../client/absence";
import { ShieldError } from "../../client/errors";
import type { ShieldClient } from "../../client/shield-client";
import { adoptedLifecycle } from "../kit/adopted";
import { enumNumber } from "../kit/fields";
import { createOnce } from "../kit/lost-answer";

const KIND = declaration.kind;

/** The inputs that are not zone settings: the key, and what create and delete do. */
const NOT_SETTINGS = ["pullZoneId", "underAttack", "onDelete"] as const;

/** The settings, by input name; each is left as the service has it when omitted. */
type Setting = Exclude<keyof typeof declaration.inputs, (typeof NOT_SETTINGS)[number]>;
const SETTINGS = Object.keys(declaration.inputs).filter(
  (name) => !(NOT_SETTINGS as readonly string[]).includes(name),
) as Setting[];

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

/** The schemas of its inputs, from the declaration. */
export const inputSchema = inputSchemaOf(declaration);

/**
 * The live rule order as a resource that declares `declared` sees it: only the declared rules,
 * in their live order. A rule the service adds or a program leaves out changes nothing, so the
 * order is compared without churn. Without a declaration, the whole live order.
 */
function declaredOrder(live: readonly number[], declared: unknown): number[] {
  if (!Array.isArray(declared)) return [...live];
  return live.filter((id) => declared.includes(id));
}

/**
 * The zone `read` gives, or undefined when the service confirms there is none (its own
 * `not_found…`: a bare 404 of the zone's own read is not settled by reading the zone again).
 */
async function unlessGone(read: () => Promise<ShieldZone>): Promise<ShieldZone | undefined> {
  try {
    return await read();
  } catch (error) {
    if (serviceSaysAbsent(error)) return undefined;
    throw error;
  }
}

const byPullZone = (client: ShieldClient, pullZoneId: number) =>
  unlessGone(() => client.shieldZones.getByPullZone(pullZoneId));

/** The lifecycle `dispatch` runs for this kind. */
export const lifecycle = adoptedLifecycle<ShieldZone>({
  declaration,
  inputs: inputSchema,
  managedFields: SETTINGS,
  id: (_keys, live) => String(live.shieldZoneId),
  keysOf(id, outputs) {
    if (outputs.pullZoneId !== undefined) return { pullZoneId: outputs.pullZoneId };
    // An import has the id alone, which is the shield zone's.
    if (!/^\d+$/.test(id)) {
      throw new ShieldError(`${KIND}: the id ${JSON.stringify(id)} is not a shield zone id.`);
    }
    return { shieldZoneId: Number(id) };
  },
  read: (client, keys) =>
    keys.pullZoneId !== undefined
      ? byPullZone(client, Number(keys.pullZoneId))
      : unlessGone(() => client.shieldZones.get(Number(keys.shieldZoneId))),
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
  outputs: (live, keys) => ({
    shieldZoneId: live.shieldZoneId,
    // Read by its id (an import), the zone names its pull zone itself.
    pullZoneId: keys.pullZoneId ?? live.pullZoneId,
    ddosExecutionMode:
      live.dDoSExecutionMode === undefined || live.dDoSExecutionMode === null
        ? null
        : enumName(DdosExecutionMode, live.dDoSExecutionMode),
    rateLimitRulesLimit: live.rateLimitRulesLimit ?? null,
    customWafRulesLimit: live.customWafRulesLimit ?? null,
  }),
});
