/** What each Shield plan allows, shared by every feature that enforces or reports a limit. */
import { ShieldPlan, type ShieldPlanType } from "./api-types";

/** The limits of one plan. */
export interface PlanLimits {
  /** Custom access lists per zone, and entries over all of them. */
  readonly customLists: number;
  readonly customEntries: number;
  /** Custom WAF rules per zone (`customWafRulesLimit`). */
  readonly customWafRules: number;
  /** Rate limits per zone (`rateLimitRulesLimit`). */
  readonly rateLimits: number;
  /** Whether bot detection can be changed. */
  readonly botDetection: boolean;
}

const LIMITS: Readonly<Record<number, PlanLimits>> = {
  [ShieldPlan.Basic]: {
    customLists: 2,
    customEntries: 1_000,
    customWafRules: 0,
    rateLimits: 2,
    botDetection: false,
  },
  [ShieldPlan.Advanced]: {
    customLists: 10,
    customEntries: 10_000,
    customWafRules: 10,
    rateLimits: 10,
    botDetection: true,
  },
  [ShieldPlan.Business]: {
    customLists: 25,
    customEntries: 50_000,
    customWafRules: 25,
    rateLimits: 25,
    botDetection: true,
  },
  [ShieldPlan.Enterprise]: {
    customLists: 100,
    customEntries: 250_000,
    customWafRules: 100,
    rateLimits: 100,
    botDetection: true,
  },
};

/** The limits of `plan`; a plan this emulator does not know gets the largest. */
export function planLimits(plan: ShieldPlanType): PlanLimits {
  return LIMITS[plan] ?? LIMITS[ShieldPlan.Enterprise]!;
}

/**
 * Whether a zone on `plan` has a feature that a feature's folder says starts at `lowest`; a
 * plan this emulator does not know has every feature.
 */
export const onPlan = (plan: ShieldPlanType, lowest: ShieldPlanType): boolean =>
  !(plan in LIMITS) || plan >= lowest;
