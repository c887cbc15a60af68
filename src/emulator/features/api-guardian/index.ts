/** API Guardian: a zone's configuration, OpenAPI document and endpoints. */
import { apiGuardianRoutes as routes } from "./routes";
import * as state from "./state";

/** The feature: its routes, and what it keeps in the state (see `features/index.ts`). */
export default { routes, state };
