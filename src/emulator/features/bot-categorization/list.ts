/**
 * `GET /shield/shield-zone/{shieldZoneId}/bot-categorization`: the catalogue's bots grouped by
 * category, with the zone's actions. A group for every category the spec lists (empty ones
 * too); in drift mode also for the others the catalogue has (255 System, or a number a test put
 * there), which the spec's enum does not list yet.
 */
import { ERRORS, json, routeErrorBody, successStatus, type ApiResponse } from "../../responses";
import type { RouteContext } from "../../route";
import type { ZoneRecord } from "../../state";
import { actionOf, PUBLISHED_CATEGORIES } from "./catalogue";
import type { BotRecord } from "./state";

export function listBotCategorization({ state, params, drift }: RouteContext): ApiResponse {
  const zone = state.zone(Number(params.shieldZoneId));
  if (!zone) {
    const { errorKey, message } = ERRORS.zoneNotFound;
    return json(404, routeErrorBody("categories", 404, errorKey, message));
  }
  const categories = new Set<number>(PUBLISHED_CATEGORIES);
  if (drift) for (const bot of state.botCatalogue) categories.add(bot.category);
  return json(200, {
    categories: [...categories]
      .sort((a, b) => a - b)
      .map((category) => ({
        category,
        categoryAction: actionOf(zone.botCategorization?.categories, category),
        bots: state.botCatalogue
          .filter((bot) => bot.category === category)
          .map((bot) => botDetails(zone, bot)),
      })),
    error: successStatus(),
  });
}

/** `BotCategorizationDetails`: a bot with the zone's action for it. */
export function botDetails(zone: ZoneRecord, bot: BotRecord) {
  return { ...bot, action: actionOf(zone.botCategorization?.bots, bot.botId) };
}
