/** `ShieldZone` declared once: resource.ts is generated from it (`npm run generate`). */
import { z } from "zod";
import {
  DdosShieldSensitivity,
  ShieldPlanType,
  WafExecutionMode,
  WafPayloadLimitAction,
} from "../../client/enums";
import {
  declareKind,
  onDeleteOutput,
  restoreOrKeepInput,
  settingsPriorsOutput,
} from "../kit/declaration";
import { booleanInput, enumInput, idInput, integerInput, zoneIdOutput } from "../kit/fields";

const ruleIds = z
  .array(z.string().trim().min(1).describe('a rule id such as "913100"'))
  .describe('a list of rule ids such as ["913100"]');
const headerNames = z
  .array(z.string().trim().min(1).describe("a header name"))
  .describe("a list of header names");
const count = integerInput(0);
/** An instant as ISO 8601 with a zone; kept as `toISOString` gives it, so that forms compare. */
const instant = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/)
  .refine((text) => !Number.isNaN(Date.parse(text)))
  .transform((text) => new Date(text).toISOString())
  .describe('an ISO 8601 time with its zone, such as "2026-12-01T00:00:00Z"');
const ruleOrder = z
  .array(z.number().int().min(1).describe("a custom WAF rule's id"))
  .refine((ids) => new Set(ids).size === ids.length, "each rule once")
  .describe("a list of custom WAF rule ids (WafCustomRule.ruleId), each once");
/** What the WAF does with a request or response body over the limit. */
const bodyLimitAction = enumInput(WafPayloadLimitAction, "WafPayloadLimitAction");

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
  inputs: {
    pullZoneId: {
      schema: idInput,
      doc: "The pull zone the shield zone protects. Changing it replaces the resource.",
      required: true,
      replaces: true,
      docs: {
        text: "The pull zone to protect (a positive integer). Changing it replaces.",
      },
    },
    planType: {
      schema: enumInput(ShieldPlanType, "ShieldPlanType"),
      doc: "`Basic`, `Advanced`, `Business` or `Enterprise` (or 0 to 3).",
      docs: {
        default: "left as the service has it",
        text: "The Shield plan.",
      },
    },
    learningMode: {
      schema: booleanInput,
      doc: "Whether the WAF only learns (logs) for now.",
      docs: {
        default: "left as the service has it",
        text: "Whether the WAF only learns (logs) for now.",
      },
    },
    learningModeUntil: {
      schema: instant,
      doc: `When learning mode ends: an ISO 8601 time with its zone (\`"2026-12-01T00:00:00Z"\`).
Compared as the instant it names, whatever its spelling.`,
      docs: {
        type: "ISO 8601 time with its zone",
        default: "left as the service has it",
        text: "When learning mode ends; compared as the instant, whatever its spelling.",
      },
    },
    wafEnabled: {
      schema: booleanInput,
      doc: "Whether the WAF is on.",
      docs: {
        default: "left as the service has it",
        text: "Whether the WAF is on.",
      },
    },
    wafExecutionMode: {
      schema: enumInput(WafExecutionMode, "WafExecutionMode"),
      doc: "`Log` or `Block` (or 0, 1).",
      docs: {
        default: "left as the service has it",
        text: "What the WAF does with a match.",
      },
    },
    wafDisabledRules: {
      schema: ruleIds,
      doc: "Managed rule ids switched off (e.g. from `getWafRules`); compared as a set.",
      set: true,
      docs: {
        default: "left as the service has it",
        text: "Managed rule ids switched off (e.g. from `getWafRules`); a set.",
      },
    },
    wafLogOnlyRules: {
      schema: ruleIds,
      doc: "Managed rule ids that only log; compared as a set.",
      set: true,
      docs: {
        default: "left as the service has it",
        text: "Managed rule ids that only log; a set.",
      },
    },
    wafCustomRuleOrder: {
      schema: ruleOrder,
      doc: `The order custom WAF rules run in: their ids (\`WafCustomRule.ruleId\`), first first. Only the
rules listed are ordered: the zone's other rules run after them, and a rule the service or
another tool adds changes nothing here, so the order does not churn.`,
      docs: {
        default: "left as the service has it",
        text: "Custom WAF rule ids (`WafCustomRule.ruleId`) in the order they run, first first; see below.",
      },
    },
    wafRequestHeaderLoggingEnabled: {
      schema: booleanInput,
      doc: "Whether request headers are logged with WAF events.",
      docs: {
        default: "left as the service has it",
        text: "Whether request headers are logged with WAF events.",
      },
    },
    requestBodyLoggingEnabled: {
      schema: booleanInput,
      doc: "Whether request bodies are logged with WAF events.",
      docs: {
        default: "left as the service has it",
        text: "Whether request bodies are logged with WAF events.",
      },
    },
    wafRequestIgnoredHeaders: {
      schema: headerNames,
      doc: "Headers left out of the logs; compared as a set.",
      set: true,
      docs: {
        default: "left as the service has it",
        text: "Headers left out of the logs; a set.",
      },
    },
    wafRealtimeThreatIntelligenceEnabled: {
      schema: booleanInput,
      doc: "Whether realtime threat intelligence is on.",
      docs: {
        default: "left as the service has it",
        text: "Whether realtime threat intelligence is on.",
      },
    },
    wafProfileId: {
      schema: count,
      doc: "The WAF profile's id.",
      docs: {
        default: "left as the service has it",
        text: "The WAF profile's id (a whole number from 0).",
      },
    },
    wafRequestBodyLimitAction: {
      schema: bodyLimitAction,
      doc: "What happens to a request body over the limit: `Block`, `Log`, `Ignore` (or 0 to 2).",
      docs: {
        default: "left as the service has it",
        text: "What happens to a request body over the limit.",
      },
    },
    wafResponseBodyLimitAction: {
      schema: bodyLimitAction,
      doc: "What happens to a response body over the limit: `Block`, `Log`, `Ignore` (or 0 to 2).",
      docs: {
        default: "left as the service has it",
        text: "What happens to a response body over the limit.",
      },
    },
    ddosShieldSensitivity: {
      schema: enumInput(DdosShieldSensitivity, "DdosShieldSensitivity"),
      doc: "DDoS protection: `Off`, `Low`, `Medium`, `High`, `Challenge` (or 0 to 4).",
      docs: {
        default: "left as the service has it",
        text: "How readily DDoS protection steps in.",
      },
    },
    ddosChallengeWindow: {
      schema: count,
      doc: "How long a passed DDoS challenge holds, in seconds.",
      docs: {
        default: "left as the service has it",
        text: "How long a passed DDoS challenge holds, in seconds.",
      },
    },
    whitelabelResponsePages: {
      schema: booleanInput,
      doc: "Whether response pages carry no bunny.net branding.",
      docs: {
        default: "left as the service has it",
        text: "Whether response pages carry no bunny.net branding.",
      },
    },
    underAttack: {
      schema: booleanInput,
      doc: `Create the shield zone under attack: when the pull zone has none yet, it is created with
every protection at its most defensive (DDoS \`Challenge\`, WAF blocking, bot detection
challenging), and the settings declared here apply over that. A zone that exists already is
adopted as it is; changing this later does nothing.`,
      docs: {
        default: "`false`",
        text: "Create a missing zone under attack (see below). Creation only.",
      },
    },
    // The shared choice, in words that say why there is no deleting.
    onDelete: {
      ...restoreOrKeepInput("the settings"),
      doc: `What deleting the resource does. The service cannot delete a shield zone: \`"restore"\`
(default) puts back the settings Pulumi managed as they were before its first write,
\`"keep"\` leaves them.`,
      docs: {
        default: '`"restore"`',
        text: "What destroying the resource does (the service cannot delete a zone).",
      },
    },
  },
  outputs: {
    shieldZoneId: {
      type: zoneIdOutput,
      doc: "The shield zone's id.",
      fromId: 0,
      docs: { text: "The shield zone's id." },
    },
    pullZoneId: {
      type: z.number().int(),
      doc: "The pull zone it protects.",
      docs: { text: "The pull zone it protects." },
    },
    planType: { type: z.string().nullable(), doc: "The plan by name, as the service reports it." },
    learningMode: { type: z.boolean().nullable(), doc: "Whether the WAF only learns." },
    learningModeUntil: {
      type: z.string().nullable(),
      doc: "When learning mode ends (ISO 8601), or null.",
    },
    wafEnabled: { type: z.boolean().nullable(), doc: "Whether the WAF is on." },
    wafExecutionMode: { type: z.string().nullable(), doc: "`Log` or `Block`." },
    wafDisabledRules: {
      type: z.array(z.string()).nullable(),
      doc: "Managed rule ids switched off.",
    },
    wafLogOnlyRules: {
      type: z.array(z.string()).nullable(),
      doc: "Managed rule ids that only log.",
    },
    wafCustomRuleOrder: {
      type: z.array(z.number().int()).nullable(),
      doc: "The custom WAF rules' order: the declared rules in their live order (every rule when none is declared).",
    },
    underAttack: {
      // Absent from state when not declared.
      type: z.boolean().optional(),
      doc: "Whether the zone was declared to be created under attack.",
      docs: { text: "As declared." },
    },
    wafRequestHeaderLoggingEnabled: {
      type: z.boolean().nullable(),
      doc: "Whether request headers are logged.",
    },
    requestBodyLoggingEnabled: {
      type: z.boolean().nullable(),
      doc: "Whether request bodies are logged.",
    },
    wafRequestIgnoredHeaders: {
      type: z.array(z.string()).nullable(),
      doc: "Headers left out of the logs.",
    },
    wafRealtimeThreatIntelligenceEnabled: {
      type: z.boolean().nullable(),
      doc: "Whether realtime threat intelligence is on.",
    },
    wafProfileId: { type: z.number().int().nullable(), doc: "The WAF profile's id." },
    wafRequestBodyLimitAction: {
      type: z.string().nullable(),
      doc: "Request body limit action by name.",
    },
    wafResponseBodyLimitAction: {
      type: z.string().nullable(),
      doc: "Response body limit action by name.",
    },
    ddosShieldSensitivity: { type: z.string().nullable(), doc: "DDoS sensitivity by name." },
    ddosChallengeWindow: {
      type: z.number().int().nullable(),
      doc: "DDoS challenge window in seconds.",
    },
    whitelabelResponsePages: {
      type: z.boolean().nullable(),
      doc: "Whether response pages are white-labelled.",
    },
    ddosExecutionMode: {
      from: ["ddosShieldSensitivity"],
      type: z.string().nullable(),
      doc: "DDoS execution mode by name (read-only).",
      docs: {
        text: "DDoS execution mode by name (`Log`, `Block`); read-only.",
      },
    },
    rateLimitRulesLimit: {
      from: ["planType"],
      type: z.number().int().nullable(),
      doc: "How many rate limits the plan allows.",
      docs: { text: "How many rate limits the plan allows." },
    },
    customWafRulesLimit: {
      from: ["planType"],
      type: z.number().int().nullable(),
      doc: "How many custom WAF rules the plan allows.",
      docs: { text: "How many custom WAF rules the plan allows." },
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
