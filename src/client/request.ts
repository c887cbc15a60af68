/** The one way operations call the API: send, then parse the answer with the operation's schema. */
import type { z } from "zod";
import { parseResponse } from "./response";
import type { DataAnswer } from "./schemas";
import type { ApiRequest, Transport } from "./transport";

/** A request and the schema of its answer. */
export interface RequestSpec<S extends z.ZodType> extends ApiRequest {
  schema: S;
}

/**
 * Sends `spec` (retrying only what is safe, see {@link ApiRequest.idempotent}) and returns
 * its answer parsed with `spec.schema`.
 * @throws {ShieldApiError} a subclass saying what failed and what to do next
 */
export async function request<S extends z.ZodType>(
  transport: Transport,
  spec: RequestSpec<S>,
): Promise<z.output<S>> {
  return parseResponse(spec.schema, await transport.send(spec), spec);
}

/**
 * Like {@link request}, for answers `{data: …, error: …}` (their schema made with `inData`):
 * returns the parsed `data`.
 */
export async function requestData<T extends z.ZodType>(
  transport: Transport,
  spec: RequestSpec<DataAnswer<T>>,
): Promise<z.output<T>> {
  // Generic mapped types hide that the output of `{data: T}` has `data`; it does.
  const answer = (await request(transport, spec)) as { data: z.output<T> };
  return answer.data;
}
