/** `getAccessLists`: a zone's managed and custom access lists, with lookups by name and category. */
import type * as pulumi from "@pulumi/pulumi";
import { AccessListAction, AccessListCategory, AccessListType, enumName } from "../client/enums";
import type { AccessList } from "../client/areas/access-lists";
import type { Integer } from "../client/arguments";
import {
  FunctionInputs,
  FunctionSpec,
  invokeFunction,
  outputOf,
  ShieldFunctionOptions,
  zoneFunction,
} from "./common";

/** Arguments of {@link getAccessLists}. */
export interface GetAccessListsArgs {
  /** The shield zone's id. */
  shieldZoneId: Integer;
}

/** Arguments of {@link getAccessListsOutput}: the same, as `pulumi.Input`s. */
export type GetAccessListsOutputArgs = FunctionInputs<GetAccessListsArgs>;

/** One access list and its configuration in the zone; enums by name. */
export interface AccessListSummary {
  /** The list's own id. */
  listId: Integer;
  /** The id `AccessListConfiguration` takes. */
  configurationId: Integer;
  /** The list's display name, or null. */
  name: string | null;
  /** What it matches on: `IP`, `CIDR`, `ASN`, `Country`, `Organization`, `JA4`. */
  type: string;
  /** A managed list's category (e.g. `TorExitNodes`); null for custom lists. */
  category: string | null;
  /** Whether the list is switched on. */
  isEnabled: boolean;
  /** What it does with matching requests (`Block`, `Challenge`, …). */
  action: string;
  /** How many entries it holds (0 when the service does not say). */
  entryCount: number;
}

/** The result of {@link getAccessLists}. */
export interface GetAccessListsResult {
  /** The zone that was asked about. */
  shieldZoneId: Integer;
  /** Lists bunny.net maintains (Tor exit nodes, VPNs, …). */
  managedLists: AccessListSummary[];
  /** Lists of the account's own. */
  customLists: AccessListSummary[];
  /** Every list by its name (managed and custom). */
  byName: Record<string, AccessListSummary>;
  /** Managed lists by category name, e.g. `byCategory.TorExitNodes.configurationId`. */
  byCategory: Record<string, AccessListSummary>;
}

function summary(list: AccessList, managed: boolean): AccessListSummary {
  return {
    listId: list.listId,
    configurationId: list.configurationId,
    name: list.name ?? null,
    type: enumName(AccessListType, list.type),
    category:
      managed && list.category !== undefined && list.category !== null
        ? enumName(AccessListCategory, list.category)
        : null,
    isEnabled: list.isEnabled,
    action: enumName(AccessListAction, list.action),
    entryCount: list.entryCount ?? 0,
  };
}

const accessLists: FunctionSpec<GetAccessListsArgs, GetAccessListsResult> = {
  name: "getAccessLists",
  ...zoneFunction,
  async run(client, { shieldZoneId: zone }) {
    const lists = await client.accessLists.list(zone);
    const managedLists = lists.managedLists.map((l) => summary(l, true));
    const customLists = lists.customLists.map((l) => summary(l, false));
    // fromEntries keeps each name as data: a list may be named "__proto__" or "constructor".
    const keyed = (lists: AccessListSummary[], key: (list: AccessListSummary) => string | null) =>
      Object.fromEntries(
        lists.map((list) => [key(list), list] as const).filter(([name]) => name),
      ) as Record<string, AccessListSummary>;
    const byName = keyed([...managedLists, ...customLists], (list) => list.name);
    const byCategory = keyed(managedLists, (list) => list.category);
    return { shieldZoneId: zone, managedLists, customLists, byName, byCategory };
  },
};

/**
 * Reads a zone's access lists, so that a program finds a list's `configurationId` (for
 * `AccessListConfiguration`) by its category or name instead of hard-coding it.
 *
 * @throws `InvalidArgumentError` for a bad `shieldZoneId` (nothing is sent),
 * `MissingCredentialsError` without an API key, `NotFoundError` for a zone that does not
 * exist or is not yours; every message starts with `getAccessLists for shield zone <id>:`.
 *
 * @example
 * ```ts
 * const lists = await getAccessLists({ shieldZoneId: 12345 });
 * new AccessListConfiguration("block-tor", {
 *   shieldZoneId: 12345,
 *   configurationId: lists.byCategory.TorExitNodes.configurationId,
 *   isEnabled: true,
 *   action: "Block",
 * });
 * ```
 */
export function getAccessLists(
  args: GetAccessListsArgs,
  options?: ShieldFunctionOptions,
): Promise<GetAccessListsResult> {
  return invokeFunction(accessLists, args, options);
}

/**
 * {@link getAccessLists} for `pulumi.Input`s: unknown while an input is unknown (during
 * preview), secret when an input is secret.
 *
 * @example
 * ```ts
 * const lists = getAccessListsOutput({ shieldZoneId: zone.shieldZoneId });
 * new AccessListConfiguration("block-tor", {
 *   shieldZoneId: zone.shieldZoneId,
 *   configurationId: lists.byCategory.TorExitNodes.configurationId,
 *   isEnabled: true,
 * });
 * ```
 */
export function getAccessListsOutput(
  args: GetAccessListsOutputArgs,
  options?: ShieldFunctionOptions,
): pulumi.Output<GetAccessListsResult> {
  return outputOf(getAccessLists, args, options);
}
