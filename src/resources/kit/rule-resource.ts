// Generated from ./rule-declaration.ts by scripts/generate-resources.ts: edit that, then run `npm run generate`.
/** The arguments and outputs that `WafCustomRule` and `RateLimit` share. */
import type * as pulumi from "@pulumi/pulumi";

/** One condition of a rule. All of a rule's conditions must match (their order makes no diff). */
export interface RuleConditionArgs {
  /** The request variable, e.g. `REQUEST_URI`, `REQUEST_HEADERS`, `REMOTE_ADDR`. */
  variable: pulumi.Input<string>;
  /** The variable's selector, e.g. a header name for `REQUEST_HEADERS`; default "". */
  variableValue?: pulumi.Input<string>;
  /** How to compare: `BEGINSWITH`, `ENDSWITH`, `CONTAINS`, `EQ`, `RX`, `STREQ`, `DETECTSQLI`, … (or the number). */
  operator: pulumi.Input<string | number>;
  /** What to compare with; default "". */
  value?: pulumi.Input<string>;
  /** Match when the comparison fails instead; default false. */
  negated?: pulumi.Input<boolean>;
  /** Whether `variableValue` is a regular expression; default false. */
  regexVariable?: pulumi.Input<boolean>;
}

/** A condition as the service reports it. */
export interface RuleConditionState {
  /** The request variable, e.g. `REQUEST_URI`. */
  variable: string;
  /** The variable's selector (e.g. a header name); empty when none. */
  variableValue: string;
  /** The comparison by name, e.g. `BEGINSWITH`. */
  operator: string;
  /** What the variable is compared with. */
  value: string;
  /** Whether the condition matches when the comparison fails. */
  negated: boolean;
  /** Whether `variableValue` is a regular expression. */
  regexVariable: boolean;
}

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
  severity?: pulumi.Input<string | number>;
  /** One or more conditions, all of which must match; the first is the rule's, the others are chained. */
  conditions: pulumi.Input<pulumi.Input<RuleConditionArgs>[]>;
  /** Transformations applied before comparing (`LOWERCASE`, `URLDECODE`, …); compared as a set. */
  transformations?: pulumi.Input<pulumi.Input<string | number>[]>;
  /** Take over a rule of the same name that exists already; without it, that is an error. */
  adoptExisting?: pulumi.Input<boolean>;
}
