/**
 * The managed WAF rules and the WAF's reference data: the catalog a zone can use
 * (`GET /shield/waf/rules/{shieldZoneId}`) and by plan (`…/rules/plan-segmentation`), the rules
 * that fired on a zone and their review (`…/rules/review-triggered/…`), the profiles
 * (`GET /shield/waf/profiles`), the engine's configuration (`…/engine-config`) and the enums of
 * custom rules (`…/enums`).
 */
import { z } from "zod";
import { check, enumField, fields, pathOf, shieldZoneId as checkZoneId } from "../../arguments";
import { ReviewActionType } from "../../enums";
import { AreaClient } from "../../area-client";
import {
  enumInt,
  inData,
  lenient,
  lenientBoolean,
  lenientInt,
  lenientRecord,
  lenientText,
  listOrEmpty,
  optionalText,
  statusEnvelopeSchema,
  unread,
} from "../../schemas";
import { eventLogEntrySchema } from "../event-logs";

// The rule ids are what a resource checks disabled and log-only rules against: strict.
// The groups' names are shown; their other fields are not read.
const ruleSchema = z.object({ ruleId: optionalText, description: lenientText });

const groupSchema = z.object({
  id: lenientInt,
  name: lenientText,
  code: lenientText,
  fileName: lenientText,
  mainGroup: lenientText,
  ruleset: lenientText,
  description: lenientText,
  rules: listOrEmpty(ruleSchema),
});

const mainGroupSchema = z.object({
  name: lenientText,
  ruleset: lenientText,
  ruleGroups: listOrEmpty(groupSchema),
});

/** `WafRuleMainGroupModel`: a top-level group of the catalog, with its groups and their rules. */
export type WafRuleMainGroup = z.output<typeof mainGroupSchema>;

const catalogSchema = z.array(mainGroupSchema);

/** One managed WAF rule of the catalog, with the group it belongs to. */
export interface ManagedWafRule {
  /** The id used in a zone's `wafDisabledRules` and `wafLogOnlyRules`, e.g. `"942100"`. */
  ruleId: string;
  description: string | null;
  /** The name of the rule's group (`WafRuleGroupModel.name`), e.g. `"SQL Injection"`. */
  group: string | null;
  /** The group's code (`WafRuleGroupModel.code`), as event-log labels name it. */
  groupCode: string | null;
  /** The name of the top-level group the rule's group is part of. */
  mainGroup: string | null;
}

/** `WafRulesByPlanModel`: the catalog's groups a plan unlocks. */
const planSchema = z.object({
  planValue: enumInt,
  planName: lenientText,
  rules: listOrEmpty(mainGroupSchema),
});
/** The managed rules of one plan (`planValue` is a `ShieldPlanType` value). */
export type WafRulesOfPlan = z.output<typeof planSchema>;

/** `WafProfileMinimal`: the id and name are read (a profile is chosen by them), the rest shown. */
const profileSchema = z.object({
  id: z.number().int(),
  name: optionalText,
  isPremium: lenientBoolean,
  profileCategory: lenientText,
  imageUrl: unread,
  description: lenientText,
  features: lenientText,
});
/** A WAF profile, for a zone's `wafProfileId`. */
export type WafProfile = z.output<typeof profileSchema>;

/** `ConfigVariableValueMinimal`: one variable of the WAF engine. */
const engineVariableSchema = z.object({ name: optionalText, valueEncoded: lenientText });
/** A variable of the WAF engine's configuration, its value as the service encodes it. */
export type WafEngineVariable = z.output<typeof engineVariableSchema>;

/**
 * The variables of the WAF engine's configuration that a program is likely to compare, decoded
 * (see {@link wafEngineSettings}). Each is null when the service did not send it, or sent a
 * value this version cannot decode: they are only shown, so an odd one is no error.
 */
export interface WafEngineSettings {
  /** `detection_paranoia_level`: the paranoia level (1–4) whose rules log a detection. */
  detectionParanoiaLevel: number | null;
  /** `executing_paranoia_level`: the level whose rules run with their action. */
  executingParanoiaLevel: number | null;
  /** `blocking_paranoia_level`: the level whose rules block. */
  blockingParanoiaLevel: number | null;
  /** `allowed_methods`: the HTTP methods let through, e.g. `["GET", "POST"]`. */
  allowedMethods: string[] | null;
  /** `allowed_http_versions`: e.g. `["HTTP/1.1", "HTTP/2"]`. */
  allowedHttpVersions: string[] | null;
  /** `allowed_request_content_type`: the request content types let through, e.g. `["application/json"]`. */
  allowedRequestContentTypes: string[] | null;
}

const level = (text: string | undefined): number | null =>
  text !== undefined && /^\s*\d+\s*$/.test(text) ? Number(text) : null;
const words = (text: string | undefined): string[] | null =>
  text === undefined ? null : text.split(/\s+/).filter((word) => word !== "");
// Each type between bars, the way bunny.net's Terraform provider reads and writes them.
const barred = (text: string | undefined): string[] | null =>
  text === undefined ? null : [...text.matchAll(/\|([^|]+)\|/g)].map((match) => match[1]!.trim());

/**
 * Decodes the variables of {@link WafEngineSettings} out of the engine's configuration (as
 * `client.wafRules.getEngineConfig()` or a zone's `wafEngineConfig` gives it), as bunny.net's
 * Terraform provider encodes them: levels as integers, methods and versions separated by
 * spaces, content types each between bars (`|text/xml| |application/json|`).
 */
export function wafEngineSettings(variables: readonly WafEngineVariable[]): WafEngineSettings {
  const value = (name: string) =>
    variables.find((variable) => variable.name === name)?.valueEncoded ?? undefined;
  return {
    detectionParanoiaLevel: level(value("detection_paranoia_level")),
    executingParanoiaLevel: level(value("executing_paranoia_level")),
    blockingParanoiaLevel: level(value("blocking_paranoia_level")),
    allowedMethods: words(value("allowed_methods")),
    allowedHttpVersions: words(value("allowed_http_versions")),
    allowedRequestContentTypes: barred(value("allowed_request_content_type")),
  };
}

/** `WafMappedEnumList`: an enum of custom rules with what each value accepts; all shown. */
const mappedEnumSchema = z.object({
  enumName: lenientText,
  enumValues: listOrEmpty(
    z.object({
      name: lenientText,
      value: lenientInt,
      isPremium: lenientBoolean,
      optionalInput: lenientBoolean,
      supportedValues: lenient(
        z.object({ values: lenient(z.array(z.string()).nullable()), editable: lenientBoolean }),
      ),
      recommendedOperator: lenient(
        z.object({ operator: lenientInt, values: lenient(z.array(z.string()).nullable()) }),
      ),
    }),
  ),
});
/** An enum of the WAF (or of DDoS), with its values as the service lists them. */
export type MappedEnum = z.output<typeof mappedEnumSchema>;
/** The answer of the enum listings shaped as `GetWafEnumsResponse`. */
export const mappedEnumsAnswer = inData(listOrEmpty(mappedEnumSchema));

/** `TriggeredRuleItem`: the rule id is read (a review names it); the figures are shown. */
const triggeredRuleSchema = z.object({
  ruleId: z.string(),
  ruleDescription: lenientText,
  topTargetedUrls: lenientRecord(z.number().int()),
  totalTriggeredRequests: lenientInt,
  ruleLogs: lenient(z.array(eventLogEntrySchema).nullable()),
});
/** A managed rule that fired on a zone: its count, top URLs and latest logs. */
export type TriggeredWafRule = z.output<typeof triggeredRuleSchema>;

const triggeredAnswer = z.object({
  errorResponse: statusEnvelopeSchema,
  triggeredRules: listOrEmpty(triggeredRuleSchema),
  totalTriggeredRules: lenientInt,
});

const recommendationAnswer = z.object({
  ruleId: lenientText,
  success: lenientBoolean,
  recommendation: optionalText,
  errorResponse: statusEnvelopeSchema,
});

const reviewAnswer = z.object({ errorResponse: statusEnvelopeSchema, success: lenientBoolean });

/** A managed rule's id, as paths and reviews take it. */
export const managedRuleId = z
  .string({ error: "expected a managed rule id as text" })
  .regex(/^[A-Za-z0-9_-]{1,64}$/, { error: "expected a managed rule id such as 942100" });

/** Whom a review names, and what it does (`UpdateReviewTriggeredRuleRequest`). */
const reviewSchema = fields(
  {
    ruleId: managedRuleId,
    action: enumField(ReviewActionType),
  },
  "expected { ruleId, action }",
);
/**
 * The review of a triggered rule: `action` is a {@link ReviewActionType} value (`Ignore` hides
 * it from the review, `LogOnly` and `DisableRule` add it to the zone's log-only or disabled
 * rules).
 */
export type TriggeredRuleReview = z.input<typeof reviewSchema>;

/** `client.wafRules`: the managed WAF rules (the catalog; managed rules are not created or deleted). */
export class WafRulesApi extends AreaClient {
  /** Every managed rule a zone can use, flattened out of its groups. Rules without an id are left out. */
  async list(shieldZoneId: number): Promise<ManagedWafRule[]> {
    const rules: ManagedWafRule[] = [];
    for (const main of await this.listGroups(shieldZoneId)) {
      for (const group of main.ruleGroups) {
        for (const rule of group.rules) {
          if (!rule.ruleId) continue;
          rules.push({
            ruleId: rule.ruleId,
            description: rule.description ?? null,
            group: group.name ?? null,
            groupCode: group.code ?? null,
            mainGroup: main.name ?? group.mainGroup ?? null,
          });
        }
      }
    }
    return rules;
  }

  /** The catalog as the service groups it: top-level groups, their groups, and their rules. */
  async listGroups(shieldZoneId: number): Promise<WafRuleMainGroup[]> {
    return this.request({
      operation: "listWafRules",
      method: "GET",
      path: pathOf("shield", "waf", "rules", checkZoneId(shieldZoneId)),
      schema: catalogSchema,
    });
  }

  /** The catalog's groups each plan unlocks, cheapest plan first. */
  async listByPlan(): Promise<WafRulesOfPlan[]> {
    return this.requestData({
      operation: "listWafRulesByPlan",
      method: "GET",
      path: pathOf("shield", "waf", "rules", "plan-segmentation"),
      schema: inData(listOrEmpty(planSchema)),
    });
  }

  /** Every WAF profile, flattened out of the service's groups. */
  async listProfiles(): Promise<WafProfile[]> {
    const groups = await this.requestData({
      operation: "listWafProfiles",
      method: "GET",
      path: pathOf("shield", "waf", "profiles"),
      schema: inData(listOrEmpty(listOrEmpty(profileSchema))),
    });
    return groups.flat();
  }

  /** The WAF engine's configuration variables. */
  async getEngineConfig(): Promise<WafEngineVariable[]> {
    return this.requestData({
      operation: "getWafEngineConfig",
      method: "GET",
      path: pathOf("shield", "waf", "engine-config"),
      schema: inData(listOrEmpty(engineVariableSchema)),
    });
  }

  /** The enums of custom rules (operators, actions, variables), with what each value accepts. */
  async getEnums(): Promise<MappedEnum[]> {
    return this.requestData({
      operation: "getWafEnums",
      method: "GET",
      path: pathOf("shield", "waf", "enums"),
      schema: mappedEnumsAnswer,
    });
  }

  /**
   * The managed rules that fired on a zone and are not reviewed yet, most triggered first,
   * each with its count, top URLs and latest logs.
   */
  async listTriggered(shieldZoneId: number): Promise<TriggeredWafRule[]> {
    const answer = await this.request({
      operation: "listTriggeredWafRules",
      method: "GET",
      path: pathOf("shield", "waf", "rules", "review-triggered", checkZoneId(shieldZoneId)),
      schema: triggeredAnswer,
    });
    return answer.triggeredRules;
  }

  /**
   * Reviews a triggered rule: an action, not a setting (see {@link TriggeredRuleReview}). Sent
   * once: a POST is retried only after a 429.
   */
  async reviewTriggered(shieldZoneId: number, review: TriggeredRuleReview): Promise<void> {
    const zone = checkZoneId(shieldZoneId);
    await this.request({
      operation: "reviewTriggeredWafRule",
      method: "POST",
      path: pathOf("shield", "waf", "rules", "review-triggered", zone),
      body: check(reviewSchema, review, "review"),
      schema: reviewAnswer,
    });
  }

  /** The service's advice on a triggered rule, as text (null when it has none). */
  async getTriggeredRecommendation(shieldZoneId: number, ruleId: string): Promise<string | null> {
    const zone = checkZoneId(shieldZoneId);
    const rule = check(managedRuleId, ruleId, "ruleId");
    const answer = await this.request({
      operation: "getTriggeredWafRuleRecommendation",
      method: "GET",
      path: pathOf("shield", "waf", "rules", "review-triggered", "ai-recommendation", zone, rule),
      schema: recommendationAnswer,
    });
    return answer.recommendation ?? null;
  }
}
