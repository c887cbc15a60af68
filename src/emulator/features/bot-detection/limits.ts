/** Which plans have bot detection: Advanced and above (a Basic zone is refused, read or write). */
import { ShieldPlan, type ShieldPlanType } from "../../api-types";
import { onPlan } from "../../plans";

/** Whether a zone on `plan` has bot detection. */
export const hasBotDetection = (plan: ShieldPlanType): boolean => onPlan(plan, ShieldPlan.Advanced);
