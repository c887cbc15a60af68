/** `getShieldOverages`: a month's overages of a zone: clean requests over its plan's allowance. */
import type * as pulumi from "@pulumi/pulumi";
import { integerInRange, shieldZoneId } from "../client/arguments";
import { enumName, ShieldPlanType } from "../client/enums";
import type { Integer } from "../client/arguments";
import {
  argumentsRecord,
  FunctionInputs,
  FunctionSpec,
  invokeFunction,
  outputOf,
  ShieldFunctionOptions,
} from "./common";

/** Arguments of {@link getShieldOverages}. */
export interface GetShieldOveragesArgs {
  /** The shield zone's id. */
  shieldZoneId: Integer;
  /** The calendar year; default this year. */
  year?: Integer;
  /** The calendar month, 1 to 12; default this month. */
  month?: Integer;
}

/** A part of the month on one plan. */
export interface OverageSegment {
  /** Its start, ISO 8601. */
  periodStart: string | null;
  /** Its end, ISO 8601. */
  periodEnd: string | null;
  /** The plan, by name. */
  planType: string | null;
  /** Clean requests the plan includes. */
  overageAllowance: number | null;
  /** Clean requests over that. */
  overage: number | null;
}

/** The result of {@link getShieldOverages}. */
export interface GetShieldOveragesResult {
  /** The zone asked about. */
  shieldZoneId: Integer;
  /** The month, as the service reports it. */
  year: Integer | null;
  month: Integer | null;
  /** Clean requests over the allowance, in the month. */
  totalOverage: number | null;
  /** Clean requests in the month. */
  totalCleanRequests: number | null;
  /** The month's parts, one per plan it was on. */
  segments: OverageSegment[];
}

const overages: FunctionSpec<GetShieldOveragesArgs, GetShieldOveragesResult> = {
  name: "getShieldOverages",
  validate(args) {
    const record = argumentsRecord(
      args,
      ["shieldZoneId", "year", "month"],
      "expected { shieldZoneId, year?, month? }",
    );
    const optional = (name: string, min: number, max: number) =>
      record[name] === undefined
        ? undefined
        : integerInRange(record[name], `args.${name}`, min, max);
    return {
      shieldZoneId: shieldZoneId(record.shieldZoneId),
      year: optional("year", 2000, 9999),
      month: optional("month", 1, 12),
    };
  },
  zoneOf: (args) => args.shieldZoneId,
  async run(client, { shieldZoneId: zone, year, month }) {
    const result = await client.metrics.overages(zone, {
      ...(year === undefined ? {} : { year }),
      ...(month === undefined ? {} : { month }),
    });
    return {
      shieldZoneId: zone,
      year: result.year ?? null,
      month: result.month ?? null,
      totalOverage: result.totalOverage ?? null,
      totalCleanRequests: result.totalCleanRequests ?? null,
      segments: result.segments.map((s) => ({
        periodStart: s.periodStart ?? null,
        periodEnd: s.periodEnd ?? null,
        planType:
          s.planType === null || s.planType === undefined
            ? null
            : enumName(ShieldPlanType, s.planType),
        overageAllowance: s.overageAllowance ?? null,
        overage: s.overage ?? null,
      })),
    };
  },
};

/**
 * Reads a month's overages of a zone (default: this month).
 *
 * @example
 * ```ts
 * export const overage = getShieldOveragesOutput({ shieldZoneId: zone.shieldZoneId }).totalOverage;
 * ```
 */
export function getShieldOverages(
  args: GetShieldOveragesArgs,
  options?: ShieldFunctionOptions,
): Promise<GetShieldOveragesResult> {
  return invokeFunction(overages, args, options);
}

/** {@link getShieldOverages} for `pulumi.Input`s. */
export function getShieldOveragesOutput(
  args: FunctionInputs<GetShieldOveragesArgs>,
  options?: ShieldFunctionOptions,
): pulumi.Output<GetShieldOveragesResult> {
  return outputOf(getShieldOverages, args, options);
}
