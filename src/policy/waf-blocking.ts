/** `shield-waf-blocking`: a shield zone's WAF blocks attacks, once it is out of learning mode. */
import { resourcePolicy, shown } from "./resources";

/** Flags a `ShieldZone` that declares the WAF off, or only logging outside learning mode. */
export const wafBlocking = resourcePolicy<object>({
  name: "shield-waf-blocking",
  description:
    'A ShieldZone\'s WAF is on and blocks: no `wafEnabled: false`, and no `wafExecutionMode: "Log"` unless `learningMode: true` is declared.',
  kind: "ShieldZone",
  enforcementLevel: "advisory",
  severity: "high",
  remediationSteps:
    'Set `wafEnabled: true` and `wafExecutionMode: "Block"`, or declare `learningMode: true` while the WAF learns.',
  judge(props) {
    const problems: string[] = [];
    if (props.wafEnabled === false) {
      problems.push("wafEnabled is false: the WAF inspects no request. Set wafEnabled: true.");
    }
    if (props.wafExecutionMode === "Log" && props.learningMode !== true) {
      problems.push(
        `wafExecutionMode is ${shown(props.wafExecutionMode)} and learningMode is ${
          props.learningMode === undefined ? "not declared" : shown(props.learningMode)
        }: the WAF only logs attacks. Set wafExecutionMode: "Block", or learningMode: true while it learns.`,
      );
    }
    return problems;
  },
});
