/**
 * `getShieldMetrics`: the last 28 days of one feature, managed rule, rate limit or API
 * endpoint of a zone, in one shape for all of them (`getMetricsOverview` has every feature of
 * today and the zone's series).
 */
import type * as pulumi from "@pulumi/pulumi";
import { positiveId, shieldZoneId } from "../client/arguments";
import { InvalidArgumentError } from "../client/errors";
import type { ShieldClient } from "../client/shield-client";
import type { Integer } from "../client/arguments";
import {
  argumentsRecord,
  FunctionInputs,
  FunctionSpec,
  invokeFunction,
  outputOf,
  ShieldFunctionOptions,
} from "./common";
import type { MetricCounters } from "./metrics";

/** What {@link getShieldMetrics} can measure, and what its `id` names. */
export const SHIELD_METRICS_SUBJECTS = {
  /** Bot detection; no id. */
  botDetection: "none",
  /** Upload scanning; no id. */
  uploadScanning: "none",
  /** API Guardian, or with an id one of its endpoints (`apiGuardianEndpointId`). */
  apiGuardian: "optional",
  /** A managed WAF rule; its id, e.g. `"942100"`. */
  wafRule: "required",
  /** A rate limit of the zone; its id (`RateLimit.ruleId`). */
  rateLimit: "required",
} as const;

/** One of {@link SHIELD_METRICS_SUBJECTS}. */
export type ShieldMetricsSubject = keyof typeof SHIELD_METRICS_SUBJECTS;

/** Arguments of {@link getShieldMetrics}. */
export interface GetShieldMetricsArgs {
  /** The shield zone's id. */
  shieldZoneId: Integer;
  /** What to measure. */
  of: ShieldMetricsSubject;
  /** Which rule, rate limit or endpoint (see {@link SHIELD_METRICS_SUBJECTS}). */
  id?: string | number;
}

/** The result of {@link getShieldMetrics}: the same shape whatever is measured. */
export interface GetShieldMetricsResult {
  /** The zone asked about. */
  shieldZoneId: Integer;
  /** What was measured. */
  of: ShieldMetricsSubject;
  /** Which one; null for a whole feature. */
  id: string | number | null;
  /** Each of the last 28 days' counters, by the day's start (ISO 8601), oldest first. */
  days: Record<string, MetricCounters>;
  /** Today's counters (the last day). */
  today: MetricCounters;
  /** The 28 days' counters summed. */
  totals: MetricCounters;
}

/** A managed rule's id, as the metrics path takes it. */
function ruleId(value: unknown): string {
  if (typeof value === "string" && /^[A-Za-z0-9_-]{1,64}$/.test(value)) return value;
  throw new InvalidArgumentError("args.id", value, 'expected a managed rule id such as "942100"');
}

type Validated = Omit<GetShieldMetricsArgs, "id"> & { id: string | number | null };

/** Reads one subject's days, as counters by day. */
async function daysOf(
  client: ShieldClient,
  { shieldZoneId: zone, of, id }: Validated,
): Promise<Record<string, MetricCounters>> {
  switch (of) {
    case "botDetection":
      return (await client.metrics.botDetection(zone)).overviewPastTwentyEightDays ?? {};
    case "uploadScanning":
      return (await client.metrics.uploadScanning(zone)).overviewPastTwentyEightDays ?? {};
    case "apiGuardian":
      return (
        (id === null
          ? await client.metrics.apiGuardian(zone)
          : await client.metrics.apiGuardianEndpoint(zone, Number(id))
        ).overviewPastTwentyEightDays ?? {}
      );
    case "wafRule": {
      const days = (await client.metrics.wafRule(zone, String(id))).overviewPastTwentyEightDays;
      return days ?? {};
    }
    case "rateLimit":
      return (
        (await client.metrics.rateLimit(Number(id))).ratelimitOverviewPastTwentyEightDays ?? {}
      );
  }
}

const metrics: FunctionSpec<Validated, GetShieldMetricsResult> = {
  name: "getShieldMetrics",
  validate(args) {
    const record = argumentsRecord(
      args,
      ["shieldZoneId", "of", "id"],
      "expected { shieldZoneId, of, id? }",
    );
    const of = record.of as ShieldMetricsSubject;
    const idRule = SHIELD_METRICS_SUBJECTS[of];
    if (idRule === undefined || !Object.hasOwn(SHIELD_METRICS_SUBJECTS, of)) {
      throw new InvalidArgumentError(
        "args.of",
        record.of,
        `expected one of ${Object.keys(SHIELD_METRICS_SUBJECTS).join(", ")}`,
      );
    }
    const given = record.id;
    if (idRule === "none" && given !== undefined) {
      throw new InvalidArgumentError(
        "args.id",
        given,
        `expected none: ${of} is measured as a whole`,
      );
    }
    if (idRule === "required" && given === undefined) {
      throw new InvalidArgumentError("args.id", given, `expected the id of the ${of} to measure`);
    }
    const id =
      given === undefined ? null : of === "wafRule" ? ruleId(given) : positiveId(given, "args.id");
    return { shieldZoneId: shieldZoneId(record.shieldZoneId), of, id };
  },
  zoneOf: (args) => args.shieldZoneId,
  async run(client, args) {
    const byDay = await daysOf(client, args);
    const keys = Object.keys(byDay).sort();
    const days = Object.fromEntries(keys.map((key) => [key, byDay[key]!]));
    const totals: MetricCounters = {};
    for (const counters of Object.values(days)) {
      for (const [name, value] of Object.entries(counters))
        totals[name] = (totals[name] ?? 0) + value;
    }
    return {
      shieldZoneId: args.shieldZoneId,
      of: args.of,
      id: args.id,
      days,
      today: keys.length === 0 ? {} : days[keys[keys.length - 1]!]!,
      totals,
    };
  },
};

/**
 * Reads the last 28 days of one thing of a zone: a feature (`botDetection`, `uploadScanning`,
 * `apiGuardian`), an API Guardian endpoint, a managed WAF rule, or a rate limit. The shape is
 * the same for all: `days`, `today`, `totals`.
 *
 * @example
 * ```ts
 * const sqli = await getShieldMetrics({ shieldZoneId: 12345, of: "wafRule", id: "942100" });
 * console.log(sqli.totals.totalTriggers, sqli.today.blockedRequests);
 * ```
 */
export function getShieldMetrics(
  args: GetShieldMetricsArgs,
  options?: ShieldFunctionOptions,
): Promise<GetShieldMetricsResult> {
  return invokeFunction(metrics, args, options);
}

/** {@link getShieldMetrics} for `pulumi.Input`s. */
export function getShieldMetricsOutput(
  args: FunctionInputs<GetShieldMetricsArgs>,
  options?: ShieldFunctionOptions,
): pulumi.Output<GetShieldMetricsResult> {
  return outputOf(getShieldMetrics, args, options);
}
