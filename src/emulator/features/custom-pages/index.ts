/** Custom response pages: the HTML a zone shows instead of Shield's own pages. */
import { customPageRoutes as routes } from "./routes";
import * as state from "./state";

export { CUSTOM_PAGE_TYPES, type CustomPageType } from "./state";

/** The feature: its routes, and what it keeps in the state (see `features/index.ts`). */
export default { routes, state };
