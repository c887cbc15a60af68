/** `shield-bot-detection-on`: a declared bot detection looks at some signal. */
import { resourcePolicy } from "./resources";

const SIGNALS = ["requestIntegrity", "ipAddress", "browserFingerprint"] as const;

const sensitivityOf = (signal: unknown): unknown =>
  typeof signal === "object" && signal !== null
    ? (signal as Record<string, unknown>).sensitivity
    : undefined;

/** Flags a `BotDetection` that declares every signal's sensitivity `Off`. */
export const botDetectionOn = resourcePolicy<object>({
  name: "shield-bot-detection-on",
  description: 'A BotDetection does not declare every signal\'s sensitivity "Off".',
  kind: "BotDetection",
  enforcementLevel: "advisory",
  severity: "medium",
  remediationSteps: 'Give at least one signal a sensitivity of "Low" or more.',
  judge(props) {
    if (!SIGNALS.every((signal) => sensitivityOf(props[signal]) === "Off")) return [];
    return [
      `the sensitivity of every signal (${SIGNALS.join(", ")}) is "Off": no bot is detected. Set one of them to "Low", "Medium" or "High".`,
    ];
  },
});
