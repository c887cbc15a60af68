/** Bot detection: a zone's settings. */
import type { ZoneSeed } from "../../seed-basis";
import { botDetectionRoutes as routes } from "./routes";
import { seedBotDetection } from "./seed";
import * as state from "./state";

export type {
  BotDetectionExecutionMode,
  BotDetectionSensitivity,
  BotDetectionSettings,
  BrowserFingerprintAggression,
} from "./state";

/** Its part of a seeded zone: the bot detection settings. */
const seedZone: ZoneSeed = (zoneId, planType) => ({
  botDetection: seedBotDetection(zoneId, planType),
});

/** The feature: its routes, what it keeps in the state and seeds (see `features/index.ts`). */
export default { routes, state, seedZone };
