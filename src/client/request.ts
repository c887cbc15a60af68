/** The one way operations call the API: send, then parse the answer with the operation's schema. */
import type { z } from "zod";
import { parseResponse } from "./response";
import type { DataAnswer } from "./schemas";
import type { ApiRequest, ApiResponse, Transport } from "./transport";

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
  if (spec.method === "GET") {
    // Identical reads in flight share the parsed answer too, when they parse it alike.
    const parse = (response: ApiResponse) => parseResponse(spec.schema, response, spec);
    // Awaited: an async function that returns a promise takes two more turns to adopt it.
    return await transport.read(spec, parse, schemaKey(spec.schema));
  }
  return parseResponse(spec.schema, await transport.send(spec), spec);
}

const schemaKeys = new WeakMap<z.ZodType, string>();
let schemas = 0;
/** A short name of a schema object, so that only reads parsed by the same schema share. */
function schemaKey(schema: z.ZodType): string {
  let key = schemaKeys.get(schema);
  if (key === undefined) schemaKeys.set(schema, (key = `s${++schemas}`));
  return key;
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
