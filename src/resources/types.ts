// Generated from the kinds' declarations by scripts/generate-resources.ts: edit that, then run `npm run generate`.

/** The named types that more than one kind's inputs and outputs use: enums by their names, and objects. A kind's own are exported by its `resource.ts`. */

import type * as pulumi from "@pulumi/pulumi";

/** A name of `OnDelete`: `restore`, `keep`. */
export type OnDeleteName = "restore" | "keep";

/** One condition of a rule. All of a rule's conditions must match (their order makes no diff). */
export interface RuleConditionArgs {
  /** The request variable, e.g. `REQUEST_URI`, `REQUEST_HEADERS`, `REMOTE_ADDR`. */
  variable: pulumi.Input<WafRuleVariableName | string>;
  /** The variable's selector, e.g. a header name for `REQUEST_HEADERS`, or for `GEO` one of `COUNTRY_CODE`, `LATITUDE`, `LONGITUDE`, `ASN`, `CITY`, `CONTINENT`; default "". */
  variableValue?: pulumi.Input<string>;
  /** How to compare: `BEGINSWITH`, `ENDSWITH`, `CONTAINS`, `EQ`, `RX`, `STREQ`, `DETECTSQLI`, … (or the number). */
  operator: pulumi.Input<WafRuleOperatorName | number | string>;
  /** What to compare with: required (not empty) for every operator but `DETECTSQLI` and `DETECTXSS`; for `RX` a regular expression, checked before any request. */
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

/** A name of `WafRuleOperator`: `BEGINSWITH` (0), `ENDSWITH` (1), `CONTAINS` (2), `CONTAINSWORD` (3), `STRMATCH` (4), `EQ` (5), `GE` (6), `GT` (7), `LE` (8), `LT` (9), `WITHIN` (12), `RX` (14), `STREQ` (15), `DETECTSQLI` (17), `DETECTXSS` (18). */
export type WafRuleOperatorName =
  | "BEGINSWITH"
  | "ENDSWITH"
  | "CONTAINS"
  | "CONTAINSWORD"
  | "STRMATCH"
  | "EQ"
  | "GE"
  | "GT"
  | "LE"
  | "LT"
  | "WITHIN"
  | "RX"
  | "STREQ"
  | "DETECTSQLI"
  | "DETECTXSS";

/** A name of `WafRuleSeverity`: `NOTICE` (0), `WARNING` (1), `CRITICAL` (2). */
export type WafRuleSeverityName = "NOTICE" | "WARNING" | "CRITICAL";

/** A name of `WafRuleTransformation`: `CMDLINE` (1), `COMPRESSWHITESPACE` (2), `CSSDECODE` (3), `HEXENCODE` (4), `HTMLENTITYDECODE` (5), `JSDECODE` (6), `LENGTH` (7), `LOWERCASE` (8), `MD5` (9), `NORMALIZEPATH` (10), `NORMALISEPATH` (11), `NORMALIZEPATHWIN` (12), `NORMALISEPATHWIN` (13), `REMOVECOMMENTS` (14), `REMOVENULLS` (15), `REMOVEWHITESPACE` (16), `REPLACECOMMENTS` (17), `SHA1` (18), `URLDECODE` (19), `URLDECODEUNI` (20), `UTF8TOUNICODE` (21). */
export type WafRuleTransformationName =
  | "CMDLINE"
  | "COMPRESSWHITESPACE"
  | "CSSDECODE"
  | "HEXENCODE"
  | "HTMLENTITYDECODE"
  | "JSDECODE"
  | "LENGTH"
  | "LOWERCASE"
  | "MD5"
  | "NORMALIZEPATH"
  | "NORMALISEPATH"
  | "NORMALIZEPATHWIN"
  | "NORMALISEPATHWIN"
  | "REMOVECOMMENTS"
  | "REMOVENULLS"
  | "REMOVEWHITESPACE"
  | "REPLACECOMMENTS"
  | "SHA1"
  | "URLDECODE"
  | "URLDECODEUNI"
  | "UTF8TOUNICODE";

/** A name of `WafRuleVariable`: `REQUEST_URI`, `REQUEST_URI_RAW`, `ARGS`, `ARGS_COMBINED_SIZE`, `ARGS_GET`, `ARGS_GET_NAMES`, `ARGS_POST`, `ARGS_POST_NAMES`, `FILES_NAMES`, `GEO`, `REMOTE_ADDR`, `QUERY_STRING`, `REQUEST_BASENAME`, `REQUEST_BODY`, `REQUEST_COOKIES_NAMES`, `REQUEST_COOKIES`, `REQUEST_FILENAME`, `REQUEST_HEADERS_NAMES`, `REQUEST_HEADERS`, `REQUEST_LINE`, `REQUEST_METHOD`, `REQUEST_PROTOCOL`, `RESPONSE_BODY`, `RESPONSE_HEADERS`, `RESPONSE_STATUS`, `FINGERPRINT`, `VERIFIED_BOT_CATEGORY`. */
export type WafRuleVariableName =
  | "REQUEST_URI"
  | "REQUEST_URI_RAW"
  | "ARGS"
  | "ARGS_COMBINED_SIZE"
  | "ARGS_GET"
  | "ARGS_GET_NAMES"
  | "ARGS_POST"
  | "ARGS_POST_NAMES"
  | "FILES_NAMES"
  | "GEO"
  | "REMOTE_ADDR"
  | "QUERY_STRING"
  | "REQUEST_BASENAME"
  | "REQUEST_BODY"
  | "REQUEST_COOKIES_NAMES"
  | "REQUEST_COOKIES"
  | "REQUEST_FILENAME"
  | "REQUEST_HEADERS_NAMES"
  | "REQUEST_HEADERS"
  | "REQUEST_LINE"
  | "REQUEST_METHOD"
  | "REQUEST_PROTOCOL"
  | "RESPONSE_BODY"
  | "RESPONSE_HEADERS"
  | "RESPONSE_STATUS"
  | "FINGERPRINT"
  | "VERIFIED_BOT_CATEGORY";
