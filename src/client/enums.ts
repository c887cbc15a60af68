/**
 * The API's integer enums, with their names from the OpenAPI `x-enum-varnames`.
 * Each is a name → number map; {@link enumName} goes the other way.
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

/** The values of an enum map, for zod's `z.union` of literals and for checks. */
export function enumValues<E extends Record<string, number>>(enumeration: E): Array<E[keyof E]> {
  return Object.values(enumeration) as Array<E[keyof E]>;
}

/** The name of `value` in `enumeration`, or `"Unknown(<value>)"` for a value this version does not know. */
export function enumName(enumeration: Record<string, number>, value: number): string {
  const entry = Object.entries(enumeration).find(([, v]) => v === value);
  return entry ? entry[0] : `Unknown(${value})`;
}
