/** `GET /search?search=&from=&size=`: platform-wide search (core API, PascalCase). */
import type { SearchResults } from "../../api-types";
import { integerParameter } from "../../query";
import { coreError, json, type ApiResponse } from "../../responses";
import type { RouteContext } from "../../route";

const MAX_SIZE = 1000;

export function search({ state, query }: RouteContext): ApiResponse {
  const from = integerParameter(query, "from", 0);
  if (from === undefined || from < 0) return invalid("from", "must be a non-negative integer");
  const size = integerParameter(query, "size", 20);
  if (size === undefined || size < 0 || size > MAX_SIZE) {
    return invalid("size", `must be an integer between 0 and ${MAX_SIZE}`);
  }

  const text = query.get("search");
  const needle = (text ?? "").toLowerCase();
  const matches = state.searchItems.filter((item) => item.name.toLowerCase().includes(needle));
  const body: SearchResults = {
    Query: text,
    Total: matches.length,
    From: from,
    Size: size,
    SearchResults: matches
      .slice(from, from + size)
      .map((item) => ({ Type: item.type, Id: item.id, Name: item.name })),
  };
  return json(200, body);
}

function invalid(field: string, problem: string): ApiResponse {
  return coreError(400, {
    ErrorKey: "search.invalid_parameter",
    Field: field,
    Message: `The '${field}' parameter ${problem}.`,
  });
}
