/** `generate`'s part for `BotCategorization`: the zone's categories and bots, with their actions. */
import { enumName } from "../../client/enums";
import { BotCategory } from "../../client/areas/bot-categorization";
import { EachMember } from "../../generate/defaults";
import { count, existingKind, memberField, normalized } from "../../generate/existing";
import { declaration } from "./declaration";
import { inputSchema } from "./spec";

/** A category's or bot's action until one is set: None (a bot then follows its category). */
const UNSET = 0;

/** The key a bot is declared under: its name when that names it alone, else its id. */
function botKey(name: string | null | undefined, id: number, names: readonly unknown[]): string {
  const usable =
    typeof name === "string" &&
    name.trim() === name &&
    name !== "" &&
    name !== "__proto__" &&
    !/^\d+$/.test(name) &&
    names.filter((n) => n === name).length === 1;
  return usable ? name : String(id);
}

/** Every category's and bot's action, keyed by name, each compared with {@link UNSET}. */
export const existing = existingKind({
  declaration,
  inputs: inputSchema,
  read: ({ client, zoneId, step, progress }) =>
    step("its bot categorization", () => client.botCategorization.list(zoneId)).then((groups) => {
      const bots = groups.reduce((n, group) => n + group.bots.length, 0);
      progress(
        `bot categorization: ${count(groups.length, "category", "categories")}, ${count(bots, "bot")}`,
      );
      return groups;
    }),
  describe: (context, groups) => {
    const bots = groups.flatMap((group) => group.bots);
    const names = bots.map((bot) => bot.userAgentMatch);
    const categories: Record<string, unknown> = {};
    for (const group of [...groups].sort((a, b) => a.category - b.category)) {
      categories[enumName(BotCategory, group.category)] = group.categoryAction;
    }
    const actions: Record<string, unknown> = {};
    for (const bot of [...bots].sort((a, b) => a.botId - b.botId)) {
      actions[botKey(bot.userAgentMatch, bot.botId, names)] = bot.action;
    }
    // The unset action in the inputs' vocabulary.
    const none = (input: string) =>
      new EachMember(() => normalized(memberField(inputSchema, input), UNSET));
    return [
      {
        name: context.names.take("bot categorization", "", "bot-categorization"),
        raw: { shieldZoneId: context.zone, categories, bots: actions },
        defaults: { categories: none("categories"), bots: none("bots") },
      },
    ];
  },
});
