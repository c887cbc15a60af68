/** Validation of response bodies against the operations' zod schemas. */
import type { z } from "zod";
import { describeValue, InvalidResponseError } from "./errors";
import type { ApiRequest, ApiResponse } from "./transport";

/**
 * Parses a response body with `schema`, or throws an {@link InvalidResponseError}
 * that names the operation, the first mismatch's path in the body and the value found
 * there. `part` parses one part of the body instead (e.g. `["logs", 3]`), so that a
 * mismatch there is named in full.
 */
export function parseResponse<S extends z.ZodType>(
  schema: S,
  response: ApiResponse,
  request: Pick<ApiRequest, "operation" | "method" | "path">,
  part?: { value: unknown; path: Array<string | number> },
): z.output<S> {
  const parsed = part ? part.value : response.body;
  const result = schema.safeParse(parsed);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const path = [...(part?.path ?? []), ...issue.path.map(String)];
  const where = path.length > 0 ? path.join(".") : "(body)";
  const found = valueAt(parsed, issue.path);
  throw new InvalidResponseError(
    `The answer does not match the API's schema at ${where}: ${issue.message} ` +
      `(${found.present ? `it was ${describeValue(found.value)}` : "it was missing"}).`,
    {
      operation: request.operation,
      method: request.method,
      path: request.path,
      status: response.status,
      body: response.body,
      hint: "The service's answer changed shape, or the API URL points at something else; please report it.",
    },
  );
}

/** The value at `path` inside `root`, and whether it is there at all. */
export function valueAt(
  root: unknown,
  path: readonly PropertyKey[],
): { present: boolean; value: unknown } {
  let node = root;
  for (const key of path) {
    if (typeof node !== "object" || node === null || !Object.hasOwn(node, key)) {
      return { present: false, value: undefined };
    }
    node = (node as Record<PropertyKey, unknown>)[key];
  }
  return { present: true, value: node };
}
