/** `shield-rate-limit-sane`: a rate limit limits, rather than letting a flood through. */
import { RateLimitTimeframe } from "../client/enums";
import { resourcePolicy, shown } from "./resources";

/** The configuration of {@link rateLimitSane}. */
export interface RateLimitSaneConfig {
  /** The most requests per second (per counter key) a rate limit may let through. */
  maxRequestsPerSecond: number;
}

/** Flags a `RateLimit` whose `requestCount` per `timeframe` exceeds the configured ceiling. */
export const rateLimitSane = resourcePolicy<RateLimitSaneConfig>({
  name: "shield-rate-limit-sane",
  description: "A RateLimit lets through at most the configured requests per second (default 100).",
  kind: "RateLimit",
  enforcementLevel: "advisory",
  severity: "medium",
  remediationSteps: "Lower requestCount, or lengthen the timeframe's window less than the count.",
  configSchema: {
    properties: {
      maxRequestsPerSecond: {
        type: "number",
        exclusiveMinimum: 0,
        default: 100,
      },
    },
  },
  judge(props, config) {
    const count = props.requestCount;
    const seconds = RateLimitTimeframe[props.timeframe as keyof typeof RateLimitTimeframe];
    if (typeof count !== "number" || seconds === undefined) return [];
    const rate = count / seconds;
    const ceiling = config.maxRequestsPerSecond;
    if (rate <= ceiling) return [];
    return [
      `requestCount ${count} per timeframe ${shown(props.timeframe)} (${seconds} s) lets through ${Number(rate.toFixed(1))} requests per second, over the ceiling of ${ceiling}. Set requestCount to at most ${Math.floor(ceiling * seconds)} for this timeframe.`,
    ];
  },
});
