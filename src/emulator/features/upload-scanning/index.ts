/** Upload scanning: a zone's settings. */
import type { ZoneSeed } from "../../seed-basis";
import { uploadScanningRoutes as routes } from "./routes";
import { seedUploadScanning } from "./seed";
import * as state from "./state";

export type { UploadScanningScannerMode, UploadScanningSettings } from "./state";

/** Its part of a seeded zone: the upload scanning settings. */
const seedZone: ZoneSeed = (zoneId) => ({ uploadScanning: seedUploadScanning(zoneId) });

/** The feature: its routes, what it keeps in the state and seeds (see `features/index.ts`). */
export default { routes, state, seedZone };
