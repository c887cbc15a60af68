/**
 * The policy pack's time on a stack of 1,000 resources (issue 32: at most 2 s), side by side
 * with the nine policies of 0.2.0, in the same runs.
 *
 * Each resource goes through the policy SDK's own `analyze` handler (protobuf request,
 * deserialization, the unknown-checking proxy, every resource policy), then the stack through
 * its `analyzeStack` handler once: what the analyzer process spends, without the gRPC hop. The
 * stack is the `stack1000` benchmark's size (1,000 resources over 50 zones), every kind, each
 * zone with 4 custom rules of 3 conditions, 4 rate limits, 4 custom lists of 50 CIDRs and the
 * zone's other settings. `shield-mass-change` compares with a previous state holding the same
 * rules and lists (as `pulumi stack export` would give it), so its comparison runs in full. One
 * rate limit per zone blocks for 30 s: 50 findings, reported as the CLI would get them.
 */
import type { Policy, ResourceValidationPolicy, StackValidationPolicy } from "@pulumi/policy";
import { Struct } from "google-protobuf/google/protobuf/struct_pb";
import * as analyzerProto from "@pulumi/pulumi/proto/analyzer_pb";
import { massChange, shieldPolicies, shieldType } from "../src/policy";
import { FIRST_NINE } from "../src/policy/first-nine";
import type { PreviousResource } from "../src/policy/mass-change";
import { KINDS, type Kind } from "../src/resources/kit/registry";
import { median, now, type Sizes } from "./measure";
import { benchZones, STACK_KINDS } from "./stack-kinds";

// The SDK's handlers are internal (`@internal` in its declarations): loaded untyped.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const server = require("@pulumi/policy/server") as {
  makeAnalyzeRpcFun(
    ...args: unknown[]
  ): (call: unknown, done: (e: unknown, r: unknown) => void) => Promise<void>;
  makeAnalyzeStackRpcFun(
    ...args: unknown[]
  ): (call: unknown, done: (e: unknown, r: unknown) => void) => Promise<void>;
};

/** What this benchmark reports. */
export interface PolicyPackResult {
  resources: number;
  zones: number;
  runs: number;
  /** Today's pack: every policy, `shield-waived` last. */
  pack: PackFigures;
  /** The nine policies of 0.2.0, as exported (their code is 0.2.0's). */
  ninePolicies: PackFigures;
  /** pack.medianMs / ninePolicies.medianMs. */
  ratio: number;
  /** The bound: 2,000 ms for the whole pack on 1,000 resources. */
  targetMs: number;
}

interface PackFigures {
  policies: number;
  /** Median over the runs of the analyzer's time for every resource and the stack. */
  medianMs: number;
  /** Of that median run: the stack policies' share. */
  stackMs: number;
  /** Violations reported in a run (the same every run). */
  violations: number;
}

interface Entry {
  kind: Kind;
  name: string;
  props: Record<string, unknown>;
  zoneUrn?: string;
}

const urnOf = (kind: Kind, name: string) => `urn:pulumi:bench::bench::${shieldType(kind)}::${name}`;

/** `resources` resources over `zones` zones: each zone's share of every kind. */
function stackOf(resources: number, zones: number): Entry[] {
  const perZone = Math.max(1, Math.floor(resources / zones));
  const entries: Entry[] = [];
  const { zones: records } = benchZones(zones, 0);
  for (let z = 0; z < zones; z++) {
    const zone = records[z]!;
    const id = zone.shieldZoneId;
    const zoneUrn = urnOf("ShieldZone", `zone-${z}`);
    const condition = (variable: string, operator: string, value: string) => ({
      variable,
      operator,
      value,
      variableValue: "",
      negated: false,
      regexVariable: false,
    });
    const rule = (i: number) => ({
      shieldZoneId: id,
      name: `Rule ${i}`,
      description: "Keep the admin to the office",
      action: "Block",
      conditions: [
        condition("REQUEST_URI", "BEGINSWITH", `/admin${i}`),
        condition("REQUEST_METHOD", "STREQ", "POST"),
        condition("REMOTE_ADDR", "STREQ", `198.51.100.${i}`),
      ],
      transformations: ["URLDECODE"],
    });
    const cidrs = (i: number) =>
      Array.from({ length: 50 }, (_, j) => `203.${z}.${i * 50 + j}.0/24`);
    const own: Array<[Kind, (i: number) => Record<string, unknown>]> = [
      [
        "ShieldZone",
        () => ({
          shieldZoneId: id,
          planType: "Business",
          wafEnabled: true,
          wafExecutionMode: "Block",
          ddosShieldSensitivity: "Medium",
        }),
      ],
      [
        "BotDetection",
        () => ({
          shieldZoneId: id,
          executionMode: "Challenge",
          ipAddress: { sensitivity: "Medium" },
        }),
      ],
      [
        "UploadScanning",
        () => ({
          shieldZoneId: id,
          isEnabled: true,
          antivirusScanningMode: "Block",
          csamScanningMode: "Block",
        }),
      ],
      [
        "ApiGuardian",
        () => ({
          shieldZoneId: id,
          isEnabled: true,
          executionMode: "Block",
          unmatchedPathAction: "Block",
        }),
      ],
      [
        "AccessListConfiguration",
        (i) => ({
          shieldZoneId: id,
          configurationId: i,
          category: "TorExitNodes",
          isEnabled: true,
          action: "Block",
        }),
      ],
      [
        "AccessListConfiguration",
        (i) => ({
          shieldZoneId: id,
          configurationId: 10 + i,
          category: "VPNs",
          isEnabled: false,
          action: "Log",
        }),
      ],
      ...[0, 1, 2, 3].map((i): [Kind, () => Record<string, unknown>] => [
        "WafCustomRule",
        () => rule(i),
      ]),
      ...[0, 1, 2, 3].map((i): [Kind, () => Record<string, unknown>] => [
        "RateLimit",
        () => ({
          ...rule(10 + i),
          action: "RateLimit",
          requestCount: 100,
          timeframe: "PerOneMinute",
          // One finding per zone (shield-rate-limit-short-block), so the figures show the pack judging.
          blockTime: i === 3 ? "ForThirtySeconds" : "ForFiveMinutes",
        }),
      ]),
      ...[0, 1, 2, 3].map((i): [Kind, () => Record<string, unknown>] => [
        "AccessList",
        () => ({
          shieldZoneId: id,
          name: `List ${i}`,
          type: "CIDR",
          action: i === 0 ? "Allow" : "Block",
          isEnabled: true,
          entries: cidrs(i),
        }),
      ]),
    ];
    // The zone first, then one resource of each kind without its own entries above (its stack
    // sample's, see stack-kinds.ts), then the others.
    const sampled = KINDS.filter((kind) => !own.some(([k]) => k === kind)).map(
      (kind): [Kind, () => Record<string, unknown>] => [
        kind,
        () => STACK_KINDS[kind].inputs(zone, 0),
      ],
    );
    const kinds = [own[0]!, ...sampled, ...own.slice(1)];
    kinds.slice(0, perZone).forEach(([kind, props], i) =>
      entries.push({
        kind,
        name: `${kind.toLowerCase()}-${z}-${i}`,
        props: props(i),
        zoneUrn: kind === "ShieldZone" ? undefined : zoneUrn,
      }),
    );
    // The zone resource's name is known to the others by URN.
    entries[entries.length - kinds.slice(0, perZone).length]!.name = `zone-${z}`;
  }
  return entries.slice(0, resources);
}

/** The schema defaults of each policy, as the CLI's Configure gives them to the SDK. */
function configured(policy: Policy): Policy {
  const defaults = Object.fromEntries(
    Object.entries(policy.configSchema?.properties ?? {}).map(([k, p]) => [
      k,
      (p as { default?: unknown }).default,
    ]),
  );
  const withDefaults = <A extends { getConfig<T extends object>(): T }>(args: A): A => ({
    ...args,
    getConfig: () => ({ ...defaults, ...args.getConfig<object>() }),
  });
  const resource = policy as ResourceValidationPolicy;
  if (typeof resource.validateResource === "function") {
    const validate = resource.validateResource;
    const wrapped: ResourceValidationPolicy = {
      ...resource,
      validateResource: (args, report) => validate(withDefaults(args), report),
    };
    return wrapped;
  }
  const stack = policy as StackValidationPolicy;
  const wrapped: StackValidationPolicy = {
    ...stack,
    validateStack: (args, report) => stack.validateStack(withDefaults(args), report),
  };
  return wrapped;
}

function resourceMessage(entry: Entry): analyzerProto.AnalyzerResource {
  const r = new analyzerProto.AnalyzerResource();
  r.setType(shieldType(entry.kind));
  r.setName(entry.name);
  r.setUrn(urnOf(entry.kind, entry.name));
  r.setProperties(Struct.fromJavaScript(entry.props as never));
  r.setOptions(new analyzerProto.AnalyzerResourceOptions());
  if (entry.zoneUrn) {
    const deps = new analyzerProto.AnalyzerPropertyDependencies();
    deps.setUrnsList([entry.zoneUrn]);
    r.getPropertydependenciesMap().set("shieldZoneId", deps);
  }
  return r;
}

function analyzeRequest(entry: Entry): analyzerProto.AnalyzeRequest {
  const r = new analyzerProto.AnalyzeRequest();
  r.setType(shieldType(entry.kind));
  r.setName(entry.name);
  r.setUrn(urnOf(entry.kind, entry.name));
  r.setProperties(Struct.fromJavaScript(entry.props as never));
  r.setOptions(new analyzerProto.AnalyzerResourceOptions());
  return r;
}

/** Runs one pack over the stack through the SDK's handlers: [total ms, stack ms, violations]. */
async function judge(policies: Policy[], entries: Entry[]): Promise<[number, number, number]> {
  const analyze = server.makeAnalyzeRpcFun("bench", "0.0.0", "advisory", policies);
  const analyzeStack = server.makeAnalyzeStackRpcFun("bench", "0.0.0", "advisory", policies);
  const requests = entries.map(analyzeRequest);
  const stackRequest = new analyzerProto.AnalyzeStackRequest();
  stackRequest.setResourcesList(entries.map(resourceMessage));
  const call = (handler: typeof analyze, request: unknown) =>
    new Promise<number>(
      (resolve, reject) =>
        void handler({ request }, (error, response) =>
          error
            ? reject(error)
            : resolve((response as analyzerProto.AnalyzeResponse).getDiagnosticsList().length),
        ),
    );
  let violations = 0;
  const start = now();
  for (const request of requests) violations += await call(analyze, request);
  const stackStart = now();
  violations += await call(analyzeStack, stackRequest);
  const end = now();
  return [end - start, end - stackStart, violations];
}

/** Benchmarks today's pack against the nine policies of 0.2.0 on `sizes.stack1000.resources`. */
export async function policyPack(sizes: Sizes, runs = 7): Promise<PolicyPackResult> {
  const { resources, zones } = sizes.stack1000;
  const entries = stackOf(resources, zones);
  const previous: PreviousResource[] = entries
    .filter((e) => e.kind === "WafCustomRule" || e.kind === "RateLimit" || e.kind === "AccessList")
    .map((e) => ({
      kind: e.kind,
      urn: urnOf(e.kind, e.name),
      name: e.name,
      shieldZoneId: e.props.shieldZoneId as number,
      inputs: e.props,
    }));
  const pack = shieldPolicies()
    .map((p) => (p.name === "shield-mass-change" ? massChange(() => previous) : p))
    .map(configured);
  const nine = FIRST_NINE.map(configured);
  const times: Record<"pack" | "nine", Array<[number, number, number]>> = { pack: [], nine: [] };
  await judge(pack, entries); // warm-up: module loads and JIT
  await judge(nine, entries);
  for (let run = 0; run < runs; run++) {
    // Alternate which goes first, so that neither always runs on a warmer process.
    for (const which of run % 2 === 0 ? (["pack", "nine"] as const) : (["nine", "pack"] as const)) {
      times[which].push(await judge(which === "pack" ? pack : nine, entries));
    }
  }
  const figures = (list: Array<[number, number, number]>, policies: number): PackFigures => {
    const medianMs = median(list.map(([total]) => total));
    const at = list.find(([total]) => total === medianMs) ?? list[0]!;
    return {
      policies,
      medianMs: Number(medianMs.toFixed(1)),
      stackMs: Number(at[1].toFixed(1)),
      violations: at[2],
    };
  };
  const packFigures = figures(times.pack, pack.length);
  const nineFigures = figures(times.nine, nine.length);
  return {
    resources: entries.length,
    zones,
    runs,
    pack: packFigures,
    ninePolicies: nineFigures,
    ratio: Number((packFigures.medianMs / nineFigures.medianMs).toFixed(2)),
    targetMs: 2000,
  };
}
