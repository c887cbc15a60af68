/** The public API documents (`../shared/reference`): their operations, and values to call them. */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";

const REFERENCE = resolve(__dirname, "../../../shared/reference");
const METHODS = ["get", "post", "put", "patch", "delete"];

/** The Shield document and the core API's subset (`/search`). */
export const DOCUMENTS = ["shield-api-v1.0.0.json", "core-api-search-subset.json"] as const;

/** Each operation of a document: its method and path template. */
export function operationsOf(
  file: (typeof DOCUMENTS)[number],
): Array<{ method: string; path: string }> {
  const document = JSON.parse(readFileSync(resolve(REFERENCE, file), "utf8")) as {
    paths: Record<string, Record<string, unknown>>;
  };
  return Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.keys(operations)
      .filter((method) => METHODS.includes(method))
      .map((method) => ({ method: method.toUpperCase(), path })),
  );
}

/**
 * A value for each path parameter the documents use, valid for its route's constraint and
 * naming seeded objects; `date` is the day a suite's emulator keeps logs for.
 */
export function pathParameters(date: string): Record<string, string> {
  return {
    shieldZoneId: "1001",
    id: "1",
    pullZoneId: "501001",
    date,
    continuationToken: "",
    ruleId: "942100",
    endpointId: "1",
    pageType: "block",
    category: "1",
    botId: "1",
  };
}
