/** `generate`'s part for `RateLimit`: the zone's rate limits. */
import { ruleKindPart } from "../../generate/existing";
import { ruleSpec } from "./spec";

/** Each rate limit of the zone, in the order of their ids. */
export const existing = ruleKindPart(ruleSpec, { one: "rate limit", name: "rate-limit" });
