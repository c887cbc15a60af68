/**
 * What `AccessListConfiguration` does at each step of its life: check, diff,
 * create (adoption), read, update and delete. The provider object only forwards
 * here with its settings, so that its serialized form stays small.
 */
import type * as dynamic from "@pulumi/pulumi/dynamic";
import { z } from "zod";
import { AccessListAction, AccessListCategory, AccessListType, enumName } from "../client/enums";
import { withContext } from "../client/error-context";
import { describeValue, NotFoundError, ShieldError } from "../client/errors";
import type { AccessList } from "../client/operations/access-lists";
import { ShieldClient } from "../client/shield-client";
import { resolveSettings, ShieldSettings } from "../config";
import { withZoneLock } from "./zone-lock";

const INT32_MAX = 2_147_483_647;
const RESOURCE = "AccessListConfiguration";

/** What happens to the configuration on the service when the resource is deleted. */
export const ON_DELETE_CHOICES = ["restore", "disable", "keep"] as const;
/**
 * - `restore`: put back `isEnabled` and `action` as they were before Pulumi adopted it (default);
 * - `disable`: switch the list off;
 * - `keep`: leave the service as it is and only stop managing it.
 */
export type OnDelete = (typeof ON_DELETE_CHOICES)[number];

/** A name of `AccessListAction`, the one way actions are stored. */
export type ActionName = keyof typeof AccessListAction;
const ACTION_NAMES = Object.keys(AccessListAction) as ActionName[];

// One schema per input, so that each bad property gets its own CheckFailure and
// the engine's unknown values (during preview) can pass field by field.
const inputFields = {
  shieldZoneId: z.number().int().min(1).max(INT32_MAX),
  configurationId: z.number().int().min(1).refine(Number.isSafeInteger, "must be a safe integer"),
  isEnabled: z.boolean(),
  action: z
    .union([z.enum(ACTION_NAMES), z.number().int()])
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || typeof value === "string") return value;
      const name = ACTION_NAMES.find((n) => AccessListAction[n] === value);
      if (!name) {
        ctx.addIssue({ code: "custom", message: "unknown action number" });
        return z.NEVER;
      }
      return name;
    }),
  onDelete: z.enum(ON_DELETE_CHOICES).optional(),
} as const;

const EXPECTATIONS: Record<keyof typeof inputFields, string> = {
  shieldZoneId: `an integer from 1 to ${INT32_MAX}`,
  configurationId: "a positive integer",
  isEnabled: "true or false",
  action: `one of ${ACTION_NAMES.map((n) => `"${n}" (${AccessListAction[n]})`).join(", ")}`,
  onDelete: `one of ${ON_DELETE_CHOICES.map((c) => `"${c}"`).join(", ")}`,
};

/** The resource's inputs after `check`: validated, with `action` as a name. */
export interface AccessListConfigurationInputs {
  shieldZoneId: number;
  configurationId: number;
  isEnabled: boolean;
  action?: ActionName;
  onDelete?: OnDelete;
}

/** The resource's outputs. Every field is JSON: no `undefined`, so that the engine accepts them. */
export interface AccessListConfigurationOutputs {
  shieldZoneId: number;
  configurationId: number;
  isEnabled: boolean;
  action: string;
  onDelete: OnDelete;
  listId: number;
  name: string | null;
  type: string;
  category: string | null;
  /** `isEnabled` as it was before Pulumi adopted the configuration; put back by `onDelete: "restore"`. */
  priorIsEnabled: boolean;
  /** `action` as it was before Pulumi adopted the configuration. */
  priorAction: string;
}

const PROVIDER_KEY = "__provider";

/**
 * How the engine passes an unknown value (during preview): `runtime.unknownValue` of
 * @pulumi/pulumi, written out because loading the Pulumi runtime for one constant
 * doubles the provider's cold start. A test keeps the two equal.
 */
export const UNKNOWN_VALUE = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";

/** Validates inputs, one failure per bad property, naming it and its value. */
export function check(news: Record<string, unknown>): dynamic.CheckResult {
  const failures: dynamic.CheckFailure[] = [];
  const inputs: Record<string, unknown> = {};
  for (const [property, value] of Object.entries(news)) {
    if (property === PROVIDER_KEY) continue;
    // An own-property test: `in` would take "constructor" or "__proto__" for inputs.
    if (!Object.prototype.hasOwnProperty.call(inputFields, property)) {
      failures.push({
        property,
        reason: `${property} is not an input of ${RESOURCE}; allowed inputs are ${Object.keys(inputFields).join(", ")}.`,
      });
      continue;
    }
    const field = property as keyof typeof inputFields;
    if (value === UNKNOWN_VALUE) {
      inputs[field] = value;
      continue;
    }
    const parsed = inputFields[field].safeParse(value);
    if (parsed.success) {
      if (parsed.data !== undefined) inputs[field] = parsed.data;
    } else {
      failures.push({
        property,
        reason: `${property} must be ${EXPECTATIONS[field]}; got ${describeValue(value)}.`,
      });
    }
  }
  for (const required of ["shieldZoneId", "configurationId", "isEnabled"] as const) {
    if (!(required in news) || news[required] === undefined) {
      failures.push({
        property: required,
        reason: `${required} is required (${EXPECTATIONS[required]}).`,
      });
    }
  }
  return failures.length > 0 ? { inputs: news, failures } : { inputs };
}

/**
 * Compares stored outputs with new inputs. A new zone or configuration is another
 * object: replace it, deleting first, since both ends are real shared objects.
 */
export function diff(
  olds: AccessListConfigurationOutputs,
  news: AccessListConfigurationInputs,
): dynamic.DiffResult {
  const differs = (
    key: keyof AccessListConfigurationInputs & keyof AccessListConfigurationOutputs,
  ) => news[key] !== undefined && news[key] !== olds[key];
  const replaces = (["shieldZoneId", "configurationId"] as const).filter(differs);
  const updates =
    (["isEnabled", "action"] as const).some(differs) ||
    (news.onDelete ?? "restore") !== olds.onDelete;
  return {
    changes: replaces.length > 0 || updates,
    replaces,
    deleteBeforeReplace: replaces.length > 0,
  };
}

/**
 * Adopts an existing configuration: reads it, records its prior values, and sets
 * the desired ones. A configuration that does not exist fails, and nothing is stored.
 */
export async function create(
  settings: ShieldSettings,
  inputs: AccessListConfigurationInputs & { [PROVIDER_KEY]?: string },
): Promise<dynamic.CreateResult<AccessListConfigurationOutputs>> {
  const client = clientFor(settings);
  const { shieldZoneId, configurationId } = inputs;
  const id = `${shieldZoneId}/${configurationId}`;
  return withZoneLock(shieldZoneId, async () => {
    const live = await find(client, shieldZoneId, configurationId);
    if (!live) {
      const known = await describeZone(client, shieldZoneId);
      throw new ShieldError(
        `${RESOURCE} ${id}: shield zone ${shieldZoneId} has no access list configuration ${configurationId}. ${known}`,
      );
    }
    const prior = { priorIsEnabled: live.isEnabled, priorAction: actionName(live.action) };
    const before = outputsFrom(live, inputs, prior);
    try {
      return { id, outs: await apply(client, before, inputs) };
    } catch (error) {
      // The change may or may not have landed. Record the adoption with what was read,
      // so the prior values are kept and the next run converges through an update.
      throw initFailure(error, id, { ...before, [PROVIDER_KEY]: inputs[PROVIDER_KEY] });
    }
  });
}

/** Reads the live configuration; a confirmed absence reports the resource gone. */
export async function read(
  settings: ShieldSettings,
  id: string,
  props: AccessListConfigurationOutputs,
): Promise<dynamic.ReadResult<AccessListConfigurationOutputs>> {
  const { shieldZoneId, configurationId } = idParts(id, props);
  let live: AccessList | undefined;
  try {
    live = await find(clientFor(settings), shieldZoneId, configurationId);
  } catch (error) {
    if (confirmedGone(error)) return {};
    throw withContext(
      error,
      `${RESOURCE} ${id}: refresh failed, so the resource stays in state as it was`,
    );
  }
  if (!live) return {};
  return {
    id,
    props: outputsFrom(live, props, {
      priorIsEnabled: props.priorIsEnabled ?? live.isEnabled,
      priorAction: props.priorAction ?? actionName(live.action),
    }),
  };
}

/** Sends only what changed; the outputs take the service's answer. */
export async function update(
  settings: ShieldSettings,
  id: string,
  olds: AccessListConfigurationOutputs,
  news: AccessListConfigurationInputs,
): Promise<dynamic.UpdateResult<AccessListConfigurationOutputs>> {
  return withZoneLock(news.shieldZoneId, async () => {
    try {
      return { outs: await apply(clientFor(settings), olds, news) };
    } catch (error) {
      throw withContext(
        error,
        `${RESOURCE} ${id}: update failed; state keeps the last confirmed values`,
      );
    }
  });
}

/** Restores, disables or keeps, as `onDelete` says. A configuration already gone is fine. */
export async function remove(
  settings: ShieldSettings,
  id: string,
  props: AccessListConfigurationOutputs,
): Promise<void> {
  const { shieldZoneId, configurationId } = idParts(id, props);
  const onDelete = props.onDelete ?? "restore";
  if (onDelete === "keep") return;
  const change =
    onDelete === "disable"
      ? { isEnabled: false }
      : {
          isEnabled: props.priorIsEnabled,
          action: AccessListAction[props.priorAction as ActionName],
        };
  await withZoneLock(shieldZoneId, async () => {
    try {
      await clientFor(settings).updateAccessListConfiguration(
        shieldZoneId,
        configurationId,
        change,
      );
    } catch (error) {
      if (confirmedGone(error)) return;
      throw withContext(
        error,
        `${RESOURCE} ${id}: delete (${onDelete}) failed; the resource stays in state`,
      );
    }
  });
}

/** PATCHes the fields of `desired` that differ from `current`, and returns the new outputs. */
async function apply(
  client: ShieldClient,
  current: AccessListConfigurationOutputs,
  desired: AccessListConfigurationInputs,
): Promise<AccessListConfigurationOutputs> {
  const change: { isEnabled?: boolean; action?: (typeof AccessListAction)[ActionName] } = {};
  if (desired.isEnabled !== current.isEnabled) change.isEnabled = desired.isEnabled;
  if (desired.action !== undefined && desired.action !== current.action) {
    change.action = AccessListAction[desired.action];
  }
  const onDelete = desired.onDelete ?? "restore";
  if (Object.keys(change).length === 0) return { ...current, onDelete };
  const reported = await client.updateAccessListConfiguration(
    desired.shieldZoneId,
    desired.configurationId,
    change,
  );
  return {
    ...current,
    onDelete,
    isEnabled: reported.isEnabled ?? change.isEnabled ?? current.isEnabled,
    action: reported.action === undefined ? current.action : actionName(reported.action),
  };
}

async function find(
  client: ShieldClient,
  shieldZoneId: number,
  configurationId: number,
): Promise<AccessList | undefined> {
  const { managedLists, customLists } = await client.listAccessLists(shieldZoneId);
  return [...managedLists, ...customLists].find((l) => l.configurationId === configurationId);
}

async function describeZone(client: ShieldClient, shieldZoneId: number): Promise<string> {
  const { managedLists, customLists } = await client.listAccessLists(shieldZoneId);
  const all = [...managedLists, ...customLists];
  return all.length === 0
    ? "The zone has no access lists."
    : `Its configurations are: ${all.map((l) => `${l.configurationId} (${l.name ?? "unnamed"})`).join(", ")}.`;
}

function outputsFrom(
  live: AccessList,
  inputs: Pick<AccessListConfigurationInputs, "shieldZoneId" | "configurationId" | "onDelete">,
  prior: Pick<AccessListConfigurationOutputs, "priorIsEnabled" | "priorAction">,
): AccessListConfigurationOutputs {
  return {
    shieldZoneId: inputs.shieldZoneId,
    configurationId: inputs.configurationId,
    isEnabled: live.isEnabled,
    action: actionName(live.action),
    onDelete: inputs.onDelete ?? "restore",
    listId: live.listId,
    name: live.name ?? null,
    type: enumName(AccessListType, live.type),
    category: live.category === undefined ? null : enumName(AccessListCategory, live.category),
    ...prior,
  };
}

function actionName(value: number): string {
  return enumName(AccessListAction, value);
}

function clientFor(settings: ShieldSettings): ShieldClient {
  return new ShieldClient(resolveSettings(settings, undefined, process.env, RESOURCE));
}

/** The zone and configuration of a resource, from its outputs or else its id. */
function idParts(
  id: string,
  props: Partial<AccessListConfigurationOutputs>,
): { shieldZoneId: number; configurationId: number } {
  if (props.shieldZoneId !== undefined && props.configurationId !== undefined) {
    return { shieldZoneId: props.shieldZoneId, configurationId: props.configurationId };
  }
  const match = /^(\d+)\/(\d+)$/.exec(id);
  if (!match)
    throw new ShieldError(
      `${RESOURCE}: the id ${JSON.stringify(id)} is not <shieldZoneId>/<configurationId>.`,
    );
  return { shieldZoneId: Number(match[1]), configurationId: Number(match[2]) };
}

/**
 * True only when the service itself said the object does not exist (an errorKey starting
 * with `not_found`). A bare HTTP 404 (an API URL pointing at the wrong place, a proxy)
 * confirms nothing: treating it as gone would drop every resource from state on refresh.
 */
function confirmedGone(error: unknown): boolean {
  return error instanceof NotFoundError && (error.errorKey ?? "").startsWith("not_found");
}

/** An error the engine records as "created, but failed to initialise", keeping `properties` in state. */
function initFailure(error: unknown, id: string, properties: Record<string, unknown>): Error {
  const reason = error instanceof Error ? error.message : String(error);
  return Object.assign(
    new ShieldError(
      `${RESOURCE} ${id}: adopted, but setting the desired values failed: ${reason}`,
      {
        cause: error,
      },
    ),
    {
      id,
      properties,
      reasons: [reason],
    },
  );
}
