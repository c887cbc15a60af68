/**
 * Every resource kind and where its implementation lives. The serialized provider of each
 * resource holds only its kind's name and calls {@link dispatch}, which loads that kind
 * alone, so a cold start in the plugin pays for one kind. `dispatch`'s signature is frozen:
 * it is written into the state of every deployed resource.
 */
/* eslint-disable @typescript-eslint/no-require-imports */
import type { ShieldSettings } from "../../config";
import type { Lifecycle, LifecycleMethod } from "./lifecycle";
import type { RuleSpec } from "./rules";

/** What a kind's `spec.ts` exports: its lifecycle, and a rule kind's spec. */
interface KindModule {
  readonly lifecycle: Lifecycle;
  readonly ruleSpec?: RuleSpec;
}

// Each kind's line: its name (the resource's type name under the `bunnynet` module) and its
// folder's spec, loaded on the kind's first call.
const REGISTRY = {
  AccessListConfiguration: (): KindModule => require("../access-list-configuration/spec"),
  ShieldZone: (): KindModule => require("../shield-zone/spec"),
  BotDetection: (): KindModule => require("../bot-detection/spec"),
  UploadScanning: (): KindModule => require("../upload-scanning/spec"),
  AccessList: (): KindModule => require("../access-list/spec"),
  WafCustomRule: (): KindModule => require("../waf-custom-rule/spec"),
  RateLimit: (): KindModule => require("../rate-limit/spec"),
  ApiGuardian: (): KindModule => require("../api-guardian/spec"),
  CustomPage: (): KindModule => require("../custom-page/spec"),
  BotCategorization: (): KindModule => require("../bot-categorization/spec"),
};

/** The name of a resource kind: its type name under the `bunnynet` module. */
export type Kind = keyof typeof REGISTRY;
/** Every kind's name, in registration order. */
export const KINDS = Object.keys(REGISTRY) as readonly Kind[];

/**
 * The folder of a kind under `src/resources`, by its name: `AccessListConfiguration` →
 * `access-list-configuration`. What the kind adds to a shared part of the package (its part
 * of `generate`, its policy findings, its benchmark sample) is found there, by file name.
 */
export const folderOf = (kind: string): string =>
  kind.replace(/(?<=[a-z0-9])(?=[A-Z])/g, "-").toLowerCase();

/** The spec of a rule kind (its inputs, actions and own settings), loaded on first use. */
export function ruleSpecOf(kind: "WafCustomRule" | "RateLimit"): RuleSpec {
  const { ruleSpec } = REGISTRY[kind]();
  if (!ruleSpec) throw new Error(`${kind}'s spec exports no ruleSpec`);
  return ruleSpec;
}
const loaded: Partial<Record<Kind, Lifecycle>> = {};

/** Runs `method` of `kind` with the provider's settings and the engine's arguments. */
export function dispatch(
  kind: Kind,
  method: LifecycleMethod,
  settings: ShieldSettings,
  ...args: unknown[]
): Promise<unknown> {
  if (!Object.prototype.hasOwnProperty.call(REGISTRY, kind)) {
    throw new Error(
      `pulumi-bunnynet-shield: unknown resource kind ${JSON.stringify(kind)}; the installed package is older than the state. Install the version the stack was deployed with, or newer.`,
    );
  }
  // Kept once loaded: requiring a module again still resolves its path, on every call.
  const lifecycle = (loaded[kind] ??= REGISTRY[kind]().lifecycle);
  return (lifecycle[method] as (...a: unknown[]) => Promise<unknown>)(settings, ...args);
}
