/** `BotCategorization` declared once: resource.ts is generated from it (`npm run generate`). */
import { declareKind, zoneOutput } from "../kit/declaration";

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
  imports: ['import type { BOT_CATEGORIZATION_ON_DELETE } from "./spec";'],
  types: `
/** A category of bots (by name, in any case, or its number as text: \`"2"\` is \`AIScraper\`). */
export type BotCategoryName =
  "None" | "SEO" | "AIScraper" | "AITool" | "Tool" | "Ads" | "Preview" | "Social" | "System";
/** What a zone does with a category's bots: \`None\`, \`Block\` or \`Allow\` (or 0, 1, 2). */
export type BotCategoryActionName = "None" | "Block" | "Allow";
/** What a zone does with one bot: \`None\` (its category's action applies), \`Block\`, \`Allow\` or \`Ignore\` (or 0 to 3). */
export type BotActionName = "None" | "Block" | "Allow" | "Ignore";
`,
  inputs: {
    shieldZoneId: {
      type: "number",
      doc: "The shield zone. Changing it replaces the resource.",
      required: true,
      replaces: true,
      docs: {
        type: "`number`",
        text: "The shield zone (1 to 2147483647). Changing it replaces the resource.",
      },
    },
    categories: {
      type: `Partial<Record<BotCategoryName, pulumi.Input<BotCategoryActionName | number | null>>> &
      Record<string, pulumi.Input<BotCategoryActionName | number | null>>`,
      doc: `Actions by category name (\`SEO\`, \`AIScraper\`, … in any case, or the category's number as
text). \`null\` clears an action (written as \`None\`).`,
      docs: {
        type: '`Record<string, "None" | "Block" | "Allow" | number | null>`',
        default: "none",
        text: 'Actions by category: `None`, `SEO`, `AIScraper`, `AITool`, `Tool`, `Ads`, `Preview`, `Social`, `System` in any case, or the category\'s number as text (`"2"`); stored under the name. An action is a name or its number (0, 1, 2); `null` clears it and is stored as `None`.',
      },
    },
    bots: {
      type: "Record<string, pulumi.Input<BotActionName | number | null>>",
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
      type: "(typeof BOT_CATEGORIZATION_ON_DELETE)[number]",
      doc: `What deleting the resource does: \`"restore"\` (default) puts back each category and bot
action Pulumi managed as it was before; \`"keep"\` leaves them.`,
      docs: {
        type: '`"restore"` or `"keep"`',
        default: '`"restore"`',
        text: '`"restore"` puts back each entry Pulumi managed as it was before its first write; `"keep"` leaves the service as it is.',
      },
    },
  },
  outputs: {
    shieldZoneId: zoneOutput,
    categories: {
      type: "Record<string, string | null>",
      doc: "The live action of every declared category, by category name.",
      docs: {
        type: "`Record<string, string | null>`",
        text: "The live action of every category declared, by name (an entry once declared stays here).",
      },
    },
    bots: {
      type: "Record<string, string | null>",
      doc: "The live action of every declared bot, by the key it was declared with.",
      docs: {
        type: "`Record<string, string | null>`",
        text: 'The live action of every bot declared, by the key it was declared with. A bot the service no longer lists is left out. Actions this version does not name show as their number (`"7"`).',
      },
    },
    botIds: {
      type: "Record<string, number>",
      doc: "The id of every declared bot, by the key it was declared with.",
      docs: {
        type: "`Record<string, number>`",
        text: "The id each bot key was resolved to. A key keeps its id from then on, even if the service later lists another bot of that name.",
      },
    },
    onDelete: {
      type: "string",
      doc: "What deleting the resource does on the service.",
      docs: { type: "`string`", text: "As given." },
    },
    priors: {
      type: "Record<string, unknown>",
      doc: "The actions before Pulumi's first write of the entries it manages.",
      docs: {
        type: "`{ categories?, bots? }`",
        text: "The action of each declared entry before Pulumi's first write of it.",
      },
    },
  },
});
