/**
 * A Pulumi provider for bunny.net Shield and the platform-wide search: the resources, data
 * functions, and the API client they share. The local emulator of the API is exported
 * separately, as `pulumi-bunnynet-shield/emulator`.
 *
 * @module pulumi-bunnynet-shield
 */
import { guardStackFrames } from "./stack-frames";

export * from "./client";
export * from "./resources";
export * from "./functions";
// Names the client and the resources share: the resource classes win here, and the client's
// types of the service's answers are exported as `…Details`.
export { AccessList, ApiGuardian, ShieldZone, WafCustomRule } from "./resources";
export type {
  AccessList as AccessListDetails,
  ApiGuardian as ApiGuardianDetails,
  ShieldZone as ShieldZoneDetails,
  WafCustomRule as WafCustomRuleDetails,
} from "./client";
export { resolveSettings, SETTINGS_SOURCES } from "./config";
export type { ConfigSource, ShieldSettings } from "./config";
export { inlineProgram } from "./automation/inline-program";
export * from "./generate";

// A program's error raised in an Output's apply is printed in milliseconds, not 15-40 s (see
// stack-frames.ts).
guardStackFrames();
