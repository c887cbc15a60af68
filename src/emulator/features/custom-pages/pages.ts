/**
 * `GET`, `PUT` and `DELETE /shield/shield-zone/{shieldZoneId}/custom-page/{pageType}`: a zone's
 * custom response pages. The PUT's body is the page's HTML as it is, whatever its content type
 * (the API declares no body; clients send the raw text); GET answers it as text/plain. Every
 * failure is the bare status envelope; a zone on the Basic plan has no custom pages at all.
 */
import { CUSTOM_PAGE_TYPES, LOWEST_PLAN, type CustomPageType } from "./state";
import { onPlan } from "../../plans";
import {
  absence,
  absent,
  ERRORS,
  errorStatus,
  json,
  successStatus,
  TEXT_TYPE,
  type ApiResponse,
} from "../../responses";
import type { RouteContext } from "../../route";
import type { ZoneRecord } from "../../state";

/** The service's answer for a page type the zone has none of. */
const PAGE_NOT_FOUND = absence("not_found.custom_page", "Custom page not found.");

/** The page's HTML as text/plain, or 404 when the zone has none of that type. */
export function getCustomPage(context: RouteContext): ApiResponse {
  const target = targetOf(context);
  if (!("zone" in target)) return target;
  const html = target.zone.customPages?.[target.type];
  if (html === undefined) return absent(failure(404, PAGE_NOT_FOUND));
  return { status: 200, contentType: TEXT_TYPE, body: html };
}

/** Stores the body as the page (a non-empty text); answers the success envelope. */
export function uploadCustomPage(context: RouteContext): ApiResponse {
  const target = targetOf(context);
  if (!("zone" in target)) return target;
  if (context.rawBody === "") {
    return failure(400, {
      errorKey: "validation.body",
      message: "The page's HTML is required as the request body.",
    });
  }
  const pages = (target.zone.customPages ??= {});
  const changed = pages[target.type] !== context.rawBody;
  pages[target.type] = context.rawBody;
  return json(200, successStatus(), changed);
}

/** Removes the page, or answers 404 when there is none. */
export function deleteCustomPage(context: RouteContext): ApiResponse {
  const target = targetOf(context);
  if (!("zone" in target)) return target;
  const { zone, type } = target;
  if (zone.customPages?.[type] === undefined) return absent(failure(404, PAGE_NOT_FOUND));
  delete zone.customPages[type];
  // A zone without pages is stored as one that never had any.
  if (Object.keys(zone.customPages).length === 0) delete zone.customPages;
  return json(200, successStatus(), true);
}

/** The zone and page type a request names, or the failure to answer. */
function targetOf({
  state,
  params,
}: RouteContext): { zone: ZoneRecord; type: CustomPageType } | ApiResponse {
  const zone = state.zone(Number(params.shieldZoneId));
  if (!zone) return failure(404, ERRORS.zoneNotFound);
  if (!onPlan(zone.planType, LOWEST_PLAN)) return failure(400, ERRORS.featureNotOnPlan);
  // Names match in any case, like the routes' literal segments.
  const type = CUSTOM_PAGE_TYPES.find((t) => t === params.pageType?.toLowerCase());
  if (type === undefined) {
    return failure(400, {
      errorKey: "validation.pageType",
      message: `Unknown page type '${params.pageType}'; known: ${CUSTOM_PAGE_TYPES.join(", ")}.`,
    });
  }
  return { zone, type };
}

function failure(
  status: number,
  error: { errorKey: string | null; message: string | null },
): ApiResponse {
  return json(status, errorStatus(status, error));
}
