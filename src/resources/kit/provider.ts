/**
 * The one dynamic provider class. Pulumi serializes a provider object into the state of every
 * resource and rebuilds it in its plugin process, so an instance holds nothing but its kind's
 * name and, once configured there, the settings; each method forwards to {@link dispatch}
 * (which a serialized copy `require`s from the installed package).
 */
import type * as dynamic from "@pulumi/pulumi/dynamic";
import type { ShieldSettings } from "../../config";
import * as registry from "./registry";

/** The provider of one resource kind; one instance serves every resource of that kind. */
export class ShieldProvider implements dynamic.ResourceProvider {
  /** Set only in the plugin process, after serialization: never in state. */
  private settings: ShieldSettings = {};

  constructor(private readonly kind: registry.Kind) {}

  /**
   * Takes `bunnynet:apiKey`, `bunnynet:apiUrl` and `bunnynet:allowInsecureHttp` from the stack
   * config, into a property that is not enumerable, so the key stays out of JSON and of a
   * default inspection.
   */
  // (Comments inside methods would be serialized into every resource's state.)
  async configure(request: dynamic.ConfigureRequest): Promise<void> {
    Object.defineProperty(this, "settings", {
      value: {
        apiKey: request.config.get("bunnynet:apiKey"),
        apiUrl: request.config.get("bunnynet:apiUrl"),
        allowInsecureHttp: request.config.get("bunnynet:allowInsecureHttp"),
      },
      enumerable: false,
      writable: true,
    });
  }

  async check(olds: unknown, news: unknown): Promise<dynamic.CheckResult> {
    return registry.dispatch(
      this.kind,
      "check",
      this.settings,
      olds,
      news,
    ) as Promise<dynamic.CheckResult>;
  }

  async diff(id: string, olds: unknown, news: unknown): Promise<dynamic.DiffResult> {
    return registry.dispatch(
      this.kind,
      "diff",
      this.settings,
      id,
      olds,
      news,
    ) as Promise<dynamic.DiffResult>;
  }

  async create(inputs: unknown): Promise<dynamic.CreateResult> {
    return registry.dispatch(
      this.kind,
      "create",
      this.settings,
      inputs,
    ) as Promise<dynamic.CreateResult>;
  }

  async read(id: string, props: unknown): Promise<dynamic.ReadResult> {
    return registry.dispatch(
      this.kind,
      "read",
      this.settings,
      id,
      props,
    ) as Promise<dynamic.ReadResult>;
  }

  async update(id: string, olds: unknown, news: unknown): Promise<dynamic.UpdateResult> {
    return registry.dispatch(
      this.kind,
      "update",
      this.settings,
      id,
      olds,
      news,
    ) as Promise<dynamic.UpdateResult>;
  }

  async delete(id: string, props: unknown): Promise<void> {
    await registry.dispatch(this.kind, "delete", this.settings, id, props);
  }
}
