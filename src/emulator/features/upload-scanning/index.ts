/** Upload scanning: a zone's settings. */
import { uploadScanningRoutes as routes } from "./routes";
import * as state from "./state";

export type { UploadScanningScannerMode, UploadScanningSettings } from "./state";

/** The feature: its routes, and what it keeps in the state (see `features/index.ts`). */
export default { routes, state };
