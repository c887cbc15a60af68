/**
 * `shield-mass-change`: a preview that deletes or replaces more than a share of a zone's rules
 * and lists is stopped.
 *
 * What a policy sees: `@pulumi/policy` 1.21 gives a stack policy the program's resources only
 * (their outputs, or in a preview their planned inputs), never the resources a step deletes,
 * nor which step each resource takes. So this policy reads what the stack had before from the
 * stack's last checkpoint (`pulumi stack export`, for the stack the CLI names to the policy
 * process in `PULUMI_STACK`), and compares: a rule or list of the checkpoint that the program no
 * longer declares is deleted; one whose zone (or a list's type) changes is replaced.
 */
import { execFileSync } from "node:child_process";
import type { StackValidationPolicy } from "@pulumi/policy";
import type { Kind } from "../resources/kit/registry";
import { kindOf, stackResources, waivedInStack, waiversSchema, type Waivers } from "./findings";
import { resourceName } from "./resources";

/** One of this package's rules or lists in the stack's last checkpoint. */
export interface PreviousResource {
  kind: Kind;
  urn: string;
  name: string;
  /** Its zone's id, from its outputs. */
  shieldZoneId: number | undefined;
  /** Its inputs then. */
  inputs: Record<string, unknown>;
}

/**
 * The rules and lists of the stack's last checkpoint; undefined when there is none to read
 * (not run by the CLI, or a new stack). Throws when the checkpoint cannot be read.
 */
export type PreviousState = () => PreviousResource[] | undefined;

/** The kinds this policy counts: a zone's rules and lists. */
const COUNTED: readonly Kind[] = ["WafCustomRule", "RateLimit", "AccessList"];
/** Inputs whose change replaces a resource of a kind (from the kinds' declarations). */
const REPLACING: Partial<Record<Kind, readonly string[]>> = {
  WafCustomRule: ["shieldZoneId"],
  RateLimit: ["shieldZoneId"],
  AccessList: ["shieldZoneId", "type"],
};

/** The resources of a `pulumi stack export` document that this policy counts. */
export function previousFromExport(document: unknown): PreviousResource[] {
  const resources =
    (document as { deployment?: { resources?: unknown[] } })?.deployment?.resources ?? [];
  return resources.flatMap((r) => {
    const { type, urn, inputs, outputs, delete: pending } = r as Record<string, unknown>;
    const kind = typeof type === "string" ? kindOf(type) : undefined;
    if (!kind || !COUNTED.includes(kind) || pending === true || typeof urn !== "string") return [];
    const zone = (outputs as Record<string, unknown> | undefined)?.shieldZoneId;
    return [
      {
        kind,
        urn,
        name: urn.slice(urn.lastIndexOf("::") + 2),
        shieldZoneId: typeof zone === "number" ? zone : undefined,
        inputs: (inputs as Record<string, unknown>) ?? {},
      },
    ];
  });
}

/**
 * The checkpoint of the stack the CLI is previewing, read with `pulumi stack export`; undefined
 * outside a preview run by the CLI (no `PULUMI_STACK`, or `PULUMI_DRY_RUN` not "true": in an
 * update this policy runs after the steps, when the checkpoint holds their result).
 */
export const readStackExport: PreviousState = () => {
  // The CLI names the stack to a policy pack's process (PULUMI_NODEJS_* for older readers).
  const env = (name: string) =>
    process.env[`PULUMI_${name}`] || process.env[`PULUMI_NODEJS_${name}`];
  const [stack, project, org] = [env("STACK"), env("PROJECT"), env("ORGANIZATION")];
  if (!stack || env("DRY_RUN") !== "true") return undefined;
  const qualified = stack.includes("/") || !project || !org ? stack : `${org}/${project}/${stack}`;
  const text = execFileSync("pulumi", ["stack", "export", "--stack", qualified], {
    encoding: "utf8",
    maxBuffer: 1 << 30,
    stdio: ["ignore", "pipe", "pipe"],
  });
  return previousFromExport(JSON.parse(text));
};

/** The configuration of {@link massChange}. */
export interface MassChangeConfig {
  /** The largest share (0 to 1) of a zone's rules and lists one preview may delete or replace. */
  maxShare: number;
  /** Zones with fewer rules and lists than this are not judged. */
  minExisting: number;
  waivers?: Waivers;
}

const percent = (share: number) => `${Math.round(share * 100)}%`;

/** `shield-mass-change`, reading the previous state with `previous` (tests give their own). */
export function massChange(previous: PreviousState = readStackExport): StackValidationPolicy {
  return {
    name: "shield-mass-change",
    description:
      "A preview deletes or replaces at most the configured share (maxShare, default 30%) of a zone's WafCustomRules, RateLimits and AccessLists, once it has minExisting (default 3).",
    enforcementLevel: "mandatory",
    severity: "critical",
    remediationSteps:
      'If the change is meant, raise maxShare for this run: --policy-pack-config with {"shield-mass-change": {"maxShare": 1}}.',
    configSchema: {
      properties: {
        maxShare: { type: "number", minimum: 0, maximum: 1, default: 0.3 },
        minExisting: { type: "integer", minimum: 1, default: 3 },
        waivers: waiversSchema,
      },
    },
    validateStack(args, reportViolation) {
      const config = args.getConfig<MassChangeConfig>();
      let before: PreviousResource[] | undefined;
      try {
        before = previous();
      } catch (error) {
        reportViolation(
          `the stack's previous state could not be read (pulumi stack export: ${String((error as Error).message ?? error).split("\n")[0]}), so the share of rules and lists this preview deletes is not known. Make \`pulumi\` reachable on PATH, or set this policy's level to "advisory" for this run.`,
        );
        return;
      }
      if (!before || before.length === 0) return;
      const now = new Map(stackResources(args.resources).map((r) => [r.urn, r]));
      const zones = new Map<number, { total: number; deleted: string[]; replaced: string[] }>();
      for (const r of before) {
        if (r.shieldZoneId === undefined) continue;
        const zone = zones.get(r.shieldZoneId) ?? { total: 0, deleted: [], replaced: [] };
        zones.set(r.shieldZoneId, zone);
        zone.total += 1;
        const current = now.get(r.urn);
        const label = resourceName(r.kind, r.name);
        if (!current) zone.deleted.push(label);
        else if (
          REPLACING[r.kind]!.some(
            (k) => current.props[k] !== undefined && current.props[k] !== r.inputs[k],
          )
        ) {
          zone.replaced.push(label);
        }
      }
      for (const [id, { total, deleted, replaced }] of zones) {
        const changed = deleted.length + replaced.length;
        const share = changed / total;
        if (total < config.minExisting || share <= config.maxShare) continue;
        const shieldZone = [...now.values()].find(
          (r) => r.kind === "ShieldZone" && r.props.shieldZoneId === id,
        );
        if (shieldZone && waivedInStack("shield-mass-change", config, shieldZone)) continue;
        const which = [...deleted, ...replaced].slice(0, 5).join(", ");
        reportViolation(
          `zone ${id}: this preview deletes ${deleted.length} and replaces ${replaced.length} of its ${total} rules and lists (${percent(share)}), over the threshold of ${percent(config.maxShare)}: ${which}${changed > 5 ? ", …" : ""}. If that is meant, raise maxShare for this run (--policy-pack-config with {"shield-mass-change": {"maxShare": ${Math.min(1, Math.ceil(share * 100) / 100)}}}).`,
          shieldZone?.urn,
        );
      }
    },
  };
}
