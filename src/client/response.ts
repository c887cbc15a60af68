/** Validation of response bodies against the operations' zod schemas. */
import type { z } from "zod";
import { InvalidResponseError } from "./errors";
import type { ApiRequest, ApiResponse } from "./transport";

/**
 * Parses a response body with `schema`, or throws an {@link InvalidResponseError}
 * that names the operation and the first mismatch. `part` parses one part of the
 * body instead (e.g. `["logs", 3]`), so that a mismatch there is named in full.
 */
export function parseResponse<S extends z.ZodType>(
  schema: S,
  response: ApiResponse,
  request: Pick<ApiRequest, "operation" | "method" | "path">,
  part?: { value: unknown; path: Array<string | number> },
): z.infer<S> {
  const result = schema.safeParse(part ? part.value : response.body);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const path = [...(part?.path ?? []), ...issue.path.map(String)];
  const where = path.length > 0 ? path.join(".") : "(body)";
  throw new InvalidResponseError(
    `The answer does not match the API's schema at ${where}: ${issue.message}.`,
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
