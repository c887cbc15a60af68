/**
 * Every resource kind and where its implementation lives. The serialized provider of each
 * resource holds only its kind's name and calls {@link dispatch}, which loads that kind
 * alone, so a cold start in the plugin pays for one kind. `dispatch`'s signature is frozen:
 * it is written into the state of every deployed resource.
 */
/* eslint-disable @typescript-eslint/no-require-imports */
import type { ShieldSettings } from "../../config";
import type { Lifecycle, LifecycleMethod } from "./lifecycle";
import type { RuleKind } from "./rules";

// Each kind's line: its name (the resource's type name under the `bunnynet` module) and its
// folder's spec, loaded on the kind's first call.
const REGISTRY = {
  AccessListConfiguration: () => load(require("../access-list-configuration/spec")),
  ShieldZone: () => load(require("../shield-zone/spec")),
  BotDetection: () => load(require("../bot-detection/spec")),
  UploadScanning: () => load(require("../upload-scanning/spec")),
  AccessList: () => load(require("../access-list/spec")),
  WafCustomRule: () => load(require("../waf-custom-rule/spec")),
  RateLimit: () => load(require("../rate-limit/spec")),
  ApiGuardian: () => load(require("../api-guardian/spec")),
  CustomPage: () => load(require("../custom-page/spec")),
  BotCategorization: () => load(require("../bot-categorization/spec")),
} satisfies Record<string, () => Lifecycle>;

/** The name of a resource kind: its type name under the `bunnynet` module. */
export type Kind = keyof typeof REGISTRY;
/** Every kind's name, in registration order. */
export const KINDS = Object.keys(REGISTRY) as readonly Kind[];

const load = (module: { lifecycle: Lifecycle }): Lifecycle => module.lifecycle;

/** The rule kinds' declarations, for what reads rules as their resources show them. */
const RULE_KINDS: Record<"WafCustomRule" | "RateLimit", () => RuleKind> = {
  WafCustomRule: () => (require("../waf-custom-rule/spec") as { ruleKind: RuleKind }).ruleKind,
  RateLimit: () => (require("../rate-limit/spec") as { ruleKind: RuleKind }).ruleKind,
};

/** The declaration of a rule kind (its inputs, actions and own settings), loaded on first use. */
export function ruleKindOf(kind: keyof typeof RULE_KINDS): RuleKind {
  return RULE_KINDS[kind]();
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
  const lifecycle = (loaded[kind] ??= REGISTRY[kind]());
  return (lifecycle[method] as (...a: unknown[]) => Promise<unknown>)(settings, ...args);
}
