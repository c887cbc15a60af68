/**
 * What the plugin calls, for one kind: the provider's methods with the settings first.
 * `dispatch` finds a kind's lifecycle; adopted settings and owned objects each build one.
 */
import type * as dynamic from "@pulumi/pulumi/dynamic";
import type { ShieldSettings } from "../../config";

/** A kind's implementation of the dynamic-provider methods. */
export interface Lifecycle {
  check(
    settings: ShieldSettings,
    olds: Record<string, unknown>,
    news: Record<string, unknown>,
  ): Promise<dynamic.CheckResult>;
  diff(
    settings: ShieldSettings,
    id: string,
    olds: Record<string, unknown>,
    news: Record<string, unknown>,
  ): Promise<dynamic.DiffResult>;
  create(settings: ShieldSettings, inputs: Record<string, unknown>): Promise<dynamic.CreateResult>;
  read(
    settings: ShieldSettings,
    id: string,
    props: Record<string, unknown>,
  ): Promise<dynamic.ReadResult>;
  update(
    settings: ShieldSettings,
    id: string,
    olds: Record<string, unknown>,
    news: Record<string, unknown>,
  ): Promise<dynamic.UpdateResult>;
  delete(settings: ShieldSettings, id: string, props: Record<string, unknown>): Promise<void>;
}

/** The names of the provider methods, as `dispatch` takes them. */
export type LifecycleMethod = keyof Lifecycle;
