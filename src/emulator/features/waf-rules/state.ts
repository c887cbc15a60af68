/**
 * What the WAF keeps besides a zone's settings: the triggered rules a zone reviewed, and the
 * custom WAF rules and rate limits of every zone.
 */
import { z } from "zod";

/**
 * A custom WAF rule (`CustomWafRule`) or rate limit (`RateLimitRule`) as stored: the answer
 * without its `errorResponse`. `ruleConfiguration` is kept as the client sent it.
 */
const rule = z.strictObject({
  id: z.int().min(1),
  shieldZoneId: z.int().min(1),
  userId: z.string().nullable(),
  ruleName: z.string().nullable(),
  ruleDescription: z.string().nullable(),
  ruleConfiguration: z.record(z.string(), z.unknown()),
});

/**
 * A custom WAF rule (`CustomWafRule`) or rate limit (`RateLimitRule`) as stored: the answer
 * without its `errorResponse`. `ruleConfiguration` is kept as the client sent it.
 */
export type RuleRecord = z.infer<typeof rule>;

declare module "../../records" {
  interface ZoneRecord {
    /** Triggered managed rules reviewed as `Ignore` (absent until the first). */
    reviewedRules?: string[];
  }
  interface StateSnapshot {
    /** Custom WAF rules and rate limits of every zone (absent in older files: none). */
    wafCustomRules?: RuleRecord[];
    rateLimits?: RuleRecord[];
  }
}

/** The zone's fields as a state file holds them. */
export const zoneFields = { reviewedRules: z.array(z.string()).optional() };

/** The rules as a state file holds them. */
export const snapshotFields = {
  wafCustomRules: z.array(rule).optional(),
  rateLimits: z.array(rule).optional(),
};
