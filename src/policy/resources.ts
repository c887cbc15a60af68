/** How a policy finds this package's resources among a stack's, and names them in messages. */
import type { ResourceValidationPolicy } from "@pulumi/policy";
import type { EnforcementLevel, PolicyConfigSchema, Severity } from "@pulumi/policy";
import type { Kind } from "../resources/kit/registry";

/** Props as a policy sees them: a resource's inputs after its `check` (enums as names). */
export type Props = Readonly<Record<string, unknown>>;

/** The type the engine gives a resource of `kind` declared with this package's classes. */
export const shieldType = (kind: Kind): string => `pulumi-nodejs:dynamic/bunnynet:${kind}`;

/** The type of a resource of `kind` served by the provider plugin (`pulumi-resource-bunnynet-shield`). */
export const pluginType = (kind: Kind): string => `bunnynet-shield:index:${kind}`;

/** Both types a resource of `kind` can have: the classes' and the plugin's (the same inputs). */
export const shieldTypes = (kind: Kind): readonly string[] => [shieldType(kind), pluginType(kind)];

/** How a message names a resource: `ShieldZone "site"`. */
export const resourceName = (kind: Kind, name: string): string => `${kind} "${name}"`;

/** A value as the program writes it, for messages. */
export const shown = (value: unknown): string => JSON.stringify(value);

/** What one of this package's resource policies is made of. */
export interface ShieldResourcePolicy<Config extends object> {
  name: string;
  description: string;
  kind: Kind;
  enforcementLevel: EnforcementLevel;
  severity: Severity;
  remediationSteps: string;
  configSchema?: PolicyConfigSchema;
  /**
   * What is wrong with `props`, one sentence per violation (each names the setting, its value
   * and what would pass); none when the resource passes or leaves the settings undeclared.
   */
  judge(props: Props, config: Config): string[];
}

/** A `@pulumi/policy` resource policy that judges only resources of its kind. */
export function resourcePolicy<Config extends object>(
  policy: ShieldResourcePolicy<Config>,
): ResourceValidationPolicy {
  const { kind, judge, ...rest } = policy;
  return {
    ...rest,
    validateResource(args, reportViolation) {
      if (!shieldTypes(kind).includes(args.type)) return;
      for (const problem of judge(args.props as Props, args.getConfig<Config>())) {
        reportViolation(`${resourceName(kind, args.name)}: ${problem}`);
      }
    },
  };
}
