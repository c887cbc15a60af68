/**
 * The kind's data function, `getBotCategories`: the bots and categories a zone can configure,
 * with its actions, read-only (exported with the others by `src/functions/index.ts`).
 */
import type * as pulumi from "@pulumi/pulumi";
import type { Integer } from "../../client/arguments";
import { enumName } from "../../client/enums";
import {
  BotCategorizationAction,
  BotCategory,
  BotCategoryAction,
} from "../../client/areas/bot-categorization";
import {
  FunctionInputs,
  FunctionSpec,
  invokeFunction,
  outputOf,
  ShieldFunctionOptions,
  zoneFunction,
} from "../../functions/common";

/** Arguments of {@link getBotCategories}. */
export interface GetBotCategoriesArgs {
  /** The shield zone's id. */
  shieldZoneId: Integer;
}

/** Arguments of {@link getBotCategoriesOutput}: the same, as `pulumi.Input`s. */
export type GetBotCategoriesOutputArgs = FunctionInputs<GetBotCategoriesArgs>;

/** A category of bots and the zone's action for all of them. */
export interface BotCategorySummary {
  /** The category's name, e.g. `"AIScraper"` (its number as text for one this version does not know). */
  category: string;
  /** `None`, `Block` or `Allow`; null when the service sent none. */
  action: string | null;
}

/** A bot the zone can configure. */
export interface CategorizedBotSummary {
  /** The bot's id: a key `BotCategorization.bots` takes, as text. */
  botId: Integer;
  /** The bot's name, e.g. `"GPTBot"`: the other key `BotCategorization.bots` takes. */
  userAgentMatch: string | null;
  /** The name of the bot's category. */
  category: string;
  /** `None` (its category's action applies), `Block`, `Allow` or `Ignore`; null when the service sent none. */
  action: string | null;
  /** Whether the service can verify that a request comes from this bot; null when unknown. */
  isVerifiable: boolean | null;
}

/** The result of {@link getBotCategories}. */
export interface GetBotCategoriesResult {
  shieldZoneId: Integer;
  /** Every category the zone lists, in the service's order. */
  categories: BotCategorySummary[];
  /** Every bot of those categories. */
  bots: CategorizedBotSummary[];
}

const name = (enumeration: Record<string, number>, value: number | undefined) =>
  value === undefined ? null : enumName(enumeration, value);

const botCategories: FunctionSpec<GetBotCategoriesArgs, GetBotCategoriesResult> = {
  name: "getBotCategories",
  ...zoneFunction,
  async run(client, { shieldZoneId: zone }) {
    const groups = await client.botCategorization.list(zone);
    return {
      shieldZoneId: zone,
      categories: groups.map((group) => ({
        category: enumName(BotCategory, group.category),
        action: name(BotCategoryAction, group.categoryAction),
      })),
      bots: groups.flatMap((group) =>
        group.bots.map((bot) => ({
          botId: bot.botId,
          userAgentMatch: bot.userAgentMatch ?? null,
          category: enumName(BotCategory, bot.category ?? group.category),
          action: name(BotCategorizationAction, bot.action),
          isVerifiable: bot.isVerifiable ?? null,
        })),
      ),
    };
  },
};

/**
 * Reads the bots and categories a zone can configure with `BotCategorization`, and the
 * zone's actions for them.
 *
 * @example
 * ```ts
 * const { bots } = await getBotCategories({ shieldZoneId: 12345 });
 * // Block every AI scraper but one, by name.
 * new BotCategorization("bots", {
 *   shieldZoneId: 12345,
 *   bots: Object.fromEntries(
 *     bots
 *       .filter((b) => b.category === "AIScraper" && b.userAgentMatch !== "GPTBot")
 *       .map((b) => [String(b.botId), "Block"]),
 *   ),
 * });
 * ```
 */
export function getBotCategories(
  args: GetBotCategoriesArgs,
  options?: ShieldFunctionOptions,
): Promise<GetBotCategoriesResult> {
  return invokeFunction(botCategories, args, options);
}

/** {@link getBotCategories} for `pulumi.Input`s: unknown while an input is, secret if one is. */
export function getBotCategoriesOutput(
  args: GetBotCategoriesOutputArgs,
  options?: ShieldFunctionOptions,
): pulumi.Output<GetBotCategoriesResult> {
  return outputOf(getBotCategories, args, options);
}
