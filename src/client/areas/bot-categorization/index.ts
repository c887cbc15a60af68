/**
 * Bot categorization of a zone: `GET /shield/shield-zone/{id}/bot-categorization` (the bots a
 * zone can configure, grouped by category, with the zone's actions) and the PUTs that set one
 * category's or one bot's action (absolute values: retried where safe).
 */
import { z } from "zod";
import { check, enumField, int32Id, pathOf, shieldZoneId as checkZoneId } from "../../arguments";
import { AreaClient } from "../../area-client";
import { enumInt, inData, lenientBoolean, listOrEmpty, optionalText } from "../../schemas";

// Ids, names and actions are what a resource resolves and compares: strict. Enums take any
// integer (the service adds categories: 255 is already beyond the spec's list).
const botSchema = z.object({
  botId: z.number().int(),
  userAgentMatch: optionalText,
  category: enumInt.optional(),
  action: enumInt.optional(),
  isVerifiable: lenientBoolean,
});
/**
 * The category a bot belongs to (`BotCategory`). 255 (System) is in the spec's description
 * and `x-enum-varnames`, not in its enum list.
 */
export const BotCategory = {
  None: 0,
  SEO: 1,
  AIScraper: 2,
  AITool: 3,
  Tool: 4,
  Ads: 5,
  Preview: 6,
  Social: 7,
  System: 255,
} as const;

/** What a zone does with every bot of a category (`BotCategoryAction`). */
export const BotCategoryAction = { None: 0, Block: 1, Allow: 2 } as const;

/** What a zone does with one bot (`BotCategorizationAction`); `None` leaves it to its category's action. */
export const BotCategorizationAction = { None: 0, Block: 1, Allow: 2, Ignore: 3 } as const;

/** `BotCategorizationDetails`: a bot and the zone's action for it ({@link BotCategorizationAction} values). */
export type BotCategorizationBot = z.output<typeof botSchema>;

const groupSchema = z.object({
  category: enumInt,
  categoryAction: enumInt.optional(),
  bots: listOrEmpty(botSchema),
});
/** `BotCategorizationGroup`: a {@link BotCategory}, the zone's {@link BotCategoryAction} for it, and its bots. */
export type BotCategorizationGroup = z.output<typeof groupSchema>;

const listSchema = z.object({ categories: listOrEmpty(groupSchema) });

const categoryStateSchema = z.object({ category: enumInt.optional(), action: enumInt.optional() });
/** `BotCategoryDetails`: a category and the zone's action for it, as the PUT reports them. */
export type BotCategoryState = z.output<typeof categoryStateSchema>;

/** `client.botCategorization`: which bots a zone blocks, allows or ignores, by category or one by one. */
export class BotCategorizationApi extends AreaClient {
  /** The bots the zone can configure, grouped by category, with the zone's actions. */
  async list(shieldZoneId: number): Promise<BotCategorizationGroup[]> {
    const answer = await this.request({
      operation: "listBotCategorization",
      method: "GET",
      path: basePath(shieldZoneId),
      schema: listSchema,
    });
    return answer.categories;
  }

  /** Sets the action of every bot of a category ({@link BotCategoryAction}; 0 clears it). */
  async setCategoryAction(
    shieldZoneId: number,
    category: number,
    action: number,
  ): Promise<BotCategoryState> {
    const segment = check(categoryField, category, "category");
    return this.put("setBotCategoryAction", shieldZoneId, ["categories", segment], {
      action: check(categoryActionField, action, "action"),
      schema: categoryStateSchema,
    });
  }

  /** Sets the action of one bot ({@link BotCategorizationAction}; 0 leaves it to its category). */
  async setBotAction(
    shieldZoneId: number,
    botId: number,
    action: number,
  ): Promise<BotCategorizationBot> {
    return this.put("setBotAction", shieldZoneId, ["bots", int32Id(botId, "botId")], {
      action: check(botActionField, action, "action"),
      schema: botSchema,
    });
  }

  /** One action PUT (an absolute value: retried where safe); returns the answer's `data`. */
  private put<T extends z.ZodType>(
    operation: string,
    shieldZoneId: number,
    segments: [string, number],
    { action, schema }: { action: number; schema: T },
  ): Promise<z.output<T>> {
    return this.requestData({
      operation,
      method: "PUT",
      path: `${basePath(shieldZoneId)}${pathOf(...segments)}`,
      body: { action },
      idempotent: true,
      schema: inData(schema),
    });
  }
}

const categoryField = enumField(BotCategory);
const categoryActionField = enumField(BotCategoryAction);
const botActionField = enumField(BotCategorizationAction);

function basePath(shieldZoneId: number): string {
  return pathOf("shield", "shield-zone", checkZoneId(shieldZoneId), "bot-categorization");
}
