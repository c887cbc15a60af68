/** `ShieldZone` declared once: resource.ts is generated from it (`npm run generate`). */
import { declareKind, onDeleteOutput, settingsPriorsOutput } from "../kit/declaration";

export const declaration = declareKind({
  kind: "ShieldZone",
  summary: "`ShieldZone`: the shield zone of a pull zone and its zone-wide settings.",
  doc: `The shield zone of a pull zone. Create adopts the pull zone's shield zone when one exists
and creates it otherwise; either way the values before Pulumi's first write are kept in
\`priors\`. The id is the shield zone's id, which other resources take as \`shieldZoneId\`.

@example
\`\`\`ts
const zone = new ShieldZone("site", {
  pullZoneId: 123456,
  wafEnabled: true,
  wafExecutionMode: "Block",
  ddosShieldSensitivity: "Medium",
});
export const shieldZoneId = zone.shieldZoneId;
\`\`\``,
  argsDoc: `Arguments of {@link ShieldZone}: the fields of the API's \`ShieldZoneRequest\` under their API
names (\`dDoS…\` spelled \`ddos…\`). Each setting is left as the service has it when omitted.
Enums take a name or its number.`,
  imports: ['import type { SHIELD_ZONE_ON_DELETE } from "./spec";'],
  inputs: {
    pullZoneId: {
      type: "number",
      doc: "The pull zone the shield zone protects. Changing it replaces the resource.",
      required: true,
      replaces: true,
      docs: {
        type: "`number`",
        text: "The pull zone to protect (a positive integer). Changing it replaces.",
      },
    },
    planType: {
      type: '"Basic" | "Advanced" | "Business" | "Enterprise" | number',
      doc: "`Basic`, `Advanced`, `Business` or `Enterprise` (or 0 to 3).",
      docs: {
        type: '`"Basic"`, `"Advanced"`, `"Business"`, `"Enterprise"`, or 0–3',
        default: "left as the service has it",
        text: "The Shield plan.",
      },
    },
    learningMode: {
      type: "boolean",
      doc: "Whether the WAF only learns (logs) for now.",
      docs: {
        type: "`boolean`",
        default: "left as the service has it",
        text: "Whether the WAF only learns (logs) for now.",
      },
    },
    learningModeUntil: {
      type: "string",
      doc: `When learning mode ends: an ISO 8601 time with its zone (\`"2026-12-01T00:00:00Z"\`).
Compared as the instant it names, whatever its spelling.`,
      docs: {
        type: "ISO 8601 time with its zone",
        default: "left as the service has it",
        text: "When learning mode ends; compared as the instant, whatever its spelling.",
      },
    },
    wafEnabled: {
      type: "boolean",
      doc: "Whether the WAF is on.",
      docs: {
        type: "`boolean`",
        default: "left as the service has it",
        text: "Whether the WAF is on.",
      },
    },
    wafExecutionMode: {
      type: '"Log" | "Block" | number',
      doc: "`Log` or `Block` (or 0, 1).",
      docs: {
        type: '`"Log"`, `"Block"`, or 0–1',
        default: "left as the service has it",
        text: "What the WAF does with a match.",
      },
    },
    wafDisabledRules: {
      type: "pulumi.Input<string>[]",
      doc: "Managed rule ids switched off (e.g. from `getWafRules`); compared as a set.",
      set: true,
      docs: {
        type: "`string[]`",
        default: "left as the service has it",
        text: "Managed rule ids switched off (e.g. from `getWafRules`); a set.",
      },
    },
    wafLogOnlyRules: {
      type: "pulumi.Input<string>[]",
      doc: "Managed rule ids that only log; compared as a set.",
      set: true,
      docs: {
        type: "`string[]`",
        default: "left as the service has it",
        text: "Managed rule ids that only log; a set.",
      },
    },
    wafCustomRuleOrder: {
      type: "pulumi.Input<number>[]",
      doc: `The order custom WAF rules run in: their ids (\`WafCustomRule.ruleId\`), first first. Only the
rules listed are ordered: the zone's other rules run after them, and a rule the service or
another tool adds changes nothing here, so the order does not churn.`,
      docs: {
        type: "`number[]`",
        default: "left as the service has it",
        text: "Custom WAF rule ids (`WafCustomRule.ruleId`) in the order they run, first first; see below.",
      },
    },
    wafRequestHeaderLoggingEnabled: {
      type: "boolean",
      doc: "Whether request headers are logged with WAF events.",
      docs: {
        type: "`boolean`",
        default: "left as the service has it",
        text: "Whether request headers are logged with WAF events.",
      },
    },
    requestBodyLoggingEnabled: {
      type: "boolean",
      doc: "Whether request bodies are logged with WAF events.",
      docs: {
        type: "`boolean`",
        default: "left as the service has it",
        text: "Whether request bodies are logged with WAF events.",
      },
    },
    wafRequestIgnoredHeaders: {
      type: "pulumi.Input<string>[]",
      doc: "Headers left out of the logs; compared as a set.",
      set: true,
      docs: {
        type: "`string[]`",
        default: "left as the service has it",
        text: "Headers left out of the logs; a set.",
      },
    },
    wafRealtimeThreatIntelligenceEnabled: {
      type: "boolean",
      doc: "Whether realtime threat intelligence is on.",
      docs: {
        type: "`boolean`",
        default: "left as the service has it",
        text: "Whether realtime threat intelligence is on.",
      },
    },
    wafProfileId: {
      type: "number",
      doc: "The WAF profile's id.",
      docs: {
        type: "`number`",
        default: "left as the service has it",
        text: "The WAF profile's id (a whole number from 0).",
      },
    },
    wafRequestBodyLimitAction: {
      type: '"Block" | "Log" | "Ignore" | number',
      doc: "What happens to a request body over the limit: `Block`, `Log`, `Ignore` (or 0 to 2).",
      docs: {
        type: '`"Block"`, `"Log"`, `"Ignore"`, or 0–2',
        default: "left as the service has it",
        text: "What happens to a request body over the limit.",
      },
    },
    wafResponseBodyLimitAction: {
      type: '"Block" | "Log" | "Ignore" | number',
      doc: "What happens to a response body over the limit: `Block`, `Log`, `Ignore` (or 0 to 2).",
      docs: {
        type: '`"Block"`, `"Log"`, `"Ignore"`, or 0–2',
        default: "left as the service has it",
        text: "What happens to a response body over the limit.",
      },
    },
    ddosShieldSensitivity: {
      type: '"Off" | "Low" | "Medium" | "High" | "Challenge" | number',
      doc: "DDoS protection: `Off`, `Low`, `Medium`, `High`, `Challenge` (or 0 to 4).",
      docs: {
        type: '`"Off"`, `"Low"`, `"Medium"`, `"High"`, `"Challenge"`, or 0–4',
        default: "left as the service has it",
        text: "How readily DDoS protection steps in.",
      },
    },
    ddosChallengeWindow: {
      type: "number",
      doc: "How long a passed DDoS challenge holds, in seconds.",
      docs: {
        type: "`number`",
        default: "left as the service has it",
        text: "How long a passed DDoS challenge holds, in seconds.",
      },
    },
    whitelabelResponsePages: {
      type: "boolean",
      doc: "Whether response pages carry no bunny.net branding.",
      docs: {
        type: "`boolean`",
        default: "left as the service has it",
        text: "Whether response pages carry no bunny.net branding.",
      },
    },
    underAttack: {
      type: "boolean",
      doc: `Create the shield zone under attack: when the pull zone has none yet, it is created with
every protection at its most defensive (DDoS \`Challenge\`, WAF blocking, bot detection
challenging), and the settings declared here apply over that. A zone that exists already is
adopted as it is; changing this later does nothing.`,
      docs: {
        type: "`boolean`",
        default: "`false`",
        text: "Create a missing zone under attack (see below). Creation only.",
      },
    },
    onDelete: {
      type: "(typeof SHIELD_ZONE_ON_DELETE)[number]",
      doc: `What deleting the resource does. The service cannot delete a shield zone: \`"restore"\`
(default) puts back the settings Pulumi managed as they were before its first write,
\`"keep"\` leaves them.`,
      docs: {
        type: '`"restore"`, `"keep"`',
        default: '`"restore"`',
        text: "What destroying the resource does (the service cannot delete a zone).",
      },
    },
  },
  outputs: {
    shieldZoneId: {
      type: "number",
      doc: "The shield zone's id.",
      fromId: 0,
      docs: { type: "`number`", text: "The shield zone's id." },
    },
    pullZoneId: {
      type: "number",
      doc: "The pull zone it protects.",
      docs: { type: "`number`", text: "The pull zone it protects." },
    },
    planType: { type: "string | null", doc: "The plan by name, as the service reports it." },
    learningMode: { type: "boolean | null", doc: "Whether the WAF only learns." },
    learningModeUntil: {
      type: "string | null",
      doc: "When learning mode ends (ISO 8601), or null.",
    },
    wafEnabled: { type: "boolean | null", doc: "Whether the WAF is on." },
    wafExecutionMode: { type: "string | null", doc: "`Log` or `Block`." },
    wafDisabledRules: { type: "string[] | null", doc: "Managed rule ids switched off." },
    wafLogOnlyRules: { type: "string[] | null", doc: "Managed rule ids that only log." },
    wafCustomRuleOrder: {
      type: "number[] | null",
      doc: "The custom WAF rules' order: the declared rules in their live order (every rule when none is declared).",
    },
    underAttack: {
      type: "boolean | undefined",
      doc: "Whether the zone was declared to be created under attack.",
      docs: { type: "`boolean`", text: "As declared." },
    },
    wafRequestHeaderLoggingEnabled: {
      type: "boolean | null",
      doc: "Whether request headers are logged.",
    },
    requestBodyLoggingEnabled: {
      type: "boolean | null",
      doc: "Whether request bodies are logged.",
    },
    wafRequestIgnoredHeaders: { type: "string[] | null", doc: "Headers left out of the logs." },
    wafRealtimeThreatIntelligenceEnabled: {
      type: "boolean | null",
      doc: "Whether realtime threat intelligence is on.",
    },
    wafProfileId: { type: "number | null", doc: "The WAF profile's id." },
    wafRequestBodyLimitAction: { type: "string | null", doc: "Request body limit action by name." },
    wafResponseBodyLimitAction: {
      type: "string | null",
      doc: "Response body limit action by name.",
    },
    ddosShieldSensitivity: { type: "string | null", doc: "DDoS sensitivity by name." },
    ddosChallengeWindow: { type: "number | null", doc: "DDoS challenge window in seconds." },
    whitelabelResponsePages: {
      type: "boolean | null",
      doc: "Whether response pages are white-labelled.",
    },
    ddosExecutionMode: {
      type: "string | null",
      doc: "DDoS execution mode by name (read-only).",
      docs: {
        type: "`string | null`",
        text: "DDoS execution mode by name (`Log`, `Block`); read-only.",
      },
    },
    rateLimitRulesLimit: {
      type: "number | null",
      doc: "How many rate limits the plan allows.",
      docs: { type: "`number | null`", text: "How many rate limits the plan allows." },
    },
    customWafRulesLimit: {
      type: "number | null",
      doc: "How many custom WAF rules the plan allows.",
      docs: { type: "`number | null`", text: "How many custom WAF rules the plan allows." },
    },
    onDelete: onDeleteOutput,
    priors: settingsPriorsOutput(
      "The declared settings' values before Pulumi's first write: what `\"restore\"` puts back.",
    ),
  },
  outputsRow: {
    name: "every setting above",
    type: "as the input, or `null`",
    text: "As the service reports it, enums by name (a number this version does not name as its text).",
  },
});
