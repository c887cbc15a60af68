/**
 * `BotCategorization` on the kit: adopted settings of a zone's bot categorization, an action
 * per category (keyed by the category's name) and per bot (keyed by the bot's name, its
 * `userAgentMatch`, or its id), each written with its own PUT. Category names are known here;
 * which bots exist only the service knows, so bot keys are resolved against the zone's list at
 * create and update, and the ids found are kept in `botIds`: a key keeps its bot even if the
 * service later adds another of the same name.
 */
import { inputSchemaOf } from "../kit/check";
import { declaration } from "./declaration";
import { enumName } from "../../client/enums";
import {
  BotCategorizationAction,
  BotCategory,
  BotCategoryAction,
  type BotCategorizationBot,
  type BotCategorizationGroup,
} from "../../client/areas/bot-categorization";
import { ShieldError } from "../../client/errors";
import { adoptedLifecycle } from "../kit/adopted";
import { writeUnlessGone } from "../kit/failures";
import { enumNumber } from "../kit/fields";
import { own } from "../kit/values";
import { zoneSettingsSpec } from "../kit/zone-settings";

const KIND = declaration.kind;

type Values = Record<string, unknown>;
/** Actions by category name or bot key, as names. */
type Actions = Record<string, string>;

/** The schemas of its inputs, from the declaration. */
export const inputSchema = inputSchemaOf(declaration);

type Live = BotCategorizationGroup[];

const botsOf = (live: Live): BotCategorizationBot[] => live.flatMap((group) => group.bots);

/**
 * The id of the bot `key` names, or why there is none. Digits are an id; a name matches a
 * bot's `userAgentMatch` exactly, else ignoring case; a name two bots share is refused with
 * their ids, so that nothing depends on the order the service lists them in.
 */
function resolveBot(live: Live, key: string): number | string {
  const all = botsOf(live);
  if (/^\d+$/.test(key)) {
    if (all.some((bot) => bot.botId === Number(key))) return Number(key);
  } else {
    const lower = key.toLowerCase();
    for (const matches of [(n: string) => n === key, (n: string) => n.toLowerCase() === lower]) {
      const found = all.filter((bot) => bot.userAgentMatch != null && matches(bot.userAgentMatch));
      if (found.length === 1) return found[0]!.botId;
      if (found.length > 1) {
        const ids = found.map((bot) => `"${bot.botId}"`).join(", ");
        return `bots["${key}"] matches several bots; name one by its id instead: ${ids}`;
      }
    }
  }
  const names = [...new Set(all.map((bot) => bot.userAgentMatch ?? String(bot.botId)))].sort(
    (a, b) => a.localeCompare(b),
  );
  return `bots["${key}"] is not a bot the zone offers; its bots are ${names.join(", ") || "none"}`;
}

/**
 * The bot id of every bot key `declared` holds: the one found before (kept in `botIds`, and
 * never dropped: a bot the service stops listing keeps its prior, to put back should it
 * return), else the one the key names now. Keys that name no bot are left out. A Map: bot keys
 * are the user's (`constructor` is a fine bot name), never what objects inherit.
 */
function botIdsOf(live: Live, declared: Values): Map<string, number> {
  const ids = new Map(Object.entries((declared.botIds ?? {}) as Record<string, number>));
  for (const key of Object.keys((declared.bots ?? {}) as Actions)) {
    const id = ids.get(key) ?? resolveBot(live, key);
    if (typeof id === "number") ids.set(key, id);
  }
  return ids;
}

const categoryOf = (group: BotCategorizationGroup) => enumName(BotCategory, group.category);
const named = (enumeration: Record<string, number>, value: number | undefined) =>
  value === undefined ? null : enumName(enumeration, value);

/** The lifecycle `dispatch` runs for this kind. */
export const lifecycle = adoptedLifecycle<Live>({
  declaration,
  inputs: inputSchema,
  ...zoneSettingsSpec(declaration),
  managedFields: ["categories", "bots"],
  read: (client, keys) => client.botCategorization.list(Number(keys.shieldZoneId)),
  validate(live, inputs, previous) {
    const problems: string[] = [];
    const offered = live.map(categoryOf);
    for (const name of Object.keys((inputs.categories ?? {}) as Actions)) {
      if (!offered.includes(name)) {
        problems.push(
          `categories["${name}"] is not a category the zone offers; it offers ${offered.join(", ")}`,
        );
      }
    }
    const known = (previous?.botIds ?? {}) as Record<string, number>;
    const keyOf = new Map<number, string>();
    for (const key of Object.keys((inputs.bots ?? {}) as Actions)) {
      const id = (own(known, key) as number | undefined) ?? resolveBot(live, key);
      const other = typeof id === "number" ? keyOf.get(id) : undefined;
      if (typeof id === "string") problems.push(id);
      else if (other !== undefined) {
        problems.push(
          `bots["${key}"] and bots["${other}"] name the same bot (${id}); give it once`,
        );
      } else keyOf.set(id, key);
    }
    if (problems.length > 0) {
      throw new ShieldError(`${KIND} ${String(inputs.shieldZoneId)}: ${problems.join("; ")}.`);
    }
  },
  settings(live, declared) {
    const groups = new Map(live.map((group) => [categoryOf(group), group]));
    const byId = new Map(botsOf(live).map((bot) => [bot.botId, bot]));
    const categoryActions: Record<string, string | null> = {};
    for (const name of Object.keys((declared.categories ?? {}) as Actions)) {
      const group = groups.get(name);
      if (group) categoryActions[name] = named(BotCategoryAction, group.categoryAction);
    }
    const botActions: Record<string, string | null> = {};
    for (const [key, id] of botIdsOf(live, declared)) {
      const bot = byId.get(id);
      if (bot) botActions[key] = named(BotCategorizationAction, bot.action);
    }
    return { categories: categoryActions, bots: botActions };
  },
  outputs: (live, _keys, declared) => ({
    botIds: Object.fromEntries(botIdsOf(live, declared)),
  }),
  carryPriors(captured, priors, live, declared) {
    const wanted = captured.bots as Actions | undefined;
    const kept = priors.bots as Actions | undefined;
    if (!wanted || !kept) return captured;
    const ids = botIdsOf(live, declared);
    const bots = Object.fromEntries(
      Object.entries(wanted).map(([key, action]) => {
        const id = ids.get(key);
        const alias = Object.keys(kept).find((k) => id !== undefined && ids.get(k) === id);
        return [key, alias === undefined ? action : kept[alias]];
      }),
    );
    return { ...captured, bots };
  },
  async write(client, outputs, change, restoring) {
    const zone = Number(outputs.shieldZoneId);
    const api = client.botCategorization;
    const ids = (outputs.botIds ?? {}) as Record<string, number>;
    const stored = (field: "bots" | "categories") => (outputs[field] ?? {}) as Actions;
    // The kit gives a changed map whole: only its entries that differ are sent (all of them
    // when restoring, since the stored values may be older than the service's).
    const entries = (field: "bots" | "categories") =>
      Object.entries((change[field] ?? {}) as Actions).filter(
        ([key, action]) => restoring || own(stored(field), key) !== action,
      );
    // Bots first: a bot's own action is in place before its category's action reaches it.
    for (const [key, action] of entries("bots")) {
      const id = own(ids, key) as number | undefined;
      if (id === undefined) {
        // Never resolved, so never written: nothing to put back.
        if (restoring) continue;
        throw new ShieldError(`${KIND} ${zone}: bots["${key}"] was never resolved to a bot id.`);
      }
      await writeUnlessGone(client, zone, restoring, () =>
        api.setBotAction(zone, id, enumNumber(BotCategorizationAction, action)!),
      );
    }
    for (const [name, action] of entries("categories")) {
      await writeUnlessGone(client, zone, restoring, () =>
        api.setCategoryAction(
          zone,
          enumNumber(BotCategory, name)!,
          enumNumber(BotCategoryAction, action)!,
        ),
      );
    }
  },
});
