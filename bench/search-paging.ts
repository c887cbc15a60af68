/**
 * Search paging: every result of a platform-wide search through `client.searchAll()`, which
 * pages with the client's largest page size. The emulator is seeded with `results` items, all
 * of which the empty query matches.
 */
import { MAX_SEARCH_PAGE_SIZE, ShieldClient } from "../src/client";
import { EmulatorState } from "../src/emulator";
import { startChildEmulator } from "./emulator-process";
import { median, now, repeat, type Sizes } from "./measure";

export interface SearchResult {
  results: number;
  pages: number;
  runs: number;
  /** Median over runs. */
  resultsPerSecond: number;
  failures: number;
}

export async function searchPaging(size: Sizes["search"]): Promise<SearchResult> {
  const state = EmulatorState.seeded({ searchItems: size.results }).toJSON();
  const emulator = await startChildEmulator({ state });
  try {
    const client = new ShieldClient({ apiKey: emulator.apiKey, baseUrl: emulator.url });
    // Warm-up: one page.
    await client.search({ query: "", size: MAX_SEARCH_PAGE_SIZE });
    let failures = 0;
    const runs = await repeat(size.runs, async () => {
      let count = 0;
      const start = now();
      try {
        for await (const result of client.searchAll({ query: "" })) if (result.Id > 0) count++;
      } catch {
        failures++;
      }
      const seconds = (now() - start) / 1000;
      if (count !== size.results) failures++;
      return count / seconds;
    });
    return {
      results: size.results,
      pages: Math.ceil(size.results / MAX_SEARCH_PAGE_SIZE),
      runs: size.runs,
      resultsPerSecond: median(runs),
      failures,
    };
  } finally {
    await emulator.close();
  }
}
