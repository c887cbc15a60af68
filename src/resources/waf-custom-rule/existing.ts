/** `generate`'s part for `WafCustomRule`: the zone's custom WAF rules. */
import { ruleKindPart } from "../../generate/existing";
import { ruleSpec } from "./spec";

/** Each custom WAF rule of the zone, in the order of their ids. */
export const existing = ruleKindPart(ruleSpec, { one: "custom WAF rule", name: "rule" });
