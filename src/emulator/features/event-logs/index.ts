/** Event logs: a zone's log entries by day, their search and export. */
import { eventLogRoutes as routes } from "./routes";
import * as state from "./state";

/** The feature: its routes, and what it keeps in the state (see `features/index.ts`). */
export default { routes, state };
