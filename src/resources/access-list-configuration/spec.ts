/**
 * `AccessListConfiguration` on the kit: adopted settings of one access list of a zone
 * (`isEnabled`, `action`), read back through the zone's list of access lists (the only read
 * the API has for a configuration). A managed list the zone's plan does not include cannot be
 * changed (the service answers `not_available.access_list`): a write fails naming the list and
 * the plans, and delete has nothing to put back.
 */
import { inputSchemaOf } from "../kit/check";
import { declaration, ON_DELETE_CHOICES } from "./declaration";
import type { z } from "zod";
import { withContext } from "../../client/error-context";
import {
  AccessListAction,
  AccessListCategory,
  AccessListType,
  enumName,
  ShieldPlanType,
} from "../../client/enums";
import { PlanRestrictionError, ShieldError } from "../../client/errors";
import type { AccessList, AccessListConfigurationState } from "../../client/areas/access-lists";
import type { ShieldClient } from "../../client/shield-client";
import { adoptedLifecycle, NOTHING_TO_RESTORE } from "../kit/adopted";
import { enumNumber } from "../kit/fields";
import { planNameOf } from "../kit/plans";

const KIND = declaration.kind;

export { ON_DELETE_CHOICES };
/** What deleting the resource does on the service: one of {@link ON_DELETE_CHOICES}. */
export type OnDelete = (typeof ON_DELETE_CHOICES)[number];

/** A name of `AccessListAction`, the one way actions are stored. */
export type ActionName = keyof typeof AccessListAction;

/** A category of a managed list: a name of `AccessListCategory` but `None`. */
export type CategoryName = Exclude<keyof typeof AccessListCategory, "None">;

/** The schemas of its inputs, from the declaration, so that each bad property gets its own CheckFailure. */
export const inputSchema = inputSchemaOf(declaration);

/** Every input, each optional, as `check` leaves it. @inline */
type Inputs = { [K in keyof typeof inputSchema.fields]?: z.output<(typeof inputSchema.fields)[K]> };

/** The resource's inputs after `check`: validated, with `action` as a name. */
export type AccessListConfigurationInputs = Required<
  Pick<Inputs, "shieldZoneId" | "configurationId" | "isEnabled">
> &
  Pick<Inputs, "action" | "category" | "onDelete">;

/** The resource's outputs. Every field is JSON: no `undefined`, so that the engine accepts them. */
export interface AccessListConfigurationOutputs {
  /** The shield zone. */
  shieldZoneId: number;
  /** The configuration. */
  configurationId: number;
  /** Whether the list is switched on. */
  isEnabled: boolean;
  /** A name of `AccessListAction`, or the number's text (`"7"`) for one this version does not name. */
  action: string;
  /** What deleting the resource does on the service. */
  onDelete: OnDelete;
  /** The access list's own id. */
  listId: number;
  /** The list's display name. */
  name: string | null;
  /** What the list matches on, by name. */
  type: string;
  /** A managed list's category by name, or null. */
  category: string | null;
  /** `isEnabled` as it was before Pulumi adopted the configuration. */
  priorIsEnabled: boolean;
  /** `action` as it was before Pulumi adopted the configuration. */
  priorAction: string;
  /** The values before Pulumi's first write of the fields it manages; `restore` puts these back (absent in state written by 0.1.0). */
  priors?: { isEnabled?: boolean; action?: string };
}

async function find(
  client: ShieldClient,
  keys: Record<string, unknown>,
): Promise<AccessList | undefined> {
  const { managedLists, customLists } = await client.accessLists.list(Number(keys.shieldZoneId));
  return [...managedLists, ...customLists].find((l) => l.configurationId === keys.configurationId);
}

/** True for the service's refusal of a list the zone's plan does not include. */
const listNotOnPlan = (error: unknown): error is PlanRestrictionError =>
  error instanceof PlanRestrictionError && error.errorKey === "not_available.access_list";

/** `error` (a list the plan does not include), naming the list, the plan it needs and the zone's. */
async function notOnPlan(
  client: ShieldClient,
  outputs: Record<string, unknown>,
  error: unknown,
): Promise<unknown> {
  const keys = { shieldZoneId: outputs.shieldZoneId, configurationId: outputs.configurationId };
  const [live, plan] = await Promise.all([
    find(client, keys).catch(() => undefined),
    planNameOf(client, Number(outputs.shieldZoneId)),
  ]);
  const name = live?.name ?? (outputs.name as string | null | undefined) ?? "unnamed";
  const needs =
    typeof live?.requiredPlan === "number" && live.requiredPlan > 0
      ? `needs the ${enumName(ShieldPlanType, live.requiredPlan)} Shield plan`
      : "is not included in the zone's plan";
  const zone = `shield zone ${outputs.shieldZoneId}${plan === undefined ? "" : ` is on ${plan}`}`;
  return withContext(
    error,
    `the access list ${JSON.stringify(name)} (configuration ${outputs.configurationId}) ${needs}, and ${zone}; upgrade the zone's plan in the bunny.net dashboard, or remove this ${KIND}`,
  );
}

/** The lifecycle `dispatch` runs for this kind. */
export const lifecycle = adoptedLifecycle<AccessList>({
  declaration,
  inputs: inputSchema,
  managedFields: ["isEnabled", "action"],
  deleteModes: { disable: () => ({ isEnabled: false }) },
  id: (keys) => `${keys.shieldZoneId}/${keys.configurationId}`,
  keysOf(id, outputs) {
    if (outputs.shieldZoneId !== undefined && outputs.configurationId !== undefined) {
      return { shieldZoneId: outputs.shieldZoneId, configurationId: outputs.configurationId };
    }
    const match = /^(\d+)\/(\d+)$/.exec(id);
    if (!match) {
      throw new ShieldError(
        `${KIND}: the id ${JSON.stringify(id)} is not <shieldZoneId>/<configurationId>.`,
      );
    }
    return { shieldZoneId: Number(match[1]), configurationId: Number(match[2]) };
  },
  read: find,
  async absent(client, keys) {
    const { managedLists, customLists } = await client.accessLists.list(Number(keys.shieldZoneId));
    const all = [...managedLists, ...customLists];
    const known =
      all.length === 0
        ? "The zone has no access lists."
        : `Its configurations are: ${all.map((l) => `${l.configurationId} (${l.name ?? "unnamed"})`).join(", ")}.`;
    throw new ShieldError(
      `${KIND} ${keys.shieldZoneId}/${keys.configurationId}: shield zone ${keys.shieldZoneId} has no access list configuration ${keys.configurationId}. ${known}`,
    );
  },
  validate(live, inputs) {
    if (inputs.category === undefined) return;
    const category = enumName(AccessListCategory, live.category ?? AccessListCategory.None);
    if (category === inputs.category) return;
    throw new ShieldError(
      `${KIND} ${inputs.shieldZoneId}/${inputs.configurationId}: configuration ${inputs.configurationId} is the list ${JSON.stringify(live.name ?? "unnamed")} of category ${JSON.stringify(category)}, not ${JSON.stringify(inputs.category)}. Check configurationId (getAccessLists gives each managed list's by category) or the declared category.`,
    );
  },
  settings: (live) => ({
    isEnabled: live.isEnabled,
    action: enumName(AccessListAction, live.action),
  }),
  async write(client, outputs, change, restoring) {
    let reported: AccessListConfigurationState;
    try {
      reported = await client.accessLists.updateConfiguration(
        Number(outputs.shieldZoneId),
        Number(outputs.configurationId),
        {
          ...(change.isEnabled === undefined ? {} : { isEnabled: Boolean(change.isEnabled) }),
          ...(change.action === undefined
            ? {}
            : {
                action: enumNumber(
                  AccessListAction,
                  change.action,
                ) as (typeof AccessListAction)[ActionName],
              }),
        },
      );
    } catch (error) {
      if (!listNotOnPlan(error)) throw error;
      // Delete after a downgrade: a list the plan lacks is not applied, and the service
      // refuses every change of it, so there is nothing to put back (as Terraform skips it).
      if (restoring) return NOTHING_TO_RESTORE;
      throw await notOnPlan(client, outputs, error);
    }
    return {
      isEnabled: reported.isEnabled ?? undefined,
      action:
        reported.action === undefined ? undefined : enumName(AccessListAction, reported.action),
    };
  },
  outputs: (live, _keys, previous) => ({
    listId: live.listId,
    name: live.name ?? null,
    type: enumName(AccessListType, live.type),
    category: live.category === undefined ? null : enumName(AccessListCategory, live.category),
    // What the configuration was when Pulumi adopted it, kept as state had it since.
    priorIsEnabled: previous?.priorIsEnabled ?? live.isEnabled,
    priorAction: previous?.priorAction ?? enumName(AccessListAction, live.action),
  }),
  // State written by 0.1.0 recorded both priors whether or not `action` was declared. An
  // `action` still at its prior was not changed by Pulumi: restoring it could only undo a
  // change made outside Pulumi, so only a changed one counts as managed.
  legacyPriors: (outputs) => ({
    isEnabled: outputs.priorIsEnabled,
    ...(outputs.priorAction !== outputs.action ? { action: outputs.priorAction } : {}),
  }),
});
