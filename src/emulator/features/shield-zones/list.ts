/** `GET /shield/shield-zones?page=&perPage=`: the account's shield zones, one page. */
import { integerParameter } from "../../query";
import { problem, json, type ApiResponse } from "../../responses";
import type { RouteContext } from "../../route";
import { shieldZoneResponse } from "./settings";

/** The spec's default page size. */
const DEFAULT_PER_PAGE = 10;
/** Larger pages are cut to this (the client asks for up to 1000). */
const MAX_PER_PAGE = 1000;

export function listShieldZones({ state, query, path }: RouteContext): ApiResponse {
  const page = integerParameter(query, "page", 1);
  const perPage = integerParameter(query, "perPage", DEFAULT_PER_PAGE);
  // Model binding refuses what is not an int32; a page or size below 1 means the first/default.
  if (page === undefined) return problem(400, path, "The value of 'page' is not a valid integer.");
  if (perPage === undefined) {
    return problem(400, path, "The value of 'perPage' is not a valid integer.");
  }
  const currentPage = Math.max(page, 1);
  const pageSize = perPage < 1 ? DEFAULT_PER_PAGE : Math.min(perPage, MAX_PER_PAGE);
  const zones = state.zones();
  const totalPages = Math.max(1, Math.ceil(zones.length / pageSize));
  const start = (currentPage - 1) * pageSize;
  return json(200, {
    data: zones.slice(start, start + pageSize).map(shieldZoneResponse),
    page: {
      totalCount: zones.length,
      totalPages,
      currentPage,
      nextPage: currentPage < totalPages ? currentPage + 1 : null,
      pageSize,
    },
  });
}
