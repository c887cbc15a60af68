/**
 * Findings: one policy each, with a stable name, a severity, a remediation and its own
 * enforcement level in the pack's configuration; each can be waived for named resources, with
 * a reason that the pack prints (`shield-waived`).
 */
import type {
  EnforcementLevel,
  PolicyConfigSchema,
  PolicyResource,
  ResourceValidation,
  ResourceValidationPolicy,
  Severity,
  StackValidationPolicy,
} from "@pulumi/policy";
import { KINDS, type Kind } from "../resources/kit/registry";
import { resourceName, shieldTypes, type Props } from "./resources";

/** What every finding declares. */
export interface FindingInfo {
  /** Its stable name, the key of its configuration: `shield-…`. */
  name: string;
  /** What passes, one sentence. */
  description: string;
  severity: Severity;
  /** Its level unless the pack's configuration sets another. */
  enforcementLevel: EnforcementLevel;
  /** What to do about it. */
  remediationSteps: string;
  /** The ids of the octorules-bunny lint rules it answers (docs/policy.md), if any. */
  peer?: readonly string[];
  /** Configuration properties of its own, besides `waivers`. */
  properties?: PolicyConfigSchema["properties"];
}

/** A finding that judges one resource at a time, from its inputs. */
export interface ResourceFinding<Config extends object = object> extends FindingInfo {
  /** The kinds it judges. */
  kinds: readonly Kind[];
  /**
   * What is wrong with `props`, one sentence per problem naming the setting, its value and
   * what would pass; none when the resource passes.
   */
  judge(props: Props, config: Config, kind: Kind): string[];
}

/** One of this package's resources as a stack finding sees it: known values only. */
export interface StackResource {
  kind: Kind;
  name: string;
  urn: string;
  /** Its props with every value unknown in a preview left out (`undefined`). */
  props: Props;
  /** Its zone: the shield zone's id when known, else the URN of the `ShieldZone` it depends on. */
  zone: string | undefined;
}

/** A problem a stack finding reports against one resource. */
export interface StackProblem {
  resource: StackResource;
  message: string;
}

/** A finding that judges the stack's resources together. */
export interface StackFinding<Config extends object = object> extends FindingInfo {
  /** What is wrong across `resources`, one problem per resource at fault; none when all pass. */
  judge(resources: readonly StackResource[], config: Config): StackProblem[];
}

/** A waiver's reason, by resource name, in a finding's configuration. */
export type Waivers = Record<string, string>;

/** The configuration every finding takes: `waivers`. */
const WAIVERS_SCHEMA = {
  type: "object",
  additionalProperties: { type: "string", minLength: 1 },
  default: {},
  description:
    "Resources this finding does not apply to: resource name → the reason, shown by shield-waived.",
} as const;

/** A waiver applied in this run, kept until `shield-waived` reports it. */
interface Applied {
  finding: string;
  urn: string;
  /** How the message names the resource, e.g. `WafCustomRule "x"`. */
  name: string;
  reason: string;
}

// The analyzer is one process per run: resource findings run before the stack findings, and
// `shield-waived` (last in the pack) after both, so it sees every waiver this run applied.
const applied = new Map<string, Applied>();

/** Whether `name` is waived for `finding`; a waiver applied is kept for `shield-waived`. */
function isWaived(finding: string, config: { waivers?: Waivers }, name: string, urn: string) {
  const reason = config.waivers?.[name];
  if (reason === undefined) return false;
  const kind = kindOf((urn.split("::")[2] ?? "").split("$").pop()!);
  applied.set(`${finding} ${urn}`, {
    finding,
    urn,
    name: kind ? resourceName(kind, name) : `"${name}"`,
    reason,
  });
  return true;
}

function schemaOf(info: FindingInfo): PolicyConfigSchema {
  return { properties: { ...info.properties, waivers: WAIVERS_SCHEMA } };
}

const policyInfo = (info: FindingInfo) => ({
  name: info.name,
  description: info.description,
  enforcementLevel: info.enforcementLevel,
  severity: info.severity,
  remediationSteps: info.remediationSteps,
  configSchema: schemaOf(info),
});

const KIND_BY_TYPE = new Map(KINDS.flatMap((kind) => shieldTypes(kind).map((t) => [t, kind])));

/** The kind of a resource type of this package, or undefined. */
export const kindOf = (type: string): Kind | undefined => KIND_BY_TYPE.get(type);

/** The policy of a resource finding. */
export function resourceFindingPolicy<Config extends object>(
  finding: ResourceFinding<Config>,
): ResourceValidationPolicy {
  const types = new Set(finding.kinds.flatMap(shieldTypes));
  const validateResource: ResourceValidation = (args, reportViolation) => {
    if (!types.has(args.type)) return;
    const kind = kindOf(args.type)!;
    const config = args.getConfig<Config & { waivers?: Waivers }>();
    const problems = finding.judge(args.props as Props, config, kind);
    if (problems.length === 0 || isWaived(finding.name, config, args.name, args.urn)) return;
    for (const problem of problems) {
      reportViolation(`${resourceName(kind, args.name)}: ${problem}`);
    }
  };
  return { ...policyInfo(finding), validateResource };
}

// The values the engine gives for what a preview does not know yet (Pulumi's wire protocol;
// @pulumi/policy's proxy throws on reading one).
const UNKNOWNS = new Set([
  "1c4a061d-8072-4f0a-a4cb-0ff528b18fe7",
  "3eeb2bf0-c639-47a8-9e75-3b44932eb421",
  "04da6b54-80e4-46f7-96ec-b56ff0331ba9",
  "6a19a0b0-7e62-4c92-b797-7f8e31da9cc2",
  "030794c1-ac77-496b-92df-f27374a8bd58",
  "e48ece36-62e2-4504-bad9-02848725956a",
  "dd056dcd-154b-4c76-9bd3-c8f88648b5ff",
]);

/** A copy of `value` with every unknown part left out (an array keeps its length). */
function withoutUnknowns(value: unknown): unknown {
  if (typeof value === "string") return UNKNOWNS.has(value) ? undefined : value;
  if (typeof value !== "object" || value === null) return value;
  if (Array.isArray(value)) return value.map(withoutUnknowns);
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const v = withoutUnknowns((value as Record<string, unknown>)[key]);
    if (v !== undefined) out[key] = v;
  }
  return out;
}

/**
 * A resource's known values: the SDK's props proxy (which throws on an unknown) is read through
 * to the values it wraps, cheaper than a read per key through the proxy.
 */
function known(props: unknown): Props {
  const target =
    typeof props === "object" && props !== null
      ? (props as Record<string, unknown>).__getSpecialProxyTarget
      : undefined;
  return withoutUnknowns(target ?? props) as Props;
}

/** This package's resources among a stack's, with their zones. */
export function stackResources(resources: readonly PolicyResource[]): StackResource[] {
  const ours: Array<StackResource & { dependsOn?: string }> = [];
  for (const resource of resources) {
    const kind = kindOf(resource.type);
    if (kind === undefined) continue;
    const props = known(resource.props);
    const id = props.shieldZoneId;
    let dependsOn: string | undefined;
    try {
      dependsOn = resource.propertyDependencies?.shieldZoneId?.find(
        (d) => kindOf(d.type) === "ShieldZone",
      )?.urn;
    } catch {
      dependsOn = undefined;
    }
    ours.push({
      kind,
      name: resource.name,
      urn: resource.urn,
      props,
      zone: typeof id === "number" ? `zone ${id}` : undefined,
      dependsOn: kind === "ShieldZone" ? resource.urn : dependsOn,
    });
  }
  // A zone not created yet has no id in a preview: its resources are known by their link to it.
  const zoneOfUrn = new Map(
    ours.filter((r) => r.kind === "ShieldZone").map((r) => [r.urn, r.zone ?? r.urn]),
  );
  return ours.map(({ dependsOn, ...r }) => ({
    ...r,
    zone: r.zone ?? (dependsOn === undefined ? undefined : zoneOfUrn.get(dependsOn)),
  }));
}

/** The policy of a stack finding. */
export function stackFindingPolicy<Config extends object>(
  finding: StackFinding<Config>,
): StackValidationPolicy {
  return {
    ...policyInfo(finding),
    validateStack(args, reportViolation) {
      const config = args.getConfig<Config & { waivers?: Waivers }>();
      const resources = stackResources(args.resources);
      for (const { resource, message } of finding.judge(resources, config)) {
        if (isWaived(finding.name, config, resource.name, resource.urn)) continue;
        reportViolation(`${resourceName(resource.kind, resource.name)}: ${message}`, resource.urn);
      }
    },
  };
}

/** Runs `policy` with waivers: a waived resource's problems are kept for `shield-waived`. */
export function waivable(policy: ResourceValidationPolicy): ResourceValidationPolicy {
  const validate = policy.validateResource;
  if (typeof validate !== "function") return policy;
  return {
    ...policy,
    configSchema: {
      ...policy.configSchema,
      properties: { ...policy.configSchema?.properties, waivers: WAIVERS_SCHEMA },
    },
    validateResource: (args, reportViolation) => {
      const problems: string[] = [];
      const done = validate(args, (message) => void problems.push(message));
      const report = () => {
        if (problems.length === 0) return;
        const config = args.getConfig<{ waivers?: Waivers }>();
        if (isWaived(policy.name, config, args.name, args.urn)) return;
        for (const problem of problems) reportViolation(problem);
      };
      return done instanceof Promise ? done.then(report) : report();
    },
  };
}

/** Whether a stack policy's resource is waived, for policies written without a finding. */
export const waivedInStack = (
  policy: string,
  config: { waivers?: Waivers },
  resource: { name: string; urn: string },
): boolean => isWaived(policy, config, resource.name, resource.urn);

/** The waivers schema, for policies written without a finding. */
export const waiversSchema = WAIVERS_SCHEMA;

/**
 * `shield-waived`: the waivers this run applied, one line each with its reason, so that a
 * waiver is read in the preview like any finding. Last in the pack.
 */
export const waivedReport: StackValidationPolicy = {
  name: "shield-waived",
  description:
    "A finding waived in the pack's configuration (its waivers) is shown here, with the reason given.",
  enforcementLevel: "advisory",
  severity: "low",
  remediationSteps:
    "Nothing to do while the reason holds; remove the waiver from the configuration when it no longer does.",
  validateStack(_args, reportViolation) {
    for (const { finding, urn, name, reason } of applied.values()) {
      reportViolation(`${name}: ${finding} is waived: ${reason}`, urn);
    }
    applied.clear();
  },
};
