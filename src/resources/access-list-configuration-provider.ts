/**
 * The dynamic provider of `AccessListConfiguration`. Pulumi serializes this object
 * into every resource's state and rebuilds it in its plugin process, so it holds
 * nothing but the settings `configure` gives it, and each method forwards to the
 * lifecycle module (which a serialized copy `require`s from the installed package).
 */
import type * as dynamic from "@pulumi/pulumi/dynamic";
import type { ShieldSettings } from "../config";
import * as lifecycle from "./access-list-configuration-lifecycle";

/** Provider of `AccessListConfiguration`; one instance serves every resource. */
export class AccessListConfigurationProvider implements dynamic.ResourceProvider {
  // Set only in the plugin process, after serialization: never in state.
  private settings: ShieldSettings = {};

  /** Takes `bunnynet:apiKey` and `bunnynet:apiUrl` from the stack config. */
  async configure(request: dynamic.ConfigureRequest): Promise<void> {
    // Not enumerable: the key stays out of JSON and of a default inspection of the provider.
    Object.defineProperty(this, "settings", {
      value: {
        apiKey: request.config.get("bunnynet:apiKey"),
        apiUrl: request.config.get("bunnynet:apiUrl"),
      },
      enumerable: false,
      writable: true,
    });
  }

  async check(
    _olds: Record<string, unknown>,
    news: Record<string, unknown>,
  ): Promise<dynamic.CheckResult> {
    return lifecycle.check(news);
  }

  async diff(
    _id: string,
    olds: lifecycle.AccessListConfigurationOutputs,
    news: lifecycle.AccessListConfigurationInputs,
  ): Promise<dynamic.DiffResult> {
    return lifecycle.diff(olds, news);
  }

  async create(inputs: lifecycle.AccessListConfigurationInputs): Promise<dynamic.CreateResult> {
    return lifecycle.create(this.settings, inputs);
  }

  async read(
    id: string,
    props: lifecycle.AccessListConfigurationOutputs,
  ): Promise<dynamic.ReadResult> {
    return lifecycle.read(this.settings, id, props);
  }

  async update(
    id: string,
    olds: lifecycle.AccessListConfigurationOutputs,
    news: lifecycle.AccessListConfigurationInputs,
  ): Promise<dynamic.UpdateResult> {
    return lifecycle.update(this.settings, id, olds, news);
  }

  async delete(id: string, props: lifecycle.AccessListConfigurationOutputs): Promise<void> {
    return lifecycle.remove(this.settings, id, props);
  }
}
