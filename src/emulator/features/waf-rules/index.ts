/** The WAF: managed rules and their review, reference data, custom WAF rules and rate limits. */
import { wafRuleRoutes as routes } from "./routes";
import * as state from "./state";

export type { RuleRecord } from "./state";

/** The feature: its routes, and what it keeps in the state (see `features/index.ts`). */
export default { routes, state };
