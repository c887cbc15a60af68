// Generated from ./declaration.ts by scripts/generate-resources.ts: edit that, then run `npm run generate`.
/** `AccessList`: a custom access list that Pulumi creates, changes and deletes. */
import * as pulumi from "@pulumi/pulumi";
import { deriveIdentity, idPart, providerFor, withOutputs } from "../kit/resource";

/** A name of `AccessListType`: `IP` (0), `CIDR` (1), `ASN` (2), `Country` (3), `Organization` (4), `JA4` (5). */
export type AccessListTypeName = "IP" | "CIDR" | "ASN" | "Country" | "Organization" | "JA4";

/** Arguments of {@link AccessList}. */
export interface AccessListArgs {
  /** The shield zone. Changing it replaces the list. */
  shieldZoneId: pulumi.Input<number>;
  /**
   * The list's name, unique in the zone: a lost create is found again by it. Control
   * characters and bidirectional marks, overrides and isolates are refused.
   */
  name: pulumi.Input<string>;
  /** A description, without control characters or bidirectional overrides, like the name. */
  description?: pulumi.Input<string>;
  /** What the entries are (`IP`, `CIDR`, `ASN`, `Country`, `Organization`, `JA4`, or 0 to 5). Changing it replaces the list. */
  type: pulumi.Input<AccessListTypeName | number>;
  /**
   * The entries, each checked for the list's type before any request. Compared as a set after
   * trimming: order and repeats make no diff. Each is one line: an entry with a line break (or
   * another control character, or a bidirectional override) is refused, since the entries travel
   * joined by line breaks.
   */
  entries: pulumi.Input<pulumi.Input<string>[]>;
  /** Whether the list is switched on; default true. */
  isEnabled?: pulumi.Input<boolean>;
  /** What the list does with matching requests (`Allow`, `Block`, `Challenge`, `Log`, `Bypass`, …); default `Block`. */
  action?: pulumi.Input<string | number>;
  /**
   * Take over a list of the same name that exists already (`pulumi import` does not work for
   * dynamic providers). Without it, such a list is an error that says so.
   */
  adoptExisting?: pulumi.Input<boolean>;
}

/**
 * A custom access list of a shield zone. Create POSTs the list, then sets `isEnabled` and
 * `action` on its configuration; update PATCHes only what changed; delete deletes it. A create
 * whose answer is lost is resolved by finding the list by name, never by posting again.
 *
 * @example
 * ```ts
 * new AccessList("office", {
 *   shieldZoneId: zone.shieldZoneId,
 *   name: "Office",
 *   type: "CIDR",
 *   entries: ["203.0.113.0/24", "198.51.100.7/32"],
 *   action: "Allow",
 * });
 * ```
 */
export class AccessList extends pulumi.dynamic.Resource {
  /** The shield zone. */
  declare readonly shieldZoneId: pulumi.Output<number>;
  /** The list's id. */
  declare readonly listId: pulumi.Output<number>;
  /** The id of its configuration (what `AccessListConfiguration` takes). */
  declare readonly configurationId: pulumi.Output<number | null>;
  /** The list's name. */
  declare readonly name: pulumi.Output<string>;
  /** Its description. */
  declare readonly description: pulumi.Output<string | null>;
  /** What the entries are, by name. */
  declare readonly type: pulumi.Output<string>;
  /** The entries as the service has them, sorted. */
  declare readonly entries: pulumi.Output<string[]>;
  /** How many entries the service counts. */
  declare readonly entryCount: pulumi.Output<number>;
  /** The service's checksum of the content. */
  declare readonly checksum: pulumi.Output<string | null>;
  /** Whether the list is switched on. */
  declare readonly isEnabled: pulumi.Output<boolean | null>;
  /** The list's action by name. */
  declare readonly action: pulumi.Output<string | null>;
  /** Whether a list that existed before was taken over. */
  declare readonly adoptExisting: pulumi.Output<boolean>;

  constructor(name: string, args: AccessListArgs, opts?: pulumi.CustomResourceOptions) {
    const kind = "AccessList";
    const outputs = [
      "listId",
      "configurationId",
      "description",
      "entryCount",
      "checksum",
      "isEnabled",
      "action",
      "adoptExisting",
    ];
    super(providerFor(kind), name, withOutputs(args, outputs), opts, "bunnynet", kind);
    deriveIdentity(this, { listId: idPart(1) });
  }
}
