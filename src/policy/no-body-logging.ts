/** `shield-no-body-logging`: request bodies stay out of the WAF's logs. */
import { resourcePolicy } from "./resources";

/**
 * Flags a `ShieldZone` that declares `requestBodyLoggingEnabled: true`: bodies carry passwords,
 * tokens and personal data, which would then be kept in the event logs.
 */
export const noBodyLogging = resourcePolicy<object>({
  name: "shield-no-body-logging",
  description:
    "A ShieldZone does not log request bodies (requestBodyLoggingEnabled), which carry passwords, tokens and personal data.",
  kind: "ShieldZone",
  enforcementLevel: "advisory",
  severity: "medium",
  remediationSteps: "Set requestBodyLoggingEnabled: false, or leave it out.",
  judge(props) {
    if (props.requestBodyLoggingEnabled !== true) return [];
    return [
      "requestBodyLoggingEnabled is true: request bodies, with the passwords, tokens and personal data they carry, are kept in the event logs. Set requestBodyLoggingEnabled: false.",
    ];
  },
});
