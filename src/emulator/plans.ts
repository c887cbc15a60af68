/**
 * Plan limits, as each feature declares its own: a table by plan, or the lowest plan that has
 * a feature. A plan this emulator does not know gets the largest.
 */
import { ShieldPlan, type ShieldPlanType } from "./api-types";

type PlanName = keyof typeof ShieldPlan;

/** A feature's limits by plan, read for a zone's plan. */
export function byPlan<T>(table: Readonly<Record<PlanName, T>>): (plan: ShieldPlanType) => T {
  const byNumber = new Map(
    Object.entries(table).map(([name, value]) => [ShieldPlan[name as PlanName] as number, value]),
  );
  return (plan) => byNumber.get(plan) ?? table.Enterprise;
}

/** Whether a zone on `plan` has a feature that starts at `lowest`. */
export const onPlan = (plan: ShieldPlanType, lowest: ShieldPlanType): boolean =>
  !(Object.values(ShieldPlan) as number[]).includes(plan) || plan >= lowest;
