/** Reading every item of a `page`/`perPage` listing, and the list object that offers it. */
import { z } from "zod";
import { listOrEmpty } from "./schemas";

/** Items asked for per page when the caller does not say; the service's own default is 10. */
export const DEFAULT_PER_PAGE = 100;
/** Largest `perPage` accepted. */
export const MAX_PER_PAGE = 1000;

/** Options of a paged listing. */
export interface ListOptions {
  /** Items per request, 1 to {@link MAX_PER_PAGE}; default {@link DEFAULT_PER_PAGE}. */
  perPage?: number;
}

/**
 * The answer of a paged listing: `data[]`, `page.nextPage` and `page.totalPages` are read
 * (strictly); the other paging figures (`totalCount`, `currentPage`, …) are not, so they are
 * not checked.
 */
export function pagedAnswer<T extends z.ZodType>(item: T) {
  const pageNumber = z.number().int().nullable().optional();
  return z.object({
    data: listOrEmpty(item),
    page: z.object({ nextPage: pageNumber, totalPages: pageNumber }).nullable().optional(),
  });
}

/** One page as {@link walkPages} needs it. */
export interface Page<T> {
  data: T[];
  page?: { nextPage?: number | null; totalPages?: number | null } | null;
}

/**
 * Every item of a listing, page after page from page 1. The listing goes on while either
 * paging figure says there is more: `page.nextPage`, or the page just read being below
 * `page.totalPages` (the live service's answers may lack `nextPage`, and the tools that run
 * against it page by `totalPages` alone). It stops when neither does, on an empty page, on a
 * page already read, or on a page with no item not seen before (a service that ignores `page`
 * would otherwise repeat its first page forever). An item whose `idOf` was seen before is not
 * yielded again.
 */
export async function* walkPages<T>(
  readPage: (page: number) => Promise<Page<T>>,
  idOf: (item: T) => unknown,
): AsyncGenerator<T, void, undefined> {
  const pagesRead = new Set<number>();
  const seen = new Set<unknown>();
  for (let page = 1; ;) {
    pagesRead.add(page);
    const answer = await readPage(page);
    let fresh = 0;
    for (const item of answer.data) {
      const id = idOf(item);
      if (seen.has(id)) continue;
      seen.add(id);
      fresh++;
      yield item;
    }
    const next = nextPageOf(answer.page, page, pagesRead);
    if (fresh === 0 || next === undefined) return;
    page = next;
  }
}

/**
 * The page to read after `page`: the service's `nextPage`, else the following one while
 * `totalPages` says there is more; undefined when neither offers a page not read yet.
 */
function nextPageOf(
  figures: Page<unknown>["page"],
  page: number,
  pagesRead: ReadonlySet<number>,
): number | undefined {
  const offered = [figures?.nextPage, (figures?.totalPages ?? 0) > page ? page + 1 : undefined];
  return offered.find((next): next is number => typeof next === "number" && !pagesRead.has(next));
}

/**
 * A listing that can be iterated (`for await (const x of list)`, lazily, page by page) or
 * awaited (`await list`: every item in an array). Nothing is sent until one of the two
 * starts. Use one or the other, once: awaiting collects what iteration has not consumed.
 */
export class PagedList<T> implements AsyncGenerator<T, void, undefined>, PromiseLike<T[]> {
  readonly #start: () => AsyncGenerator<T, void, undefined>;
  #items: AsyncGenerator<T, void, undefined> | undefined;
  #all: Promise<T[]> | undefined;

  /** @param start creates the generator of the items; called once, on first use */
  constructor(start: () => AsyncGenerator<T, void, undefined>) {
    this.#start = start;
  }

  #generator(): AsyncGenerator<T, void, undefined> {
    return (this.#items ??= this.#start());
  }

  /** The next item. */
  next(): Promise<IteratorResult<T, void>> {
    return this.#generator().next();
  }

  /** Stops the listing; no further page is read. */
  return(value?: void | PromiseLike<void>): Promise<IteratorResult<T, void>> {
    return this.#generator().return(value as void);
  }

  /** Throws `error` into the listing. */
  throw(error?: unknown): Promise<IteratorResult<T, void>> {
    return this.#generator().throw(error);
  }

  /** The listing itself: `for await` reads it page by page. */
  [Symbol.asyncIterator](): this {
    return this;
  }

  /** Every item, read to the end. */
  then<R1 = T[], R2 = never>(
    onfulfilled?: ((items: T[]) => R1 | PromiseLike<R1>) | null,
    onrejected?: ((reason: unknown) => R2 | PromiseLike<R2>) | null,
  ): Promise<R1 | R2> {
    this.#all ??= (async () => {
      const items: T[] = [];
      for await (const item of this) items.push(item);
      return items;
    })();
    return this.#all.then(onfulfilled, onrejected);
  }

  /** Every item, read to the end, or what `onrejected` makes of the failure. */
  catch<R = never>(
    onrejected?: ((reason: unknown) => R | PromiseLike<R>) | null,
  ): Promise<T[] | R> {
    return this.then(undefined, onrejected);
  }

  /** Every item, read to the end; `onfinally` runs either way. */
  finally(onfinally?: (() => void) | null): Promise<T[]> {
    return this.then().finally(onfinally);
  }
}
