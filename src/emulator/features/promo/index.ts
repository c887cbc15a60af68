/** The account's promotion state. */
import { promoRoutes as routes } from "./routes";

/** The feature: its routes. */
export default { routes };
