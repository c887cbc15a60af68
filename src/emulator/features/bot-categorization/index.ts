/** Bot categorization: a zone's actions per bot category and per bot, and the catalogue of bots. */
import { botCategorizationRoutes as routes } from "./routes";
import * as state from "./state";

export type {
  BotCategory,
  BotCategoryAction,
  BotCategorizationAction,
  BotCategorizationRecord,
  BotRecord,
} from "./state";

/** The feature: its routes, and what it keeps in the state (see `features/index.ts`). */
export default { routes, state };
