/** What bot categorization keeps on a zone: its actions by category and by bot. */
import { z } from "zod";
import { enumValue } from "../../snapshot-values";
import type { ZoneRecord } from "../../records";
import { seedBotCatalogue } from "./catalogue";

/**
 * BotCategory: 0 None, 1 SEO, 2 AIScraper, 3 AITool, 4 Tool, 5 Ads, 6 Preview, 7 Social. The
 * spec's description (not its enum list) adds 255 System.
 */
export type BotCategory = number;
/** BotCategoryAction (a category's): 0 None, 1 Block, 2 Allow. */
export type BotCategoryAction = number;

/** BotCategorizationAction (a bot's): 0 None (the category's action applies), 1 Block, 2 Allow, 3 Ignore. */
export type BotCategorizationAction = number;

/** A zone's bot categorization: actions by category and by bot id (as text); absent ones are 0. */
export interface BotCategorizationRecord {
  categories: Record<string, BotCategoryAction>;
  bots: Record<string, BotCategorizationAction>;
}

/** A bot of the service's catalogue, as every zone sees it before it sets an action. */
const bot = z.strictObject({
  botId: z.int().min(1).max(0x7fff_ffff),
  userAgentMatch: z.string().nullable(),
  /** {@link BotCategory}. */
  category: enumValue,
  isVerifiable: z.boolean(),
});

/** A bot of the service's catalogue, as every zone sees it before it sets an action. */
export type BotRecord = z.infer<typeof bot>;

declare module "../../records" {
  interface ZoneRecord {
    /** Bot categorization actions; absent until first written (every action then reads as None). */
    botCategorization?: BotCategorizationRecord;
  }
  interface StateSnapshot {
    /** The bots offered for categorization (absent in older files: the seeded catalogue). */
    botCatalogue?: BotRecord[];
  }
}

const actions = z.record(z.string().regex(/^\d+$/, "expected an id"), enumValue);

/** The zone's fields as a state file holds them. */
export const zoneFields = {
  botCategorization: z.strictObject({ categories: actions, bots: actions }).optional(),
};

declare module "../../state" {
  interface EmulatorState {
    /** The bots every zone can categorize; the service's data, not a client's, so seeded. */
    botCatalogue: BotRecord[];
  }
}

/** The catalogue of a fresh state, and of a state file without one: the service's bots. */
export const snapshotSeeds = { botCatalogue: seedBotCatalogue };

/** The catalogue as a state file holds it: each bot once. */
export const snapshotFields = {
  botCatalogue: z
    .array(bot)
    .refine((bots) => new Set(bots.map((b) => b.botId)).size === bots.length, "duplicate botId")
    .optional(),
};

/** The zone's actions, made (all None) when first written. */
export function botCategorizationOf(zone: ZoneRecord): BotCategorizationRecord {
  return (zone.botCategorization ??= { categories: {}, bots: {} });
}
