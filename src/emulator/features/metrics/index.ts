/** Metrics: a zone's overview and detailed series, and the month's overages. */
import { metricsRoutes as routes } from "./routes";

/** The feature: its routes. */
export default { routes };
