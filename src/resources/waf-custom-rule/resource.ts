// Generated from ./declaration.ts by scripts/generate-resources.ts: edit that, then run `npm run generate`.
/** `WafCustomRule`: a custom WAF rule that Pulumi creates, changes and deletes. */
import * as pulumi from "@pulumi/pulumi";
import { deriveIdentity, idPart, providerFor, withOutputs } from "../kit/resource";
import type { RuleArgs } from "../kit/rule-resource";
import type { RuleConditionState } from "../types";

/** A name of `WafRuleAction`: `Block` (1), `Log` (2), `Challenge` (3), `Allow` (4), `Bypass` (5). */
export type WafRuleActionName = "Block" | "Log" | "Challenge" | "Allow" | "Bypass";

/** Arguments of {@link WafCustomRule}. */
export interface WafCustomRuleArgs extends RuleArgs {
  /** `Block`, `Log`, `Challenge`, `Allow` or `Bypass` (or 1 to 5). */
  action: pulumi.Input<WafRuleActionName | number>;
}

/**
 * A custom WAF rule of a shield zone (`POST /shield/waf/custom-rule`, `PATCH` and `DELETE`
 * of `/shield/waf/custom-rule/{id}`). A create whose answer is lost is resolved by finding the
 * rule by name, never by posting again; many rules of one zone are written one at a time.
 *
 * @example
 * ```ts
 * new WafCustomRule("block-admin", {
 *   shieldZoneId: zone.shieldZoneId,
 *   name: "Block admin",
 *   action: "Block",
 *   conditions: [{ variable: "REQUEST_URI", operator: "BEGINSWITH", value: "/admin" }],
 *   transformations: ["LOWERCASE"],
 * });
 * ```
 */
export class WafCustomRule extends pulumi.dynamic.Resource {
  /** The shield zone. */
  declare readonly shieldZoneId: pulumi.Output<number>;
  /** The rule's id. */
  declare readonly ruleId: pulumi.Output<number>;
  /** The rule's name. */
  declare readonly name: pulumi.Output<string>;
  /** Its description. */
  declare readonly description: pulumi.Output<string>;
  /** The action by name. */
  declare readonly action: pulumi.Output<string>;
  /** The severity by name, or null. */
  declare readonly severity: pulumi.Output<string | null>;
  /** The conditions as the service has them. */
  declare readonly conditions: pulumi.Output<RuleConditionState[]>;
  /** The transformations by name, sorted. */
  declare readonly transformations: pulumi.Output<string[]>;
  /** Whether a rule that existed before was taken over. */
  declare readonly adoptExisting: pulumi.Output<boolean>;

  constructor(name: string, args: WafCustomRuleArgs, opts?: pulumi.CustomResourceOptions) {
    const kind = "WafCustomRule";
    const outputs = ["ruleId", "description", "severity", "transformations", "adoptExisting"];
    super(providerFor(kind), name, withOutputs(args, outputs), opts, "bunnynet", kind);
    deriveIdentity(this, { ruleId: idPart(0) });
  }
}
