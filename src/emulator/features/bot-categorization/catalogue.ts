/**
 * The bots the service offers for categorization (the same for every zone), the categories
 * and actions its PUTs accept, and a zone's actions, which read as 0 (None) until written.
 */
import type { BotRecord } from "./state";

/** The categories the spec's enum lists: the service groups every zone's bots under each. */
export const PUBLISHED_CATEGORIES = [0, 1, 2, 3, 4, 5, 6, 7] as const;
/** 255 (System) is only in the spec's description: served in drift mode, accepted by the PUT. */
const SYSTEM = 255;
/** The categories a PUT accepts, by number. */
export const CATEGORIES: Readonly<Record<number, string>> = {
  0: "None",
  1: "SEO",
  2: "AIScraper",
  3: "AITool",
  4: "Tool",
  5: "Ads",
  6: "Preview",
  7: "Social",
  [SYSTEM]: "System",
};
/** `BotCategoryAction`, by number. */
export const CATEGORY_ACTIONS = ["None", "Block", "Allow"] as const;
/** `BotCategorizationAction`, by number. */
export const BOT_ACTIONS = ["None", "Block", "Allow", "Ignore"] as const;

// [botId, userAgentMatch, category, isVerifiable]; ids are the category times 100 plus a number.
const SEED: ReadonlyArray<[number, string, number, boolean]> = [
  [101, "Googlebot", 1, true],
  [102, "Bingbot", 1, true],
  [103, "YandexBot", 1, true],
  [104, "DuckDuckBot", 1, true],
  [105, "Applebot", 1, true],
  [201, "GPTBot", 2, true],
  [202, "CCBot", 2, false],
  [203, "ClaudeBot", 2, true],
  [204, "Bytespider", 2, false],
  [301, "ChatGPT-User", 3, true],
  [302, "Perplexity-User", 3, false],
  [401, "curl", 4, false],
  [402, "Wget", 4, false],
  [403, "python-requests", 4, false],
  [501, "AdsBot-Google", 5, true],
  [502, "Mediapartners-Google", 5, true],
  [601, "Slackbot", 6, true],
  [602, "Discordbot", 6, false],
  [603, "WhatsApp", 6, false],
  [701, "Twitterbot", 7, true],
  [702, "facebookexternalhit", 7, true],
  [703, "LinkedInBot", 7, true],
  [25501, "BunnyUptime", SYSTEM, true],
];

/** The catalogue a fresh emulator starts with (a new copy each time). */
export function seedBotCatalogue(): BotRecord[] {
  return SEED.map(([botId, userAgentMatch, category, isVerifiable]) => ({
    botId,
    userAgentMatch,
    category,
    isVerifiable,
  }));
}

/** The action `actions` hold for `id` (0 when none was written). */
export const actionOf = (actions: Record<string, number> | undefined, id: number): number =>
  actions?.[String(id)] ?? 0;
