/** The emulator's bot categorization in the inputs' vocabulary, for the BotCategorization tests. */
import type { Emulator } from "../../src/emulator";

/** The API's enums by number, written out so that the tests do not check the package against itself. */
export const CATEGORY: Record<number, string> = {
  0: "None",
  1: "SEO",
  2: "AIScraper",
  3: "AITool",
  4: "Tool",
  5: "Ads",
  6: "Preview",
  7: "Social",
  255: "System",
};
export const CATEGORY_ACTION = ["None", "Block", "Allow"];
export const BOT_ACTION = ["None", "Block", "Allow", "Ignore"];

const named = (names: Record<number, string> | string[], value: number) =>
  (names as Record<number, string>)[value] ?? String(value);

/** A seeded bot's id, by its name. */
export function botId(emu: Emulator, name: string): number {
  const bot = emu.state.botCatalogue.find((b) => b.userAgentMatch === name);
  if (!bot) throw new Error(`no bot ${name} in the catalogue`);
  return bot.botId;
}

/** The seeded bot `key` names: by id, by exact name, or by name ignoring case. */
function botNamed(emu: Emulator, key: string) {
  const bots = emu.state.botCatalogue;
  return /^\d+$/.test(key)
    ? bots.find((b) => b.botId === Number(key))
    : (bots.find((b) => b.userAgentMatch === key) ??
        bots.find((b) => b.userAgentMatch?.toLowerCase() === key.toLowerCase()));
}

/**
 * The zone's actions as the resource names them: every category by name, and every bot under
 * its name and under each key of `keys` that names it.
 */
export function liveActions(emu: Emulator, zoneId: number, keys: string[] = []) {
  const zone = emu.state.zone(zoneId)!;
  const categories = Object.fromEntries(
    Object.entries(CATEGORY).map(([n, name]) => [
      name,
      named(CATEGORY_ACTION, zone.botCategorization?.categories[n] ?? 0),
    ]),
  );
  const actionOf = (id: number) => named(BOT_ACTION, zone.botCategorization?.bots[id] ?? 0);
  const bots: Record<string, string> = {};
  for (const bot of emu.state.botCatalogue) bots[bot.userAgentMatch!] = actionOf(bot.botId);
  for (const key of keys) {
    const bot = botNamed(emu, key);
    if (bot) bots[key] = actionOf(bot.botId);
  }
  return { categories, bots };
}
