/** The enum listings of access lists, API Guardian and DDoS. */
import { enumRoutes as routes } from "./routes";

/** The feature: its routes. */
export default { routes };
