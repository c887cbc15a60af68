/** `BotDetection` declared once: resource.ts is generated from it (`npm run generate`). */
import {
  declareKind,
  onDeleteOutput,
  settingsPriorsOutput,
  restoreOrKeepInput,
  zoneKeyInput,
  zoneOutput,
} from "../kit/declaration";

export const declaration = declareKind({
  kind: "BotDetection",
  summary: "`BotDetection`: how a zone detects and challenges bots.",
  doc: `The bot detection settings of a shield zone. They exist with the zone, so declaring them
adopts them: the values before Pulumi's first write are kept in \`priors\` and put back on
delete. A zone whose plan does not include bot detection (Basic) fails with a
\`PlanRestrictionError\` that says so.

@example
\`\`\`ts
new BotDetection("bots", {
  shieldZoneId: zone.shieldZoneId,
  executionMode: "Challenge",
  browserFingerprint: { sensitivity: "High", aggression: "Medium" },
});
\`\`\``,
  argsDoc: `Arguments of {@link BotDetection}: the shape \`getBotDetection\` returns, so its result can be
passed in. Each setting is left as the service has it when omitted.`,
  imports: ['import type { BOT_DETECTION_ON_DELETE } from "./spec";'],
  types: `
/** A sensitivity level: \`Off\`, \`Low\`, \`Medium\`, \`High\` (or 0 to 3). */
export type BotDetectionSensitivityName = "Off" | "Low" | "Medium" | "High";
/** A signal with a sensitivity. */
export interface BotDetectionSignalArgs {
  /** How sensitive the signal is. Left as the service has it when omitted. */
  sensitivity?: pulumi.Input<BotDetectionSensitivityName | number | null>;
}
/** Browser fingerprinting. Each member is left as the service has it when omitted. */
export interface BrowserFingerprintArgs extends BotDetectionSignalArgs {
  /** \`Unknown\`, \`Low\`, \`Medium\`, \`High\`, \`Custom\` (or 0 to 4). */
  aggression?: pulumi.Input<"Unknown" | "Low" | "Medium" | "High" | "Custom" | number | null>;
  /** Whether complex fingerprinting is on. */
  complexEnabled?: pulumi.Input<boolean | null>;
}
/** A signal as the service reports it, enums by name. */
export interface BotDetectionSignalState {
  /** \`Off\`, \`Low\`, \`Medium\` or \`High\`; null when the service sent none. */
  sensitivity: string | null;
}
`,
  inputs: {
    shieldZoneId: zoneKeyInput,
    executionMode: {
      type: '"LogOnly" | "Challenge" | number',
      doc: "`LogOnly` or `Challenge` (or 0, 1).",
      docs: {
        type: '`"LogOnly"`, `"Challenge"`, or 0–1',
        default: "left as the service has it",
        text: "Whether bot detection only logs or also challenges.",
      },
    },
    requestIntegrity: {
      type: "BotDetectionSignalArgs",
      doc: "The request integrity signal.",
      docs: {
        type: "`{ sensitivity? }`",
        default: "left as the service has it",
        text: 'The request integrity signal; `sensitivity` is `"Off"`, `"Low"`, `"Medium"`, `"High"`, or 0–3.',
      },
    },
    ipAddress: {
      type: "BotDetectionSignalArgs",
      doc: "The IP address reputation signal.",
      docs: {
        type: "`{ sensitivity? }`",
        default: "left as the service has it",
        text: "The IP address reputation signal; same sensitivities.",
      },
    },
    browserFingerprint: {
      type: "BrowserFingerprintArgs",
      doc: "The browser fingerprint signal.",
      docs: {
        type: "`{ sensitivity?, aggression?, complexEnabled? }`",
        default: "left as the service has it",
        text: '`aggression` is `"Unknown"`, `"Low"`, `"Medium"`, `"High"`, `"Custom"`, or 0–4; `complexEnabled` a boolean.',
      },
    },
    onDelete: restoreOrKeepInput("(typeof BOT_DETECTION_ON_DELETE)[number]", "the settings"),
  },
  outputs: {
    shieldZoneId: zoneOutput,
    executionMode: {
      type: "string | null",
      doc: "`LogOnly` or `Challenge`, as the service reports it.",
      docs: {
        type: "`string | null`",
        text: "`LogOnly` or `Challenge`, as the service reports it.",
      },
    },
    requestIntegrity: {
      type: "BotDetectionSignalState",
      doc: "The request integrity signal.",
      docs: { type: "`{ sensitivity: string | null }`", text: "The signal, sensitivity by name." },
    },
    ipAddress: {
      type: "BotDetectionSignalState",
      doc: "The IP address reputation signal.",
      docs: { type: "`{ sensitivity: string | null }`", text: "The signal, sensitivity by name." },
    },
    browserFingerprint: {
      type: "BotDetectionSignalState & { aggression: string | null; complexEnabled: boolean | null }",
      doc: "The browser fingerprint signal.",
      docs: {
        type: "`{ sensitivity: string | null, aggression: string | null, complexEnabled: boolean | null }`",
        text: "The signal, enums by name.",
      },
    },
    onDelete: onDeleteOutput,
    priors: settingsPriorsOutput(
      "The declared settings (and signal members) before Pulumi's first write.",
    ),
  },
});
