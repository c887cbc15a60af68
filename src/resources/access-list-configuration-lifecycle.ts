/**
 * 0.1.0's module of `AccessListConfiguration`, kept as a thin forwarder: stacks deployed with
 * 0.1.0 hold a `__provider` text that `require`s this file and calls these functions on
 * refresh, update and destroy. Their names and arguments must not change.
 */
import type * as dynamic from "@pulumi/pulumi/dynamic";
import type { ShieldSettings } from "../config";
import { dispatch } from "./kit/registry";
import type {
  AccessListConfigurationInputs,
  AccessListConfigurationOutputs,
} from "./access-list-configuration/spec";

export { ON_DELETE_CHOICES } from "./access-list-configuration/spec";
export type {
  AccessListConfigurationInputs,
  AccessListConfigurationOutputs,
  ActionName,
  OnDelete,
} from "./access-list-configuration/spec";
export { UNKNOWN_VALUE } from "./kit/values";

const KIND = "AccessListConfiguration";

/** 0.1.0's `check(news)`. */
export function check(news: Record<string, unknown>): Promise<dynamic.CheckResult> {
  return dispatch(KIND, "check", {}, {}, news) as Promise<dynamic.CheckResult>;
}

/** 0.1.0's `diff(olds, news)`. */
export function diff(
  olds: AccessListConfigurationOutputs,
  news: AccessListConfigurationInputs,
): Promise<dynamic.DiffResult> {
  return dispatch(KIND, "diff", {}, "", olds, news) as Promise<dynamic.DiffResult>;
}

/** 0.1.0's `create(settings, inputs)`. */
export function create(
  settings: ShieldSettings,
  inputs: AccessListConfigurationInputs,
): Promise<dynamic.CreateResult> {
  return dispatch(KIND, "create", settings, inputs) as Promise<dynamic.CreateResult>;
}

/** 0.1.0's `read(settings, id, props)`. */
export function read(
  settings: ShieldSettings,
  id: string,
  props: AccessListConfigurationOutputs,
): Promise<dynamic.ReadResult> {
  return dispatch(KIND, "read", settings, id, props) as Promise<dynamic.ReadResult>;
}

/** 0.1.0's `update(settings, id, olds, news)`. */
export function update(
  settings: ShieldSettings,
  id: string,
  olds: AccessListConfigurationOutputs,
  news: AccessListConfigurationInputs,
): Promise<dynamic.UpdateResult> {
  return dispatch(KIND, "update", settings, id, olds, news) as Promise<dynamic.UpdateResult>;
}

/** 0.1.0's `remove(settings, id, props)`: delete. */
export async function remove(
  settings: ShieldSettings,
  id: string,
  props: AccessListConfigurationOutputs,
): Promise<void> {
  await dispatch(KIND, "delete", settings, id, props);
}
