/** The `page`/`perPage` listings of the API (`{data, page: PaginationResponse}`). */
import { integerParameter } from "./query";
import { problem, type ApiResponse } from "./responses";

/** The spec's default page size. */
const DEFAULT_PER_PAGE = 10;
/** Larger pages are cut to this (the client asks for up to 1000). */
const MAX_PER_PAGE = 1000;

/** `PaginationResponse`. */
export interface PageInfo {
  totalCount: number;
  totalPages: number;
  currentPage: number;
  nextPage: number | null;
  pageSize: number;
}

/**
 * The page of `items` that the query asks for, with its `PaginationResponse`; a 400 answer
 * when `page` or `perPage` is not an int32 (as model binding refuses it).
 */
export function pageOf<T>(
  items: readonly T[],
  query: URLSearchParams,
  path: string,
): { data: T[]; page: PageInfo } | ApiResponse {
  const page = integerParameter(query, "page", 1);
  const perPage = integerParameter(query, "perPage", DEFAULT_PER_PAGE);
  if (page === undefined) return problem(400, path, "The value of 'page' is not a valid integer.");
  if (perPage === undefined) {
    return problem(400, path, "The value of 'perPage' is not a valid integer.");
  }
  // A page or size below 1 means the first page, or the default size.
  const currentPage = Math.max(page, 1);
  const pageSize = perPage < 1 ? DEFAULT_PER_PAGE : Math.min(perPage, MAX_PER_PAGE);
  // As the live service: an empty listing has no page at all (totalPages 0).
  const totalPages = Math.ceil(items.length / pageSize);
  const start = (currentPage - 1) * pageSize;
  return {
    data: items.slice(start, start + pageSize),
    page: {
      totalCount: items.length,
      totalPages,
      currentPage,
      nextPage: currentPage < totalPages ? currentPage + 1 : null,
      pageSize,
    },
  };
}

/** True for the refusal {@link pageOf} may return instead of a page. */
export function isRefusal(value: object): value is ApiResponse {
  return "status" in value && "body" in value;
}

/**
 * `response` without `page.nextPage`, as the live service may answer a listing (the
 * `omitNextPage` fault); any other answer unchanged.
 */
export function withoutNextPage(response: ApiResponse): ApiResponse {
  if (!response.contentType.startsWith("application/json")) return response;
  const body: unknown = JSON.parse(response.body);
  const page = (body as { page?: unknown } | null)?.page;
  if (typeof page !== "object" || page === null || !("nextPage" in page)) return response;
  delete (page as { nextPage?: unknown }).nextPage;
  return { ...response, body: JSON.stringify(body) };
}
