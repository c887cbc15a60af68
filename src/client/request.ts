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
export function request<S extends z.ZodType>(
  transport: Transport,
  spec: RequestSpec<S>,
): Promise<z.output<S>> {
  return sent(transport, spec, (response) => parseResponse(spec.schema, response, spec), "");
}

/**
 * Like {@link request}, for answers `{data: …, error: …}` (their schema made with `inData`):
 * returns the parsed `data`.
 */
export function requestData<T extends z.ZodType>(
  transport: Transport,
  spec: RequestSpec<DataAnswer<T>>,
): Promise<z.output<T>> {
  // Generic mapped types hide that the output of `{data: T}` has `data`; it does.
  const parse = (response: ApiResponse) =>
    (parseResponse(spec.schema, response, spec) as { data: z.output<T> }).data;
  return sent(transport, spec, parse, " data");
}

/**
 * Sends `spec` and gives its answer through `parse` (named by `part`, which says what of the
 * parsed answer it returns). Plain functions and one promise per call, not async functions
 * awaiting each other: this is the path of every call, and each async layer costs a promise and
 * turns of the microtask queue. Whatever fails, even before anything is sent, is a rejection.
 */
function sent<S extends z.ZodType, T>(
  transport: Transport,
  spec: RequestSpec<S>,
  parse: (response: ApiResponse) => T,
  part: string,
): Promise<T> {
  try {
    // Identical reads in flight share the parsed answer too, when they parse it alike.
    if (spec.method === "GET") return transport.read(spec, parse, schemaKey(spec.schema) + part);
    return transport.send(spec).then(parse);
  } catch (error) {
    return Promise.reject(error);
  }
}

const schemaKeys = new WeakMap<z.ZodType, string>();
let schemas = 0;
/** A short name of a schema object, so that only reads parsed by the same schema share. */
function schemaKey(schema: z.ZodType): string {
  let key = schemaKeys.get(schema);
  if (key === undefined) schemaKeys.set(schema, (key = `s${++schemas}`));
  return key;
}
