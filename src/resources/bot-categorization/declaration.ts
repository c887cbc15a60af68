/** `BotCategorization` declared once: resource.ts is generated from it (`npm run generate`). */
import { z } from "zod";
import {
  BotCategorizationAction,
  BotCategory,
  BotCategoryAction,
} from "../../client/areas/bot-categorization";
import { refuse } from "../kit/refuse";
import { declareKind, restoreOrKeepInput, zoneOutput } from "../kit/declaration";
import { enumInput, INT32_MAX, zoneIdInput } from "../kit/fields";
import { enumMeta } from "../kit/shape";

const CATEGORY_NAMES = Object.keys(BotCategory) as Array<keyof typeof BotCategory>;

/** The name of the category `key` stands for: a name in any case, or the number as text. */
function categoryName(key: string): string | undefined {
  if (/^\d+$/.test(key)) return CATEGORY_NAMES.find((name) => BotCategory[name] === Number(key));
  return CATEGORY_NAMES.find((name) => name.toLowerCase() === key.toLowerCase());
}

/** An action by name (or number), an enum `name` of the package; null clears it, which the API writes as None. */
function actionInput<E extends Record<string, number>>(enumeration: E, name: string) {
  const field = enumInput(enumeration, name);
  return field
    .nullable()
    .transform((action) => action ?? "None")
    .describe(`${field.description}, or null (None)`);
}

// A key is any text here (the rule below names the bad ones); its metadata names the
// categories, in any case, for the public type (keys typed `BotCategoryName`).
const categoryKey = z.string().meta(enumMeta("BotCategory", BotCategory, { anyText: true }));

const categories = z
  .record(categoryKey, actionInput(BotCategoryAction, "BotCategoryAction"))
  .superRefine((value, ctx) => {
    const seen = new Map<string, string>();
    for (const key of Object.keys(value)) {
      const name = categoryName(key);
      const other = name === undefined ? undefined : seen.get(name);
      if (name === undefined) {
        const valid = CATEGORY_NAMES.map((n) => `${n} (${BotCategory[n]})`).join(", ");
        refuse(ctx, `categories["${key}"] is not a bot category; the categories are ${valid}.`, [
          key,
        ]);
      } else if (other !== undefined) {
        const reason = `categories["${key}"] and categories["${other}"] both name ${name}; give it once.`;
        refuse(ctx, reason, [key]);
      } else {
        seen.set(name, key);
      }
    }
  })
  .transform((value) =>
    Object.fromEntries(Object.entries(value).map(([key, action]) => [categoryName(key)!, action])),
  )
  .describe("an object of actions keyed by category name");

const bots = z
  .record(z.string(), actionInput(BotCategorizationAction, "BotAction"))
  .superRefine((value, ctx) => {
    for (const key of Object.keys(value)) {
      if (key.trim() === "") {
        refuse(ctx, `bots["${key}"] must name a bot: its name (userAgentMatch) or its id.`, [key]);
      } else if (/^\d+$/.test(key) && !(Number(key) >= 1 && Number(key) <= INT32_MAX)) {
        refuse(ctx, `bots["${key}"] is not a bot id (ids are 1 to ${INT32_MAX}).`, [key]);
      }
    }
  })
  .describe("an object of actions keyed by a bot's name (userAgentMatch) or id");

/** An action as state holds it, by key: a name, or the number's text for one this version does not name. */
const actionsOutput = z.record(z.string(), z.string().nullable());

export const declaration = declareKind({
  kind: "BotCategorization",
  summary:
    "`BotCategorization`: which known bots a zone blocks, allows or ignores, by category or one by one.",
  doc: `The bot categorization of a shield zone: an action for every bot of a category (say, block
AI scrapers) and for single bots (say, allow one of them anyway). It exists with the zone,
so declaring it adopts it: each declared entry's action before Pulumi's first write is kept
in \`priors\` and put back on delete.

@example
\`\`\`ts
new BotCategorization("bots", {
  shieldZoneId: zone.shieldZoneId,
  categories: { AIScraper: "Block", Tool: "Block" },
  // An exception: this crawler stays allowed although its category is blocked.
  bots: { GPTBot: "Allow" },
});
\`\`\``,
  argsDoc:
    "Arguments of {@link BotCategorization}. An entry not declared is left as the service has it.",
  inputs: {
    shieldZoneId: {
      schema: zoneIdInput,
      doc: "The shield zone. Changing it replaces the resource.",
      required: true,
      replaces: true,
      docs: {
        text: "The shield zone (1 to 2147483647). Changing it replaces the resource.",
      },
    },
    categories: {
      schema: categories,
      doc: `Actions by category name (\`SEO\`, \`AIScraper\`, … in any case, or the category's number as
text). \`null\` clears an action (written as \`None\`).`,
      docs: {
        type: '`Record<string, "None" | "Block" | "Allow" | number | null>`',
        default: "none",
        text: 'Actions by category: `None`, `SEO`, `AIScraper`, `AITool`, `Tool`, `Ads`, `Preview`, `Social`, `System` in any case, or the category\'s number as text (`"2"`); stored under the name. An action is a name or its number (0, 1, 2); `null` clears it and is stored as `None`.',
      },
    },
    bots: {
      schema: bots,
      doc: `Actions by bot: its name as the service lists it (\`userAgentMatch\`, e.g. \`"GPTBot"\`: an
exact match first, then one ignoring case) or its id as text (\`"201"\`). The bots a zone
offers are listed by \`getBotCategories\`; a key naming none of them fails create or update
before anything is written. \`null\` clears an action (written as \`None\`).`,
      docs: {
        type: '`Record<string, "None" | "Block" | "Allow" | "Ignore" | number | null>`',
        default: "none",
        text: "Actions by bot. A key is the bot's name as the service lists it (`userAgentMatch`, e.g. `\"GPTBot\"`: an exact match first, then one ignoring case) or, in digits, its id. An action is a name or its number (0 to 3); `None` leaves the bot to its category's action; `null` is stored as `None`.",
      },
    },
    onDelete: {
      ...restoreOrKeepInput("the category and bot actions"),
      docs: {
        default: '`"restore"`',
        text: '`"restore"` puts back each entry Pulumi managed as it was before its first write; `"keep"` leaves the service as it is.',
      },
    },
  },
  outputs: {
    shieldZoneId: zoneOutput,
    categories: {
      type: actionsOutput,
      doc: "The live action of every declared category, by category name.",
      docs: {
        text: "The live action of every category declared, by name (an entry once declared stays here).",
      },
    },
    bots: {
      type: actionsOutput,
      doc: "The live action of every declared bot, by the key it was declared with.",
      docs: {
        text: 'The live action of every bot declared, by the key it was declared with. A bot the service no longer lists is left out. Actions this version does not name show as their number (`"7"`).',
      },
    },
    botIds: {
      from: ["bots"],
      type: z.record(z.string(), z.number().int()),
      doc: "The id of every declared bot, by the key it was declared with.",
      docs: {
        text: "The id each bot key was resolved to. A key keeps its id from then on, even if the service later lists another bot of that name.",
      },
    },
    onDelete: {
      type: z.string(),
      doc: "What deleting the resource does on the service.",
      docs: { text: "As given." },
    },
    priors: {
      type: z.record(z.string(), z.unknown()),
      doc: "The actions before Pulumi's first write of the entries it manages.",
      docs: {
        type: "`{ categories?, bots? }`",
        text: "The action of each declared entry before Pulumi's first write of it.",
      },
    },
  },
});
