/** `GET /shield/shield-zones?page=&perPage=`: the account's shield zones, one page. */
import { isRefusal, pageOf } from "../../paging";
import { json, type ApiResponse } from "../../responses";
import type { RouteContext } from "../../route";
import { shieldZoneResponse } from "./settings";

export function listShieldZones({ state, query, path }: RouteContext): ApiResponse {
  const page = pageOf(state.zones(), query, path);
  if (isRefusal(page)) return page;
  return json(200, { data: page.data.map(shieldZoneResponse), page: page.page });
}
