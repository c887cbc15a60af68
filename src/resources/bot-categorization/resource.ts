// Generated from ./declaration.ts by scripts/generate-resources.ts: edit that, then run `npm run generate`.
/** `BotCategorization`: which known bots a zone blocks, allows or ignores, by category or one by one. */
import * as pulumi from "@pulumi/pulumi";
import { providerFor, withOutputs } from "../kit/resource";
import type { OnDeleteName } from "../types";

/** A name of `BotAction`: `None` (0), `Block` (1), `Allow` (2), `Ignore` (3). */
export type BotActionName = "None" | "Block" | "Allow" | "Ignore";

/** A name of `BotCategoryAction`: `None` (0), `Block` (1), `Allow` (2). */
export type BotCategoryActionName = "None" | "Block" | "Allow";

/** A name of `BotCategory`: `None` (0), `SEO` (1), `AIScraper` (2), `AITool` (3), `Tool` (4), `Ads` (5), `Preview` (6), `Social` (7), `System` (255). */
export type BotCategoryName =
  "None" | "SEO" | "AIScraper" | "AITool" | "Tool" | "Ads" | "Preview" | "Social" | "System";

/** Arguments of {@link BotCategorization}. An entry not declared is left as the service has it. */
export interface BotCategorizationArgs {
  /** The shield zone. Changing it replaces the resource. */
  shieldZoneId: pulumi.Input<number>;
  /**
   * Actions by category name (`SEO`, `AIScraper`, … in any case, or the category's number as
   * text). `null` clears an action (written as `None`).
   */
  categories?: pulumi.Input<
    Partial<Record<BotCategoryName, pulumi.Input<BotCategoryActionName | number | null>>> &
      Record<string, pulumi.Input<BotCategoryActionName | number | null>>
  >;
  /**
   * Actions by bot: its name as the service lists it (`userAgentMatch`, e.g. `"GPTBot"`: an
   * exact match first, then one ignoring case) or its id as text (`"201"`). The bots a zone
   * offers are listed by `getBotCategories`; a key naming none of them fails create or update
   * before anything is written. `null` clears an action (written as `None`).
   */
  bots?: pulumi.Input<Record<string, pulumi.Input<BotActionName | number | null>>>;
  /**
   * What deleting the resource does: `"restore"` (default) puts back the category and bot actions
   * Pulumi managed as they were before it adopted them; `"keep"` leaves them.
   */
  onDelete?: pulumi.Input<OnDeleteName>;
}

/**
 * The bot categorization of a shield zone: an action for every bot of a category (say, block
 * AI scrapers) and for single bots (say, allow one of them anyway). It exists with the zone,
 * so declaring it adopts it: each declared entry's action before Pulumi's first write is kept
 * in `priors` and put back on delete.
 *
 * @example
 * ```ts
 * new BotCategorization("bots", {
 *   shieldZoneId: zone.shieldZoneId,
 *   categories: { AIScraper: "Block", Tool: "Block" },
 *   // An exception: this crawler stays allowed although its category is blocked.
 *   bots: { GPTBot: "Allow" },
 * });
 * ```
 */
export class BotCategorization extends pulumi.dynamic.Resource {
  /** The shield zone. */
  declare readonly shieldZoneId: pulumi.Output<number>;
  /** The live action of every declared category, by category name. */
  declare readonly categories: pulumi.Output<Record<string, string | null>>;
  /** The live action of every declared bot, by the key it was declared with. */
  declare readonly bots: pulumi.Output<Record<string, string | null>>;
  /** The id of every declared bot, by the key it was declared with. */
  declare readonly botIds: pulumi.Output<Record<string, number>>;
  /** What deleting the resource does on the service. */
  declare readonly onDelete: pulumi.Output<string>;
  /** The actions before Pulumi's first write of the entries it manages. */
  declare readonly priors: pulumi.Output<Record<string, unknown>>;

  constructor(name: string, args: BotCategorizationArgs, opts?: pulumi.CustomResourceOptions) {
    const kind = "BotCategorization";
    const outputs = ["categories", "bots", "botIds", "onDelete", "priors"];
    super(providerFor(kind), name, withOutputs(args, outputs), opts, "bunnynet", kind);
  }
}
