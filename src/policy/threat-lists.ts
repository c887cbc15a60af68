/** `shield-threat-lists`: the managed lists of threat categories stay on and blocking. */
import type { StackValidationPolicy } from "@pulumi/policy";
import { AccessListCategory } from "../client/enums";
import { waivedInStack, waiversSchema, type Waivers } from "./findings";
import { resourceName, shieldTypes, shown, type Props } from "./resources";

/** A name of `AccessListCategory`. */
export type AccessListCategoryName = keyof typeof AccessListCategory;

/** The configuration of {@link threatLists}. */
export interface ThreatListsConfig {
  /** The categories whose managed lists must stay on and blocking. */
  categories: AccessListCategoryName[];
  /** Resources this policy does not apply to: name → the reason (shown by `shield-waived`). */
  waivers?: Waivers;
}

const KIND = "AccessListConfiguration";
const PASSING_ACTIONS = ["Allow", "Bypass", "Log"];

/** Why the configuration lets its list's matches through, if it does. */
function letsThrough(props: Props): string | undefined {
  if (props.isEnabled === false) return "isEnabled is false";
  if (PASSING_ACTIONS.includes(String(props.action))) return `action is ${shown(props.action)}`;
  return undefined;
}

/**
 * Flags an `AccessListConfiguration` that switches off (`isEnabled: false`) or lets through
 * (action `Allow`, `Bypass`, `Log`) the managed list of a configured category.
 *
 * The category is not an input: it is an output the resource reads from the service. So this
 * is a stack policy, which sees outputs: every configuration in `pulumi up`, and in a preview
 * those whose category is known then (see the policy guide for what a preview cannot judge).
 */
export const threatLists: StackValidationPolicy = {
  name: "shield-threat-lists",
  description:
    "The managed access lists of the configured categories (default TorExitNodes, Botnets) stay switched on and blocking.",
  enforcementLevel: "advisory",
  severity: "high",
  remediationSteps: 'Set isEnabled: true and action: "Block" (or "Challenge").',
  configSchema: {
    properties: {
      categories: {
        type: "array",
        items: { type: "string", enum: Object.keys(AccessListCategory) },
        default: ["TorExitNodes", "Botnets"],
      },
      waivers: waiversSchema,
    },
  },
  validateStack(args, reportViolation) {
    const config = args.getConfig<ThreatListsConfig>();
    const watched = config.categories;
    for (const resource of args.resources) {
      if (!shieldTypes(KIND).includes(resource.type)) continue;
      const props = resource.props as Props;
      const why = letsThrough(props);
      if (why === undefined) continue;
      const name = resourceName(KIND, resource.name);
      const concerned =
        props.category === undefined || watched.includes(props.category as AccessListCategoryName);
      if (concerned && waivedInStack(threatLists.name, config, resource)) continue;
      if (props.category === undefined) {
        // Neither declared nor read yet: in a preview of a change, an output is not known.
        reportViolation(
          `${name}: ${why}, and its category cannot be known before it is applied. Declare category (e.g. "TorExitNodes") so that the preview can judge it; it must not be one of ${watched.map(shown).join(", ")}.`,
          resource.urn,
        );
      } else if (watched.includes(props.category as AccessListCategoryName)) {
        reportViolation(
          `${name}: ${why} for the ${shown(props.category)} list: what it matches is not blocked. Set isEnabled: true and action: "Block".`,
          resource.urn,
        );
      }
    }
  },
};
