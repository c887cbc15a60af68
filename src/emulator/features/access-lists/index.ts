/** Access lists: a zone's managed and custom lists and their configurations. */
import { accessListRoutes as routes } from "./routes";
import * as state from "./state";

/** The feature: its routes, and what it keeps in the state (see `features/index.ts`). */
export default { routes, state };
