/** Shield zones: the zones, their settings and defaults. */
import { shieldZoneRoutes as routes } from "./routes";
import * as state from "./state";

export type { ShieldZoneResponse } from "./settings";
export type {
  DdosShieldSensitivity,
  ExecutionMode,
  ShieldZoneSettings,
  WafEngineVariable,
  WafPayloadLimitAction,
} from "./state";

/** The feature: its routes, and what it keeps in the state (see `features/index.ts`). */
export default { routes, state };
