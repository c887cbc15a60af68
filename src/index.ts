/**
 * A Pulumi provider for bunny.net Shield and the platform-wide search: the
 * `AccessListConfiguration` resource, data functions, and the API client they share.
 * The local emulator of the API is exported separately, as `pulumi-bunnynet-shield/emulator`.
 */
export * from "./client";
export * from "./resources";
export * from "./functions";
export { resolveSettings, SETTINGS_SOURCES } from "./config";
export type { ConfigSource, ShieldSettings } from "./config";
