/**
 * `PUT …/bot-categorization/categories/{category}` and `PUT …/bot-categorization/bots/{botId}`:
 * set one action (an absolute value; 0 clears it). Body first (400), then the zone (404), then
 * the category (400) or the bot (404): actions and categories outside the service's enums are
 * refused.
 */
import { badRequest, BodyError, FIELD, readBody, type BodySource } from "../../request-body";
import {
  absence,
  absent,
  dataError,
  ERRORS,
  json,
  successStatus,
  type ApiResponse,
} from "../../responses";
import type { RouteContext } from "../../route";
import { BOT_ACTIONS, CATEGORIES, CATEGORY_ACTIONS } from "./catalogue";
import { botCategorizationOf } from "./state";
import { botDetails } from "./list";

const BOT_NOT_FOUND = absence("not_found.bot", "Bot not found.");

/** `names` listed as the service's enum messages do: `0 (None), 1 (Block)`. */
const listed = (names: Readonly<Record<number, string>>) =>
  Object.entries(names)
    .map(([value, name]) => `${value} (${name})`)
    .join(", ");

/** The body's action, one of `names` by number; or why the body is refused. */
function actionIn(request: BodySource, names: readonly string[]): number | BodyError {
  const body = readBody(request, { action: FIELD.enumValue }, ["action"]);
  if (body instanceof BodyError) return body;
  const action = body.action as number;
  return action < names.length
    ? action
    : new BodyError("validation.action", `'action' must be one of ${listed(names)}.`);
}

/** Writes `action` under `id` in `actions`; true when that changed it. */
function set(actions: Record<string, number>, id: number, action: number): boolean {
  const changed = (actions[String(id)] ?? 0) !== action;
  // None is what an unwritten entry reads as: kept implicit.
  if (action === 0) delete actions[String(id)];
  else actions[String(id)] = action;
  return changed;
}

export function setBotCategoryAction(context: RouteContext): ApiResponse {
  const { state, params } = context;
  const action = actionIn(context, CATEGORY_ACTIONS);
  if (action instanceof BodyError) return badRequest(action);
  const zone = state.zone(Number(params.shieldZoneId));
  if (!zone) return dataError(404, ERRORS.zoneNotFound);
  const raw = params.category ?? "";
  const category = /^\d+$/.test(raw) ? Number(raw) : undefined;
  if (category === undefined || !(category in CATEGORIES)) {
    return badRequest(
      new BodyError(
        "validation.category",
        `'${raw}' is not a bot category; known: ${listed(CATEGORIES)}.`,
      ),
    );
  }
  const changed = set(botCategorizationOf(zone).categories, category, action);
  return json(200, { data: { category, action }, error: successStatus() }, changed);
}

export function setBotAction(context: RouteContext): ApiResponse {
  const { state, params } = context;
  const action = actionIn(context, BOT_ACTIONS);
  if (action instanceof BodyError) return badRequest(action);
  const zone = state.zone(Number(params.shieldZoneId));
  if (!zone) return dataError(404, ERRORS.zoneNotFound);
  const bot = state.botCatalogue.find((b) => b.botId === Number(params.botId));
  if (!bot) return absent(dataError(404, BOT_NOT_FOUND));
  const changed = set(botCategorizationOf(zone).bots, bot.botId, action);
  return json(200, { data: botDetails(zone, bot), error: successStatus() }, changed);
}
