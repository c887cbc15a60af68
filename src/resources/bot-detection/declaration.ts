/** `BotDetection` declared once: resource.ts is generated from it (`npm run generate`). */
import { z } from "zod";
import {
  BotDetectionExecutionMode,
  BotDetectionSensitivity,
  BrowserFingerprintAggression,
} from "../../client/enums";
import {
  declareKind,
  onDeleteOutput,
  settingsPriorsOutput,
  restoreOrKeepInput,
  zoneKeyInput,
  zoneOutput,
} from "../kit/declaration";
import { booleanInput, enumInput } from "../kit/fields";
import { objectMeta } from "../kit/shape";

// getBotDetection's result can be passed in: its `…Name` members are accepted and ignored,
// and its nulls ("the service sent none") mean "not declared".
const maybe = <T extends z.ZodType>(schema: T) => schema.nullable().optional();
const informative = (member: string) =>
  z
    .string()
    .nullable()
    .optional()
    .meta({ doc: `Accepted and ignored: \`getBotDetection\`'s name of \`${member}\`.` });
const withoutNulls = (value: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(value).filter(([k, v]) => v !== null && v !== undefined && !k.endsWith("Name")),
  );

/** The members every signal has. */
const signalMembers = {
  sensitivity: maybe(enumInput(BotDetectionSensitivity, "BotDetectionSensitivity")).meta({
    doc: "How sensitive the signal is. Left as the service has it when omitted.",
  }),
  sensitivityName: informative("sensitivity"),
};

const signal = z
  .strictObject(signalMembers)
  .meta(objectMeta("BotDetectionSignal", "A signal with a sensitivity."))
  .transform(withoutNulls)
  .describe("an object { sensitivity }");

const browserFingerprint = z
  .strictObject({
    ...signalMembers,
    aggression: maybe(enumInput(BrowserFingerprintAggression, "BrowserFingerprintAggression")).meta(
      { doc: "`Unknown`, `Low`, `Medium`, `High`, `Custom` (or 0 to 4)." },
    ),
    aggressionName: informative("aggression"),
    complexEnabled: maybe(booleanInput).meta({ doc: "Whether complex fingerprinting is on." }),
  })
  .meta(
    objectMeta(
      "BrowserFingerprint",
      "Browser fingerprinting. Each member is left as the service has it when omitted.",
    ),
  )
  .transform(withoutNulls)
  .describe("an object { sensitivity, aggression, complexEnabled }");

/** A signal's members as state holds them. */
const signalStateMembers = {
  sensitivity: z
    .string()
    .nullable()
    .meta({ doc: "`Off`, `Low`, `Medium` or `High`; null when the service sent none." }),
};

const signalState = z
  .strictObject(signalStateMembers)
  .meta(
    objectMeta("BotDetectionSignalState", "A signal as the service reports it, enums by name."),
  );

const browserFingerprintState = z
  .strictObject({
    ...signalStateMembers,
    aggression: z.string().nullable().meta({
      doc: "`Unknown`, `Low`, `Medium`, `High` or `Custom`; null when the service sent none.",
    }),
    complexEnabled: z
      .boolean()
      .nullable()
      .meta({ doc: "Whether complex fingerprinting is on; null when the service sent none." }),
  })
  .meta(
    objectMeta(
      "BrowserFingerprintState",
      "Browser fingerprinting as the service reports it, enums by name.",
    ),
  );

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
  inputs: {
    shieldZoneId: zoneKeyInput,
    executionMode: {
      schema: enumInput(BotDetectionExecutionMode, "BotDetectionExecutionMode"),
      doc: "`LogOnly` or `Challenge` (or 0, 1).",
      docs: {
        default: "left as the service has it",
        text: "Whether bot detection only logs or also challenges.",
      },
    },
    // The signals' docs type lists their members: the docs pages do not define the named types.
    requestIntegrity: {
      schema: signal,
      doc: "The request integrity signal.",
      docs: {
        type: "`{ sensitivity? }`",
        default: "left as the service has it",
        text: 'The request integrity signal; `sensitivity` is `"Off"`, `"Low"`, `"Medium"`, `"High"`, or 0–3.',
      },
    },
    ipAddress: {
      schema: signal,
      doc: "The IP address reputation signal.",
      docs: {
        type: "`{ sensitivity? }`",
        default: "left as the service has it",
        text: "The IP address reputation signal; same sensitivities.",
      },
    },
    browserFingerprint: {
      schema: browserFingerprint,
      doc: "The browser fingerprint signal.",
      docs: {
        type: "`{ sensitivity?, aggression?, complexEnabled? }`",
        default: "left as the service has it",
        text: '`aggression` is `"Unknown"`, `"Low"`, `"Medium"`, `"High"`, `"Custom"`, or 0–4; `complexEnabled` a boolean.',
      },
    },
    onDelete: restoreOrKeepInput("the settings"),
  },
  outputs: {
    shieldZoneId: zoneOutput,
    executionMode: {
      type: z.string().nullable(),
      doc: "`LogOnly` or `Challenge`, as the service reports it.",
      docs: {
        text: "`LogOnly` or `Challenge`, as the service reports it.",
      },
    },
    requestIntegrity: {
      type: signalState,
      doc: "The request integrity signal.",
      docs: { type: "`{ sensitivity: string | null }`", text: "The signal, sensitivity by name." },
    },
    ipAddress: {
      type: signalState,
      doc: "The IP address reputation signal.",
      docs: { type: "`{ sensitivity: string | null }`", text: "The signal, sensitivity by name." },
    },
    browserFingerprint: {
      type: browserFingerprintState,
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
