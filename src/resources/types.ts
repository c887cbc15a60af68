// Generated from the kinds' declarations by scripts/generate-resources.ts: edit that, then run `npm run generate`.

/** The named types of the kinds' inputs and outputs: enums by their names, and objects. */

import type * as pulumi from "@pulumi/pulumi";

/** A name of `AccessListConfigurationOnDelete`: `restore`, `disable`, `keep`. */
export type AccessListConfigurationOnDeleteName = "restore" | "disable" | "keep";

/** A name of `AccessListType`: `IP` (0), `CIDR` (1), `ASN` (2), `Country` (3), `Organization` (4), `JA4` (5). */
export type AccessListTypeName = "IP" | "CIDR" | "ASN" | "Country" | "Organization" | "JA4";

/** A name of `Action`: `None` (0), `Allow` (1), `Block` (2), `Challenge` (3), `Log` (4), `Bypass` (5). */
export type ActionName = "None" | "Allow" | "Block" | "Challenge" | "Log" | "Bypass";

/** A name of `ApiGuardianAction`: `Block` (0), `Log` (1), `Ignore` (2). */
export type ApiGuardianActionName = "Block" | "Log" | "Ignore";

/** The settings of one endpoint; each is left as the service has it when omitted. */
export interface ApiGuardianEndpointArgs {
  /** Whether the endpoint is enforced. */
  isEnabled?: pulumi.Input<boolean>;
  /** Validate request bodies against the operation's schema (when it has one). */
  validateRequestBodySchema?: pulumi.Input<boolean>;
  /** Validate response bodies against the operation's response schemas. */
  validateResponseBodySchema?: pulumi.Input<boolean>;
  /** Enforce the document's security schemes. */
  validateAuthorization?: pulumi.Input<boolean>;
  /** Detect XSS in the parameters of `injectionDetectionParameters`. */
  detectParameterXss?: pulumi.Input<boolean>;
  /** Detect SQL injection in the parameters of `injectionDetectionParameters`. */
  detectParameterSqli?: pulumi.Input<boolean>;
  /** Whether the endpoint has its own rate limit. */
  rateLimitingEnabled?: pulumi.Input<boolean>;
  /**
   * Parameters to run injection detection on, by location; each must be a parameter the
   * operation declares. A location omitted keeps its live names.
   */
  injectionDetectionParameters?: pulumi.Input<ApiGuardianParameterNames>;
  /** Count requests for everyone (`Global`) or per client address (`IP`). */
  rateLimitingType?: pulumi.Input<ApiGuardianRateLimitTypeName>;
  /** Requests allowed per timeframe. */
  rateLimitingRequestCount?: pulumi.Input<number>;
  /** The timeframe, by name or in seconds (1, 10, 60, 300, 900, 3600). */
  rateLimitingTimeframe?: pulumi.Input<ApiGuardianTimeframeName | number>;
}

/** A name of `ApiGuardianExecutionMode`: `Log` (0), `Block` (1). */
export type ApiGuardianExecutionModeName = "Log" | "Block";

/** Parameter names by where they travel. */
export interface ApiGuardianParameterNames {
  /** Path parameters. */
  Path?: pulumi.Input<pulumi.Input<string>[]>;
  /** Query parameters. */
  Query?: pulumi.Input<pulumi.Input<string>[]>;
  /** Header parameters. */
  Header?: pulumi.Input<pulumi.Input<string>[]>;
  /** Cookie parameters. */
  Cookie?: pulumi.Input<pulumi.Input<string>[]>;
}

/** A name of `ApiGuardianRateLimitType`: `Global`, `IP`. */
export type ApiGuardianRateLimitTypeName = "Global" | "IP";

/** A name of `ApiGuardianTimeframe`: `PerSecond` (1), `PerTenSeconds` (10), `PerOneMinute` (60), `PerFiveMinutes` (300), `PerFifteenMinutes` (900), `PerOneHour` (3600). */
export type ApiGuardianTimeframeName =
  | "PerSecond"
  | "PerTenSeconds"
  | "PerOneMinute"
  | "PerFiveMinutes"
  | "PerFifteenMinutes"
  | "PerOneHour";

/** A name of `BotAction`: `None` (0), `Block` (1), `Allow` (2), `Ignore` (3). */
export type BotActionName = "None" | "Block" | "Allow" | "Ignore";

/** A name of `BotCategoryAction`: `None` (0), `Block` (1), `Allow` (2). */
export type BotCategoryActionName = "None" | "Block" | "Allow";

/** A name of `BotCategory`: `None` (0), `SEO` (1), `AIScraper` (2), `AITool` (3), `Tool` (4), `Ads` (5), `Preview` (6), `Social` (7), `System` (255). */
export type BotCategoryName =
  "None" | "SEO" | "AIScraper" | "AITool" | "Tool" | "Ads" | "Preview" | "Social" | "System";

/** A name of `BotDetectionExecutionMode`: `LogOnly` (0), `Challenge` (1). */
export type BotDetectionExecutionModeName = "LogOnly" | "Challenge";

/** A name of `BotDetectionSensitivity`: `Off` (0), `Low` (1), `Medium` (2), `High` (3). */
export type BotDetectionSensitivityName = "Off" | "Low" | "Medium" | "High";

/** A signal with a sensitivity. */
export interface BotDetectionSignalArgs {
  /** How sensitive the signal is. Left as the service has it when omitted. */
  sensitivity?: pulumi.Input<BotDetectionSensitivityName | number | null>;
  /** Accepted and ignored: `getBotDetection`'s name of `sensitivity`. */
  sensitivityName?: pulumi.Input<string | null>;
}

/** A signal as the service reports it, enums by name. */
export interface BotDetectionSignalState {
  /** `Off`, `Low`, `Medium` or `High`; null when the service sent none. */
  sensitivity: string | null;
}

/** A name of `BrowserFingerprintAggression`: `Unknown` (0), `Low` (1), `Medium` (2), `High` (3), `Custom` (4). */
export type BrowserFingerprintAggressionName = "Unknown" | "Low" | "Medium" | "High" | "Custom";

/** Browser fingerprinting. Each member is left as the service has it when omitted. */
export interface BrowserFingerprintArgs {
  /** How sensitive the signal is. Left as the service has it when omitted. */
  sensitivity?: pulumi.Input<BotDetectionSensitivityName | number | null>;
  /** Accepted and ignored: `getBotDetection`'s name of `sensitivity`. */
  sensitivityName?: pulumi.Input<string | null>;
  /** `Unknown`, `Low`, `Medium`, `High`, `Custom` (or 0 to 4). */
  aggression?: pulumi.Input<BrowserFingerprintAggressionName | number | null>;
  /** Accepted and ignored: `getBotDetection`'s name of `aggression`. */
  aggressionName?: pulumi.Input<string | null>;
  /** Whether complex fingerprinting is on. */
  complexEnabled?: pulumi.Input<boolean | null>;
}

/** Browser fingerprinting as the service reports it, enums by name. */
export interface BrowserFingerprintState {
  /** `Off`, `Low`, `Medium` or `High`; null when the service sent none. */
  sensitivity: string | null;
  /** `Unknown`, `Low`, `Medium`, `High` or `Custom`; null when the service sent none. */
  aggression: string | null;
  /** Whether complex fingerprinting is on; null when the service sent none. */
  complexEnabled: boolean | null;
}

/** A name of `CustomPageType`: `block`, `challenge`, `ratelimit`. */
export type CustomPageTypeName = "block" | "challenge" | "ratelimit";

/** A name of `DdosShieldSensitivity`: `Off` (0), `Low` (1), `Medium` (2), `High` (3), `Challenge` (4). */
export type DdosShieldSensitivityName = "Off" | "Low" | "Medium" | "High" | "Challenge";

/** A name of `ManagedListCategory`: `VPNs` (1), `Datacenters` (2), `Proxies` (4), `TorExitNodes` (8), `Botnets` (16), `VulnerabilityScanners` (32), `WebScrapers` (64), `SearchEngines` (128), `SearchEngineCrawlers` (256), `AiSearch` (512), `AiCrawlers` (1024), `AiAgents` (2048), `PagePreview` (4096), `InternetTools` (8192). */
export type ManagedListCategoryName =
  | "VPNs"
  | "Datacenters"
  | "Proxies"
  | "TorExitNodes"
  | "Botnets"
  | "VulnerabilityScanners"
  | "WebScrapers"
  | "SearchEngines"
  | "SearchEngineCrawlers"
  | "AiSearch"
  | "AiCrawlers"
  | "AiAgents"
  | "PagePreview"
  | "InternetTools";

/** A name of `OnDelete`: `restore`, `keep`. */
export type OnDeleteName = "restore" | "keep";

/** A name of `RateLimitAction`: `RateLimit` (1), `Log` (2), `Challenge` (3). */
export type RateLimitActionName = "RateLimit" | "Log" | "Challenge";

/** A name of `RateLimitBlockTime`: `ForThirtySeconds` (30), `ForOneMinute` (60), `ForFiveMinutes` (300), `ForFifteenMinutes` (900), `ForThirtyMinutes` (1800), `ForOneHour` (3600). */
export type RateLimitBlockTimeName =
  | "ForThirtySeconds"
  | "ForOneMinute"
  | "ForFiveMinutes"
  | "ForFifteenMinutes"
  | "ForThirtyMinutes"
  | "ForOneHour";

/** A name of `RateLimitCounterKey`: `IP` (0), `Host` (1), `Country` (2), `City` (3), `ASN` (4), `Organization` (5), `JA4` (6), `IP_JA4` (7). */
export type RateLimitCounterKeyName =
  "IP" | "Host" | "Country" | "City" | "ASN" | "Organization" | "JA4" | "IP_JA4";

/** A name of `RateLimitTimeframe`: `PerSecond` (1), `PerTenSeconds` (10), `PerOneMinute` (60), `PerFiveMinutes` (300), `PerFifteenMinutes` (900), `PerOneHour` (3600). */
export type RateLimitTimeframeName =
  | "PerSecond"
  | "PerTenSeconds"
  | "PerOneMinute"
  | "PerFiveMinutes"
  | "PerFifteenMinutes"
  | "PerOneHour";

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

/** A name of `ShieldPlanType`: `Basic` (0), `Advanced` (1), `Business` (2), `Enterprise` (3). */
export type ShieldPlanTypeName = "Basic" | "Advanced" | "Business" | "Enterprise";

/** A name of `UploadScanningMode`: `Disabled` (0), `Log` (1), `Block` (2). */
export type UploadScanningModeName = "Disabled" | "Log" | "Block";

/** A name of `WafExecutionMode`: `Log` (0), `Block` (1). */
export type WafExecutionModeName = "Log" | "Block";

/** A name of `WafPayloadLimitAction`: `Block` (0), `Log` (1), `Ignore` (2). */
export type WafPayloadLimitActionName = "Block" | "Log" | "Ignore";

/** A name of `WafRuleAction`: `Block` (1), `Log` (2), `Challenge` (3), `Allow` (4), `Bypass` (5). */
export type WafRuleActionName = "Block" | "Log" | "Challenge" | "Allow" | "Bypass";

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
