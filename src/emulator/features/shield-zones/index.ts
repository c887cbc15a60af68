/** Shield zones: the zones, their settings and defaults. */
import type { ZoneSeed } from "../../seed-basis";
import { shieldZoneRoutes as routes } from "./routes";
import { seedShieldZone } from "./seed";
import * as state from "./state";

export type { ShieldZoneResponse } from "./settings";
export type {
  DdosShieldSensitivity,
  ExecutionMode,
  ShieldZoneSettings,
  WafEngineVariable,
  WafPayloadLimitAction,
} from "./state";

/** Its part of a seeded zone: the pull zone and the settings. */
const seedZone: ZoneSeed = seedShieldZone;

/** The feature: its routes, what it keeps in the state and seeds (see `features/index.ts`). */
export default { routes, state, seedZone };
