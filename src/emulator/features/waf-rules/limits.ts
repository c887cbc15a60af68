/**
 * What each plan allows of custom WAF rules (`customWafRulesLimit`) and rate limits
 * (`rateLimitRulesLimit`) per zone; the shield zone's answer reports them too. The figures are
 * the live service's, as octorules-bunny (run against it) has them in its README and linter,
 * but for Enterprise's rate limits: it says "Unlimited", which the zone's answer (a number)
 * cannot carry, so the emulator keeps a large figure of its own there.
 */
import { byPlan } from "../../plans";

export const ruleLimits = byPlan({
  Basic: { wafCustomRules: 0, rateLimits: 2 },
  Advanced: { wafCustomRules: 10, rateLimits: 10 },
  Business: { wafCustomRules: 25, rateLimits: 25 },
  Enterprise: { wafCustomRules: 50, rateLimits: 100 },
});
