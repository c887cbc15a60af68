/** `shield-waf-body-limit`: a request body over the WAF's limit is not let through uninspected. */
import { resourcePolicy, shown } from "./resources";

/**
 * Flags a `ShieldZone` that declares `wafRequestBodyLimitAction: "Ignore"`: the WAF inspects a
 * body only up to its limit, so padding an attack past it would evade every rule.
 */
export const wafBodyLimit = resourcePolicy<object>({
  name: "shield-waf-body-limit",
  description:
    'A ShieldZone does not let request bodies over the WAF\'s limit through uninspected (wafRequestBodyLimitAction "Ignore").',
  kind: "ShieldZone",
  enforcementLevel: "advisory",
  severity: "high",
  remediationSteps: 'Set wafRequestBodyLimitAction: "Block" (or "Log" to watch first).',
  judge(props) {
    if (props.wafRequestBodyLimitAction !== "Ignore") return [];
    return [
      `wafRequestBodyLimitAction is ${shown(props.wafRequestBodyLimitAction)}: a body over the WAF's limit passes uninspected, so an attack padded past it evades every rule. Set wafRequestBodyLimitAction: "Block".`,
    ];
  },
});
