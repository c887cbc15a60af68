/**
 * What each plan allows of custom WAF rules (`customWafRulesLimit`) and rate limits
 * (`rateLimitRulesLimit`) per zone; the shield zone's answer reports them too.
 */
import { byPlan } from "../../plans";

export const ruleLimits = byPlan({
  Basic: { wafCustomRules: 0, rateLimits: 2 },
  Advanced: { wafCustomRules: 10, rateLimits: 10 },
  Business: { wafCustomRules: 25, rateLimits: 25 },
  Enterprise: { wafCustomRules: 100, rateLimits: 100 },
});
