// Generated from ./declaration.ts by scripts/generate-resources.ts: edit that, then run `npm run generate`.
/** `AccessListConfiguration`: switch an access list of a shield zone on or off, and set its action. */
import * as pulumi from "@pulumi/pulumi";
import { providerFor, withOutputs } from "../kit/resource";

/** A name of `AccessListConfigurationOnDelete`: `restore`, `disable`, `keep`. */
export type AccessListConfigurationOnDeleteName = "restore" | "disable" | "keep";

/** A name of `Action`: `None` (0), `Allow` (1), `Block` (2), `Challenge` (3), `Log` (4), `Bypass` (5). */
export type ActionName = "None" | "Allow" | "Block" | "Challenge" | "Log" | "Bypass";

/** A name of `ManagedListCategory`: `VPNs` (1), `Datacenters` (2), `Proxies` (4), `TorExitNodes` (8), `Botnets` (16), `VulnerabilityScanners` (32), `WebScrapers` (64), `SearchEngines` (128), `SearchEngineCrawlers` (256), `AiSearch` (512), `AiCrawlers` (1024), `AiAgents` (2048), `PagePreview` (4096), `InternetTools` (8192). */
export type ManagedListCategoryName =
  | "VPNs"
  | "Datacenters"
  | "Proxies"
  | "TorExitNodes"
  | "Botnets"
  | "VulnerabilityScanners"
  | "WebScrapers"
  | "SearchEngines"
  | "SearchEngineCrawlers"
  | "AiSearch"
  | "AiCrawlers"
  | "AiAgents"
  | "PagePreview"
  | "InternetTools";

/** Arguments of {@link AccessListConfiguration}. */
export interface AccessListConfigurationArgs {
  /** The shield zone that owns the access list. */
  shieldZoneId: pulumi.Input<number>;
  /** The access list's configuration id in that zone (`configurationId` from `listAccessLists`). */
  configurationId: pulumi.Input<number>;
  /** Whether the access list is switched on. */
  isEnabled: pulumi.Input<boolean>;
  /**
   * What the list does with matching requests: a name (`"Block"`) or its number (2).
   * Stored as the name. Left as it is on the service when omitted.
   */
  action?: pulumi.Input<ActionName | number>;
  /**
   * The category the managed list is expected to be of, e.g. `"TorExitNodes"`, by name or
   * number. Never written: create and update fail, before any write, when
   * the configuration is another list's. It makes the category known in a preview, where the
   * `category` output is not, so that policies (`shield-threat-lists`) can judge the change.
   */
  category?: pulumi.Input<ManagedListCategoryName | number>;
  /**
   * What deleting the resource does on the service: `"restore"` (default) puts back the
   * values Pulumi managed (`isEnabled`, and `action` if it was declared) as they were before
   * Pulumi adopted them, `"disable"` switches the list off, `"keep"` leaves it as it is.
   */
  onDelete?: pulumi.Input<AccessListConfigurationOnDeleteName>;
}

/**
 * The configuration of one access list in a shield zone. Declaring a configuration
 * that already exists adopts it (there is nothing to create on the service): its
 * values before adoption are kept in `priorIsEnabled` and `priorAction`; those of the
 * fields Pulumi manages are put back on delete unless `onDelete` says otherwise.
 *
 * @example
 * ```ts
 * new AccessListConfiguration("block-tor", {
 *   shieldZoneId: 12345,
 *   configurationId: 67890,
 *   isEnabled: true,
 *   action: "Block",
 * });
 * ```
 */
export class AccessListConfiguration extends pulumi.dynamic.Resource {
  /** The shield zone that owns the access list. */
  declare readonly shieldZoneId: pulumi.Output<number>;
  /** The access list's configuration id. */
  declare readonly configurationId: pulumi.Output<number>;
  /** Whether the list is switched on, as the service reports it. */
  declare readonly isEnabled: pulumi.Output<boolean>;
  /** The list's action by name (`None`, `Allow`, `Block`, `Challenge`, `Log`, `Bypass`). */
  declare readonly action: pulumi.Output<string>;
  /** What deleting the resource does on the service. */
  declare readonly onDelete: pulumi.Output<AccessListConfigurationOnDeleteName>;
  /** The access list's own id. */
  declare readonly listId: pulumi.Output<number>;
  /** The access list's display name. */
  declare readonly name: pulumi.Output<string | null>;
  /** What the list matches on (`IP`, `CIDR`, `ASN`, `Country`, `Organization`, `JA4`). */
  declare readonly type: pulumi.Output<string>;
  /** The managed list's category (e.g. `TorExitNodes`), or null. */
  declare readonly category: pulumi.Output<string | null>;
  /** `isEnabled` before Pulumi adopted the configuration. */
  declare readonly priorIsEnabled: pulumi.Output<boolean>;
  /** `action` before Pulumi adopted the configuration. */
  declare readonly priorAction: pulumi.Output<string>;
  /** The values before Pulumi's first write of the fields it manages; `onDelete: "restore"` puts these back. */
  declare readonly priors: pulumi.Output<{ isEnabled?: boolean; action?: string }>;

  constructor(
    name: string,
    args: AccessListConfigurationArgs,
    opts?: pulumi.CustomResourceOptions,
  ) {
    const kind = "AccessListConfiguration";
    const outputs = [
      "action",
      "onDelete",
      "listId",
      "name",
      "type",
      "category",
      "priorIsEnabled",
      "priorAction",
      "priors",
    ];
    super(providerFor(kind), name, withOutputs(args, outputs), opts, "bunnynet", kind);
  }
}
