/** The base of the sub-clients (`client.shieldZones`, `client.accessLists`, …). */
import type { z } from "zod";
import { request, requestData, type RequestSpec } from "./request";
import type { DataAnswer } from "./schemas";
import type { ApiRequest, ApiResponse, Transport } from "./transport";

/**
 * One group of operations sharing the client's transport. The transport (and so the key)
 * sits in a private field: a sub-client shows nothing in inspection or JSON.
 */
export abstract class AreaClient {
  readonly #transport: Transport;

  /**
   * Sub-clients are made by `ShieldClient`, which owns the transport.
   * @param transport the owning client's transport
   * @internal
   */
  constructor(transport: Transport) {
    this.#transport = transport;
  }

  /** Sends `spec` and parses its answer; see {@link request}. */
  protected request<S extends z.ZodType>(spec: RequestSpec<S>): Promise<z.output<S>> {
    return request(this.#transport, spec);
  }

  /** Sends `request` and returns the answer unparsed, for operations that parse it piece by piece. */
  protected send(request: ApiRequest): Promise<ApiResponse> {
    return this.#transport.send(request);
  }

  /** Sends `spec` and returns its answer's parsed `data`; see {@link requestData}. */
  protected requestData<T extends z.ZodType>(
    spec: RequestSpec<DataAnswer<T>>,
  ): Promise<z.output<T>> {
    return requestData(this.#transport, spec);
  }
}

/**
 * `api`, callable as `call`: a sub-client whose name was a method in 0.1.0 can still be called
 * as that method was, and has its methods (bound to it) besides.
 */
export function callable<A extends AreaClient, F extends (...args: never[]) => unknown>(
  api: A,
  call: F,
): A & F {
  const view = ((...args: Parameters<F>) => call.apply(api, args)) as unknown as A & F;
  for (const name of Object.getOwnPropertyNames(Object.getPrototypeOf(api))) {
    const member = (api as unknown as Record<string, unknown>)[name];
    if (name !== "constructor" && typeof member === "function") {
      Object.defineProperty(view, name, { value: member.bind(api) });
    }
  }
  return view;
}
