// Generated from ./rule-declaration.ts by scripts/generate-resources.ts: edit that, then run `npm run generate`.
/** The arguments and outputs that `WafCustomRule` and `RateLimit` share. */
import type * as pulumi from "@pulumi/pulumi";
import type { RuleConditionArgs, WafRuleSeverityName, WafRuleTransformationName } from "../types";
/** Arguments every rule takes. */
export interface RuleArgs {
  /** The shield zone. Changing it replaces the rule. */
  shieldZoneId: pulumi.Input<number>;
  /**
   * The rule's name, unique in the zone: a lost create is found again by it. Only ASCII
   * letters, digits and spaces (`^[a-zA-Z0-9 ]+$`): the service refuses any other character, so
   * `check` does.
   */
  name: pulumi.Input<string>;
  /**
   * A description: ASCII letters, digits and spaces, like the name, or empty. Always sent
   * (the service requires one): `""` when omitted.
   */
  description?: pulumi.Input<string>;
  /** `NOTICE`, `WARNING` or `CRITICAL` (or 0 to 2). */
  severity?: pulumi.Input<WafRuleSeverityName | number | string>;
  /** One or more conditions, all of which must match; the first is the rule's, the others are chained. */
  conditions: pulumi.Input<pulumi.Input<RuleConditionArgs>[]>;
  /** Transformations applied before comparing (`LOWERCASE`, `URLDECODE`, …); compared as a set. */
  transformations?: pulumi.Input<pulumi.Input<WafRuleTransformationName | number | string>[]>;
  /** Take over a rule of the same name that exists already; without it, that is an error. */
  adoptExisting?: pulumi.Input<boolean>;
}
