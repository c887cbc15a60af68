/** Bot detection: a zone's settings. */
import { botDetectionRoutes as routes } from "./routes";
import * as state from "./state";

export type {
  BotDetectionExecutionMode,
  BotDetectionSensitivity,
  BotDetectionSettings,
  BrowserFingerprintAggression,
} from "./state";

/** The feature: its routes, and what it keeps in the state (see `features/index.ts`). */
export default { routes, state };
