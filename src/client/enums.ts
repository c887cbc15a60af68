/**
 * The API's integer enums, with their names from the OpenAPI `x-enum-varnames`.
 * Each is a name → number map; {@link enumName} and {@link enumValue} convert between the two.
 * A number this version does not know is never an error: the service adds values over time.
 */

/** What an access list does with matching requests. */
export const AccessListAction = {
  None: 0,
  Allow: 1,
  Block: 2,
  Challenge: 3,
  Log: 4,
  Bypass: 5,
} as const;
/** A name of {@link AccessListAction}. */
export type AccessListActionName = keyof typeof AccessListAction;

/** What an access list matches on. */
export const AccessListType = {
  IP: 0,
  CIDR: 1,
  ASN: 2,
  Country: 3,
  Organization: 4,
  JA4: 5,
} as const;

/** The category of a managed access list (a bit flag). */
export const AccessListCategory = {
  None: 0,
  VPNs: 1,
  Datacenters: 2,
  Proxies: 4,
  TorExitNodes: 8,
  Botnets: 16,
  VulnerabilityScanners: 32,
  WebScrapers: 64,
  SearchEngines: 128,
  SearchEngineCrawlers: 256,
  AiSearch: 512,
  AiCrawlers: 1024,
  AiAgents: 2048,
  PagePreview: 4096,
  InternetTools: 8192,
} as const;

/** Shield plans, lowest first. */
export const ShieldPlanType = { Basic: 0, Advanced: 1, Business: 2, Enterprise: 3 } as const;

/** Whether bot detection only logs or also challenges. */
export const BotDetectionExecutionMode = { LogOnly: 0, Challenge: 1 } as const;

/** Sensitivity of a bot detection signal. */
export const BotDetectionSensitivity = { Off: 0, Low: 1, Medium: 2, High: 3 } as const;

/** Aggression of browser fingerprinting. */
export const BrowserFingerprintAggression = {
  Unknown: 0,
  Low: 1,
  Medium: 2,
  High: 3,
  Custom: 4,
} as const;

/** Whether the WAF only logs matching requests or blocks them (`WAFExecutionMode`). */
export const WafExecutionMode = { Log: 0, Block: 1 } as const;

/** What the WAF does with a request or response body over its size limit (`WAFPayloadLimitAction`). */
export const WafPayloadLimitAction = { Block: 0, Log: 1, Ignore: 2 } as const;

/** How readily DDoS protection steps in (`DDoSShieldSensitivity`). */
export const DdosShieldSensitivity = { Off: 0, Low: 1, Medium: 2, High: 3, Challenge: 4 } as const;

/** Whether DDoS protection only logs or blocks (`DDoSExecutionMode`). */
export const DdosExecutionMode = { Log: 0, Block: 1 } as const;

/** What an upload scanner does with a match (`UploadScanningScannerMode`). */
export const UploadScanningMode = { Disabled: 0, Log: 1, Block: 2 } as const;

/** What a custom WAF rule does with matching requests (`WafRuleActionType`). */
export const WafRuleActionType = { Block: 1, Log: 2, Challenge: 3, Allow: 4, Bypass: 5 } as const;

/** What the review of a triggered managed rule does with it (`ReviewActionType`). */
export const ReviewActionType = { Ignore: 0, LogOnly: 1, DisableRule: 2 } as const;

/** The severity a custom WAF rule logs its matches with (`WafRuleSeverityType`). */
export const WafRuleSeverityType = { NOTICE: 0, WARNING: 1, CRITICAL: 2 } as const;

/** How a WAF or rate-limit condition compares the variable with its value (`WafRuleOperatorType`). */
export const WafRuleOperatorType = {
  BEGINSWITH: 0,
  ENDSWITH: 1,
  CONTAINS: 2,
  CONTAINSWORD: 3,
  STRMATCH: 4,
  EQ: 5,
  GE: 6,
  GT: 7,
  LE: 8,
  LT: 9,
  WITHIN: 12,
  RX: 14,
  STREQ: 15,
  DETECTSQLI: 17,
  DETECTXSS: 18,
} as const;

/** A transformation applied to the variable before the comparison (`WafRuleTransformationType`). */
export const WafRuleTransformationType = {
  CMDLINE: 1,
  COMPRESSWHITESPACE: 2,
  CSSDECODE: 3,
  HEXENCODE: 4,
  HTMLENTITYDECODE: 5,
  JSDECODE: 6,
  LENGTH: 7,
  LOWERCASE: 8,
  MD5: 9,
  NORMALIZEPATH: 10,
  NORMALISEPATH: 11,
  NORMALIZEPATHWIN: 12,
  NORMALISEPATHWIN: 13,
  REMOVECOMMENTS: 14,
  REMOVENULLS: 15,
  REMOVEWHITESPACE: 16,
  REPLACECOMMENTS: 17,
  SHA1: 18,
  URLDECODE: 19,
  URLDECODEUNI: 20,
  UTF8TOUNICODE: 21,
} as const;

/**
 * The request variables a WAF or rate-limit condition can inspect: the keys of its
 * `variableTypes` object (each key's value is the variable's selector, e.g. a header name).
 * Unlike the other enums these are names, not numbers, so this is a list.
 */
export const WafRuleVariableTypes = [
  "REQUEST_URI",
  "REQUEST_URI_RAW",
  "ARGS",
  "ARGS_COMBINED_SIZE",
  "ARGS_GET",
  "ARGS_GET_NAMES",
  "ARGS_POST",
  "ARGS_POST_NAMES",
  "FILES_NAMES",
  "GEO",
  "REMOTE_ADDR",
  "QUERY_STRING",
  "REQUEST_BASENAME",
  "REQUEST_BODY",
  "REQUEST_COOKIES_NAMES",
  "REQUEST_COOKIES",
  "REQUEST_FILENAME",
  "REQUEST_HEADERS_NAMES",
  "REQUEST_HEADERS",
  "REQUEST_LINE",
  "REQUEST_METHOD",
  "REQUEST_PROTOCOL",
  "RESPONSE_BODY",
  "RESPONSE_HEADERS",
  "RESPONSE_STATUS",
  "FINGERPRINT",
  "VERIFIED_BOT_CATEGORY",
] as const;
/** One of {@link WafRuleVariableTypes}. */
export type WafRuleVariableType = (typeof WafRuleVariableTypes)[number];

/** What a rate limit does once its count is exceeded (`RatelimitRuleActionType`). */
export const RateLimitActionType = { RateLimit: 1, Log: 2, Challenge: 3 } as const;

/** The window a rate limit counts requests over, in seconds (`WafRateLimitTimeframeType`). */
export const RateLimitTimeframe = {
  PerSecond: 1,
  PerTenSeconds: 10,
  PerOneMinute: 60,
  PerFiveMinutes: 300,
  PerFifteenMinutes: 900,
  PerOneHour: 3600,
} as const;

/** How long a rate limit blocks a client once triggered, in seconds (`WafRatelimitBlockType`). */
export const RateLimitBlockTime = {
  ForThirtySeconds: 30,
  ForOneMinute: 60,
  ForFiveMinutes: 300,
  ForFifteenMinutes: 900,
  ForThirtyMinutes: 1800,
  ForOneHour: 3600,
} as const;

/** What a rate limit counts requests per (`WafRatelimitCounterKeyType`). */
export const RateLimitCounterKeyType = {
  IP: 0,
  Host: 1,
  Country: 2,
  City: 3,
  ASN: 4,
  Organization: 5,
  JA4: 6,
  IP_JA4: 7,
} as const;

/** The numeric values of an enum, type-narrowed; e.g. `0 | 1 | 2` for {@link UploadScanningMode}. */
export type EnumValue<E extends Record<string, number>> = E[keyof E];

/** The values of an enum map, for zod's `z.union` of literals and for checks. */
export function enumValues<E extends Record<string, number>>(enumeration: E): Array<E[keyof E]> {
  return Object.values(enumeration) as Array<E[keyof E]>;
}

/** Numbers a program allowed to be sent for each enum though this version does not name them. */
const unlisted = new WeakMap<Record<string, number>, Set<number>>();

/**
 * Allows sending `value` for `enumeration` though this version does not name it, and returns
 * it. Requests refuse an enum number they do not know (a typo must not reach the service); use
 * this, explicitly, for a value the service added after this release.
 *
 * @example
 * ```ts
 * // 6: an action the service offers and this version does not name yet.
 * await client.accessLists.updateConfiguration(zone, id, {
 *   action: unlistedEnumValue(AccessListAction, 6),
 * });
 * ```
 */
export function unlistedEnumValue<E extends Record<string, number>>(
  enumeration: E,
  value: number,
): E[keyof E] {
  let values = unlisted.get(enumeration);
  if (!values) unlisted.set(enumeration, (values = new Set()));
  values.add(value);
  return value as E[keyof E];
}

/** True when `value` may be sent for `enumeration`: it names it, or a program allowed it. */
export function sendableEnumValue(enumeration: Record<string, number>, value: number): boolean {
  return (
    Object.values(enumeration).includes(value) || (unlisted.get(enumeration)?.has(value) ?? false)
  );
}

/**
 * The name of `value` in `enumeration`, or the number itself as text (`"7"`) for a value
 * this version does not know, so that a value the service added later reads as what it is
 * and converts back with {@link enumValue}.
 */
export function enumName(enumeration: Record<string, number>, value: number): string {
  for (const name in enumeration) if (enumeration[name] === value) return name;
  return String(value);
}

/**
 * The number that `text` stands for in `enumeration`: a known name (`"Block"`), a decimal
 * integer (`"7"`, what {@link enumName} gives for an unknown value), or the `"Unknown(7)"`
 * form of version 0.1.0 (so that state written by it still reads). Undefined otherwise.
 */
export function enumValue(enumeration: Record<string, number>, text: string): number | undefined {
  if (Object.prototype.hasOwnProperty.call(enumeration, text)) return enumeration[text];
  const digits = /^(?:Unknown\((-?\d+)\)|(-?\d+))$/.exec(text);
  if (!digits) return undefined;
  const value = Number(digits[1] ?? digits[2]);
  return Number.isSafeInteger(value) ? value : undefined;
}

/** The time step of the detailed metrics' series (`MetricsOverviewResolution`); Auto lets the service choose. */
export const MetricsOverviewResolution = {
  Auto: 0,
  TwoMinutes: 1,
  TenMinutes: 2,
  Hourly: 3,
  Daily: 4,
  Weekly: 5,
  Monthly: 6,
} as const;

/** What API Guardian does with a request to a path its document does not define (`UnmatchedPathAction`). */
export const UnmatchedPathAction = { Block: 0, Log: 1, Ignore: 2 } as const;

/**
 * What an API Guardian endpoint's rate limit counts per (`ApiGuardianRateLimitType`). The API
 * sends these as names, not numbers, so this is a list.
 */
export const ApiGuardianRateLimitTypes = ["Global", "IP"] as const;
