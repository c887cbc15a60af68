/** The types and values of features that the emulator's public API names. */
export {
  type BotCategorizationAction,
  type BotCategorizationRecord,
} from "./bot-categorization/state";
export { CUSTOM_PAGE_TYPES, type CustomPageType } from "./custom-pages/state";
