/** The nine policies of 0.2.0, as 0.2.0 had them (not waivable): first in `SHIELD_POLICY_NAMES`. */
import type { Policy } from "@pulumi/policy";
import { botDetectionOn } from "./bot-detection-on";
import { ddosMinimum } from "./ddos-minimum";
import { noAllowAll } from "./no-allow-all";
import { noBodyLogging } from "./no-body-logging";
import { rateLimitSane } from "./rate-limit-sane";
import { threatLists } from "./threat-lists";
import { uploadScanning } from "./upload-scanning";
import { wafBlocking } from "./waf-blocking";
import { wafBodyLimit } from "./waf-body-limit";

/** The nine policies of 0.2.0, in their order. */
export const FIRST_NINE: readonly Policy[] = [
  wafBlocking,
  noAllowAll,
  ddosMinimum,
  botDetectionOn,
  uploadScanning,
  threatLists,
  rateLimitSane,
  wafBodyLimit,
  noBodyLogging,
];
