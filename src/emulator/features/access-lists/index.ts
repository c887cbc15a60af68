/** Access lists: a zone's managed and custom lists and their configurations. */
import type { ZoneSeed } from "../../seed-basis";
import { accessListRoutes as routes } from "./routes";
import { seedAccessLists } from "./seed";
import * as state from "./state";

/** Its part of a seeded zone: the managed and custom lists. */
const seedZone: ZoneSeed = seedAccessLists;

/** The feature: its routes, what it keeps in the state and seeds (see `features/index.ts`). */
export default { routes, state, seedZone };
