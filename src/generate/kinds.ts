/**
 * Each kind, as the generator sees it: its declaration and input schema (the kind's own, so
 * that values are normalized as `check` normalizes them) and how a zone's answers map to its
 * inputs. Most inputs carry the name of the API's field (`fromAnswer` finds it); what a kind
 * holds elsewhere (a list's entries in its content, bots keyed by name) is mapped here.
 */
import { z as zod } from "zod";
import { AccessListCategory, enumName, ShieldPlanType } from "../client/enums";
import type { AccessList as ListedAccessList } from "../client/areas/access-lists";
import type { ApiGuardianEndpoint } from "../client/areas/api-guardian";
import { BotCategory } from "../client/areas/bot-categorization";
import type { ShieldZoneDefaults } from "../client/areas/shield-zones";
import { endpointKey, type OpenApiDocument } from "../openapi/document";
import { declaration as accessListConfigurationDeclaration } from "../resources/access-list-configuration/declaration";
import { inputSchema as accessListConfigurationInputs } from "../resources/access-list-configuration/spec";
import { declaration as accessListDeclaration } from "../resources/access-list/declaration";
import { inputSchema as accessListInputs } from "../resources/access-list/spec";
import { declaration as apiGuardianDeclaration } from "../resources/api-guardian/declaration";
import { inputSchema as apiGuardianInputs } from "../resources/api-guardian/spec";
import { declaration as botCategorizationDeclaration } from "../resources/bot-categorization/declaration";
import { inputSchema as botCategorizationInputs } from "../resources/bot-categorization/spec";
import { declaration as botDetectionDeclaration } from "../resources/bot-detection/declaration";
import { inputSchema as botDetectionInputs } from "../resources/bot-detection/spec";
import { declaration as customPageDeclaration } from "../resources/custom-page/declaration";
import { inputSchema as customPageInputs } from "../resources/custom-page/spec";
import type { InputSchema } from "../resources/kit/check";
import { inputsOf, type KindDeclaration } from "../resources/kit/declaration";
import { ruleSpecOf, type Kind } from "../resources/kit/registry";
import { ruleOutputs } from "../resources/kit/rules";
import { declaration as shieldZoneDeclaration } from "../resources/shield-zone/declaration";
import { inputSchema as shieldZoneInputs } from "../resources/shield-zone/spec";
import { declaration as uploadScanningDeclaration } from "../resources/upload-scanning/declaration";
import { inputSchema as uploadScanningInputs } from "../resources/upload-scanning/spec";
import {
  botDetectionDefaults,
  EachMember,
  UNSTATED_DEFAULTS,
  unwrapSchema,
  uploadScanningDefaults,
  type DefaultSpec,
} from "./defaults";
import { ProgramReference } from "./model";
import type { Names } from "./names";
import { isGap, type ZoneRead, type ZoneSelector } from "./read";

type Values = Record<string, unknown>;

/** A kind's declaration and the schema of its inputs. */
export interface KindInputs {
  readonly declaration: KindDeclaration;
  readonly inputs: InputSchema;
}

/** Every kind's declaration and input schema. */
export const KIND_INPUTS: Readonly<Record<Kind, KindInputs>> = {
  ShieldZone: { declaration: shieldZoneDeclaration, inputs: shieldZoneInputs },
  BotDetection: { declaration: botDetectionDeclaration, inputs: botDetectionInputs },
  BotCategorization: {
    declaration: botCategorizationDeclaration,
    inputs: botCategorizationInputs,
  },
  UploadScanning: { declaration: uploadScanningDeclaration, inputs: uploadScanningInputs },
  AccessListConfiguration: {
    declaration: accessListConfigurationDeclaration,
    inputs: accessListConfigurationInputs,
  },
  AccessList: { declaration: accessListDeclaration, inputs: accessListInputs },
  WafCustomRule: ruleSpecOf("WafCustomRule"),
  RateLimit: ruleSpecOf("RateLimit"),
  CustomPage: { declaration: customPageDeclaration, inputs: customPageInputs },
  ApiGuardian: { declaration: apiGuardianDeclaration, inputs: apiGuardianInputs },
};

/**
 * Objects Pulumi creates (lists, rules, pages) take over an existing one of the same name with
 * `adoptExisting`; settings that exist before Pulumi are adopted by being declared.
 */
export const isOwned = (kind: Kind): boolean =>
  "adoptExisting" in inputsOf(KIND_INPUTS[kind].declaration);

/**
 * The part of an API answer that a schema takes: the members its objects name (matched
 * ignoring case: the API's `dDoSShieldSensitivity` is the input `ddosShieldSensitivity`), at
 * any depth, through maps and lists; null and absent members left out.
 */
export function fromAnswer(answer: unknown, schema: zod.ZodType): unknown {
  const inner = unwrapSchema(schema);
  if (inner instanceof zod.ZodObject && isObject(answer)) {
    return pickMembers(answer, inner.shape as Record<string, zod.ZodType>);
  }
  if (inner instanceof zod.ZodRecord && isObject(answer)) {
    return Object.fromEntries(
      Object.entries(answer).map(([k, v]) => [k, fromAnswer(v, inner.valueType as zod.ZodType)]),
    );
  }
  if (inner instanceof zod.ZodArray && Array.isArray(answer)) {
    return answer.map((e) => fromAnswer(e, inner.element as zod.ZodType));
  }
  return answer;
}

const isObject = (value: unknown): value is Values =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The members of `answer` that `shape` names, by the shape's names. */
export function pickMembers(answer: Values, shape: Readonly<Record<string, zod.ZodType>>): Values {
  const byLowerCase = new Map(Object.keys(answer).map((k) => [k.toLowerCase(), k]));
  const picked: Values = {};
  for (const [name, schema] of Object.entries(shape)) {
    const key = byLowerCase.get(name.toLowerCase());
    const value = key === undefined ? undefined : answer[key];
    if (value !== null && value !== undefined) picked[name] = fromAnswer(value, schema);
  }
  return picked;
}

/** What a kind makes of one object of a zone. */
export interface Described {
  readonly kind: Kind;
  readonly name: string;
  /** The inputs' values as read: API vocabulary (normalized later by the kind's schema), or references. */
  readonly raw: Values;
  /**
   * What each setting is compared with (see `defaults.ts`): the service's defaults. An object
   * Pulumi would own is compared with what its kind gives an input left out, instead.
   */
  readonly defaults?: Readonly<Record<string, DefaultSpec>>;
  /** Declared even when nothing but its keys differs from the defaults (the zone). */
  readonly always?: boolean;
  readonly comments?: readonly string[];
  /** Comments above single arguments. */
  readonly argumentComments?: Readonly<Record<string, readonly string[]>>;
}

/** What the describers of one zone share. */
export interface ZoneContext {
  readonly read: ZoneRead;
  readonly defaults: ShieldZoneDefaults;
  readonly names: Names;
  /** The shield zone's id, as every resource of the zone declares it. */
  readonly zone: number;
  /** A path into the zone's access lists, as `getAccessLists` returns them. */
  lists(path: readonly string[], value: unknown): ProgramReference;
  /** A file beside the program holding `text` (or, with `lines`, one entry per line). */
  file(name: string, text: string, lines?: readonly string[]): ProgramReference;
  /** The zone's OpenAPI document, when the caller gave it, and its name for files. */
  readonly openApi?: { readonly text: string; readonly document: OpenApiDocument };
  /** The prefix of the zone's file names ("" with one zone). */
  readonly filePrefix: string;
}

/** Objects of a kind, or why the zone has none to declare. */
export type Description = readonly Described[] | { readonly omitted: string };

/** A list holding more entries than this goes to a file beside the program. */
export const ENTRIES_INLINE = 100;

const field = (kind: Kind, input: string) => KIND_INPUTS[kind].inputs.fields[input]!;

/** The schema of each member of a map input (`endpoints`, `bots`). */
function memberField(kind: Kind, input: string): zod.ZodType {
  const map = unwrapSchema(field(kind, input));
  if (!(map instanceof zod.ZodRecord)) throw new TypeError(`${kind}.${input} is not a map`);
  return map.valueType as zod.ZodType;
}

/** `raw` (the API's vocabulary) as `schema` normalizes it; undefined when it refuses it. */
function normalized(schema: zod.ZodType, raw: unknown): unknown {
  const parsed = schema.safeParse(fromAnswer(raw, schema));
  return parsed.success ? parsed.data : undefined;
}
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The defaults of an adopted kind, from values in the API's vocabulary. */
function serviceDefaults(kind: Kind, values: Values): Values {
  const defaults: Values = {};
  for (const [input, raw] of Object.entries(pickMembers(values, KIND_INPUTS[kind].inputs.fields))) {
    const value = normalized(field(kind, input), raw);
    if (value !== undefined) defaults[input] = value;
  }
  return defaults;
}

/** Comments for objects beyond a plan's limit: the service keeps them, but would refuse one more. */
function beyondLimit(
  index: number,
  limit: number | null | undefined,
  total: number,
  what: string,
): string[] {
  if (typeof limit !== "number" || total <= limit || index < limit) return [];
  return [
    `Beyond the plan's limit of ${plural(limit, what)} (the zone has ${total}): the service keeps it, but would refuse to create it again.`,
  ];
}

/** The id a selector names its zone by. */
const selectorId = (selector: ZoneSelector) =>
  "pullZoneId" in selector ? selector.pullZoneId : selector.shieldZoneId;

/** The managed lists' references: by category, else by name, else the id itself. */
function listReference(context: ZoneContext, list: ListedAccessList): ProgramReference | number {
  const { managedLists, customLists } = context.read.accessLists;
  const category = list.category ?? AccessListCategory.None;
  const categoryName = enumName(AccessListCategory, category);
  if (
    category !== AccessListCategory.None &&
    !/^\d+$/.test(categoryName) &&
    managedLists.filter((l) => l.category === category).length === 1
  ) {
    return context.lists(["byCategory", categoryName, "configurationId"], list.configurationId);
  }
  const all = [...managedLists, ...customLists];
  if (list.name && all.filter((l) => l.name === list.name).length === 1) {
    return context.lists(["byName", list.name, "configurationId"], list.configurationId);
  }
  return list.configurationId;
}

/** The key a bot is declared under: its name when that names it alone, else its id. */
function botKey(name: string | null | undefined, id: number, names: readonly unknown[]): string {
  const usable =
    typeof name === "string" &&
    name.trim() === name &&
    name !== "" &&
    name !== "__proto__" &&
    !/^\d+$/.test(name) &&
    names.filter((n) => n === name).length === 1;
  return usable ? name : String(id);
}

/** A rule kind's objects: each rule, read through the kind's own outputs. */
function describeRules(kind: "WafCustomRule" | "RateLimit", context: ZoneContext): Described[] {
  const spec = ruleSpecOf(kind);
  const rules = [
    ...(kind === "WafCustomRule" ? context.read.wafCustomRules : context.read.rateLimits),
  ].sort((a, b) => a.id - b.id);
  const limit = context.read.zone[spec.limit];
  const what = kind === "WafCustomRule" ? "custom WAF rule" : "rate limit";
  return rules.map((rule, index) => ({
    kind,
    name: context.names.take(
      rule.ruleName ?? "",
      kind === "WafCustomRule" ? "rule" : "rate-limit",
      rule.id,
    ),
    raw: {
      ...pickMembers(ruleOutputs(spec, rule), spec.inputs.fields),
      shieldZoneId: context.zone,
    },
    comments: beyondLimit(index, limit, rules.length, what),
  }));
}

/** A zone's objects of one kind. */
export type Describer = (context: ZoneContext) => Description;

/** How each kind describes a zone's objects, in the order a zone's statements declare them. */
export const DESCRIBERS: Readonly<Record<Kind, Describer>> = {
  ShieldZone: (context) => {
    const { zone, pullZoneId, wafCustomRules } = context.read;
    const raw = pickMembers(zone, KIND_INPUTS.ShieldZone.inputs.fields);
    raw.pullZoneId = pullZoneId;
    // The order's ids are the rules below (adopted, they keep their ids): named in a comment,
    // since a reference to their outputs would make the zone depend on its own rules.
    const names = new Map(wafCustomRules.map((rule) => [rule.id, rule.ruleName ?? ""]));
    const order = zone.wafCustomRuleOrder.map(
      (id) => `${id} ${names.get(id) ?? "(not a rule of the zone)"}`,
    );
    return [
      {
        kind: "ShieldZone",
        name: context.names.take("zone", "", "zone"),
        raw,
        defaults: serviceDefaults("ShieldZone", context.defaults.shieldZone),
        always: true,
        argumentComments: {
          wafCustomRuleOrder: [`The custom WAF rules' order, by id: ${order.join(", ")}.`],
        },
      },
    ];
  },
  BotDetection: (context) => {
    const { botDetection, plan } = context.read;
    if (isGap(botDetection)) {
      return {
        omitted: `Bot detection: not on the ${plan} plan (the service answers ${botDetection.errorKey}), so not declared.`,
      };
    }
    return [
      {
        kind: "BotDetection",
        name: context.names.take("bot detection", "", "bot-detection"),
        raw: {
          ...pickMembers(botDetection, KIND_INPUTS.BotDetection.inputs.fields),
          shieldZoneId: context.zone,
        },
        defaults: serviceDefaults("BotDetection", botDetectionDefaults(context.defaults)),
      },
    ];
  },
  BotCategorization: (context) => {
    const groups = context.read.botCategorization;
    const bots = groups.flatMap((group) => group.bots);
    const names = bots.map((bot) => bot.userAgentMatch);
    const categories: Values = {};
    for (const group of [...groups].sort((a, b) => a.category - b.category)) {
      categories[enumName(BotCategory, group.category)] = group.categoryAction;
    }
    const actions: Values = {};
    for (const bot of [...bots].sort((a, b) => a.botId - b.botId)) {
      actions[botKey(bot.userAgentMatch, bot.botId, names)] = bot.action;
    }
    // A category's or bot's action until one is set, in the inputs' vocabulary.
    const none = (input: string) =>
      new EachMember(() =>
        normalized(memberField("BotCategorization", input), UNSTATED_DEFAULTS.botAction),
      );
    return [
      {
        kind: "BotCategorization",
        name: context.names.take("bot categorization", "", "bot-categorization"),
        raw: { shieldZoneId: context.zone, categories, bots: actions },
        defaults: { categories: none("categories"), bots: none("bots") },
      },
    ];
  },
  UploadScanning: (context) => [
    {
      kind: "UploadScanning",
      name: context.names.take("upload scanning", "", "upload-scanning"),
      raw: {
        ...pickMembers(context.read.uploadScanning, KIND_INPUTS.UploadScanning.inputs.fields),
        shieldZoneId: context.zone,
      },
      defaults: serviceDefaults("UploadScanning", uploadScanningDefaults(context.defaults)),
    },
  ],
  AccessListConfiguration: (context) => {
    const { accessLists, plan } = context.read;
    const suggested = context.defaults.accessLists;
    const planNumber = ShieldPlanType[plan as keyof typeof ShieldPlanType];
    return [...accessLists.managedLists]
      .sort((a, b) => a.configurationId - b.configurationId)
      .map((list): Described => {
        const suggestion =
          suggested.find((s) => s.listId === list.listId) ??
          suggested.find((s) => s.name !== null && s.name === list.name);
        const comments: string[] = [];
        const required = list.requiredPlan ?? 0;
        if (planNumber !== undefined && required > planNumber) {
          comments.push(
            `${list.name ?? "This list"} needs the ${enumName(ShieldPlanType, required)} plan: on this zone's ${plan} plan the service keeps it off and refuses to change it.`,
          );
        } else if (!list.isEnabled) {
          comments.push(
            `${list.name ?? "This list"} is switched off: its action applies once it is switched on.`,
          );
        }
        const category = list.category ?? AccessListCategory.None;
        return {
          kind: "AccessListConfiguration",
          name: context.names.take(list.name ?? "", "list", list.configurationId),
          raw: {
            shieldZoneId: context.zone,
            configurationId: listReference(context, list),
            ...(category === AccessListCategory.None ? {} : { category }),
            isEnabled: list.isEnabled,
            action: list.action,
          },
          defaults: serviceDefaults(
            "AccessListConfiguration",
            suggestion?.action == null ? {} : { action: suggestion.action },
          ),
          comments,
        };
      });
  },
  AccessList: (context) => {
    const { accessLists, customLists } = context.read;
    const lists = [...accessLists.customLists].sort((a, b) => a.listId - b.listId);
    let entriesSoFar = 0;
    return lists.map((list, index): Described => {
      const own = customLists.get(list.listId);
      const entries = [
        ...new Set(
          (own?.content ?? "")
            .split("\n")
            .map((e) => e.trim())
            .filter((e) => e !== ""),
        ),
      ];
      const name = context.names.take(own?.name ?? list.name ?? "", "list", list.listId);
      entriesSoFar += entries.length;
      const comments = [
        ...beyondLimit(index, accessLists.customListLimit, lists.length, "custom list"),
        ...(typeof accessLists.customEntryLimit === "number" &&
        entriesSoFar > accessLists.customEntryLimit
          ? [
              `Beyond the plan's limit of ${accessLists.customEntryLimit} entries in all (the zone has ${accessLists.customEntryCount ?? entriesSoFar}): the service keeps them, but would refuse to create the list again.`,
            ]
          : []),
      ];
      return {
        kind: "AccessList",
        name,
        raw: {
          shieldZoneId: context.zone,
          name: own?.name ?? list.name,
          description: own?.description,
          type: own?.type ?? list.type,
          entries:
            entries.length > ENTRIES_INLINE
              ? context.file(`${name}.txt`, `${entries.join("\n")}\n`, entries)
              : entries,
          isEnabled: list.isEnabled,
          action: list.action,
        },
        comments,
      };
    });
  },
  WafCustomRule: (context) => describeRules("WafCustomRule", context),
  RateLimit: (context) => describeRules("RateLimit", context),
  CustomPage: (context) => {
    const { customPages, plan } = context.read;
    if (isGap(customPages)) {
      return {
        omitted: `Custom pages: not on the ${plan} plan (the service answers ${customPages.errorKey}), so not declared.`,
      };
    }
    return [...customPages].map(([pageType, html]) => ({
      kind: "CustomPage" as const,
      name: context.names.take(pageType, "page", pageType),
      raw: {
        shieldZoneId: context.zone,
        pageType,
        html: context.file(`${context.filePrefix}${pageType}.html`, html),
      },
    }));
  },
  ApiGuardian: (context) => {
    const { configuration, endpoints } = context.read.apiGuardian;
    const byKey = Object.fromEntries(
      [...endpoints]
        .sort((a, b) => a.apiGuardianEndpointId - b.apiGuardianEndpointId)
        .map((e: ApiGuardianEndpoint) => [
          endpointKey(e.requestMethod ?? "", e.requestPath ?? ""),
          e,
        ]),
    );
    const operations = new Map(context.openApi?.document.operations.map((o) => [o.key, o]));
    const comments: string[] = [];
    const hasDocument = configuration.title != null || endpoints.length > 0;
    const title =
      configuration.title == null
        ? ""
        : ` (${JSON.stringify(configuration.title)}${configuration.version == null ? "" : ` ${configuration.version}`})`;
    if (hasDocument && !context.openApi) {
      comments.push(
        `The zone's OpenAPI document${title} is not declared: the service never shows it back. Give it to the generator (--openapi ${selectorId(context.read.selector)}=<file>) to declare it as openApiSpec.`,
      );
    }
    const raw: Values = {
      ...pickMembers(configuration, KIND_INPUTS.ApiGuardian.inputs.fields),
      shieldZoneId: context.zone,
      endpoints: byKey,
    };
    if (context.openApi) {
      const extension = context.openApi.text.trimStart().startsWith("{") ? "json" : "yaml";
      raw.openApiSpec = context.file(
        `${context.filePrefix}openapi.${extension}`,
        context.openApi.text,
      );
    }
    const described: Described = {
      kind: "ApiGuardian",
      name: context.names.take("api guardian", "", "api-guardian"),
      raw,
      defaults: {
        ...serviceDefaults("ApiGuardian", UNSTATED_DEFAULTS.apiGuardian),
        endpoints: new EachMember((key) =>
          normalized(memberField("ApiGuardian", "endpoints"), {
            ...UNSTATED_DEFAULTS.apiGuardianEndpoint,
            ...(operations.has(key)
              ? { validateRequestBodySchema: operations.get(key)!.hasRequestBody }
              : {}),
          }),
        ),
      },
      comments,
      argumentComments: context.openApi
        ? {
            openApiSpec: [
              "The document given to the generator (the service never shows one back): a first `pulumi up` uploads it only if the zone's yields another title, version or endpoints.",
            ],
          }
        : {},
    };
    return [described];
  },
};
