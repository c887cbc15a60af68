// Generated from ./declaration.ts by scripts/generate-resources.ts: edit that, then run `npm run generate`.
/** `CustomPage`: the HTML a shield zone shows instead of Shield's own block, challenge or rate-limit page. */
import * as pulumi from "@pulumi/pulumi";
import { providerFor, withOutputs } from "../kit/resource";

/** A name of `CustomPageType`: `block`, `challenge`, `ratelimit`. */
export type CustomPageTypeName = "block" | "challenge" | "ratelimit";

/** Arguments of {@link CustomPage}. */
export interface CustomPageArgs {
  /** The shield zone. Changing it replaces the page. */
  shieldZoneId: pulumi.Input<number>;
  /** `block`, `challenge` or `ratelimit` (in any case; stored in lower case). Changing it replaces the page. */
  pageType: pulumi.Input<CustomPageTypeName | string>;
  /**
   * The page's HTML, sent as it is, e.g. read with `fs.readFileSync("blocked.html", "utf8")`:
   * non-empty, at most 512 KiB in UTF-8. Kept in state and compared exactly, so a change made
   * outside Pulumi shows on refresh.
   */
  html: pulumi.Input<string>;
  /**
   * Take over a page of this type that the zone has already (`pulumi import` does not work for
   * dynamic providers): it is overwritten with `html`, and deleted on destroy. Without it, such
   * a page is an error that says so, and nothing is written.
   */
  adoptExisting?: pulumi.Input<boolean>;
}

/**
 * A custom response page of a shield zone. Create reads the page type first (a page there
 * already is refused unless `adoptExisting`), then PUTs the HTML; update PUTs it again; refresh
 * reads it back; delete DELETEs it, and a page already gone is fine. The zone's plan must
 * include custom pages (Basic does not).
 *
 * @example
 * ```ts
 * new CustomPage("blocked", {
 *   shieldZoneId: zone.shieldZoneId,
 *   pageType: "block",
 *   html: fs.readFileSync("pages/blocked.html", "utf8"),
 * });
 * ```
 */
export class CustomPage extends pulumi.dynamic.Resource {
  /** The shield zone. */
  declare readonly shieldZoneId: pulumi.Output<number>;
  /** The page type, in lower case. */
  declare readonly pageType: pulumi.Output<string>;
  /** The HTML the service serves. */
  declare readonly html: pulumi.Output<string>;
  /** Whether a page that existed before was taken over. */
  declare readonly adoptExisting: pulumi.Output<boolean>;

  constructor(name: string, args: CustomPageArgs, opts?: pulumi.CustomResourceOptions) {
    const kind = "CustomPage";
    const outputs = ["adoptExisting"];
    super(providerFor(kind), name, withOutputs(args, outputs), opts, "bunnynet", kind);
  }
}
