/** The core API's platform-wide search over its items. */
import { searchRoutes as routes } from "./routes";
import * as state from "./state";

/** The feature: its routes, and what it keeps in the state (see `features/index.ts`). */
export default { routes, state };
