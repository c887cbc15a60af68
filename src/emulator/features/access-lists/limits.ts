/** What each plan allows of custom access lists: lists per zone, and entries over all of them. */
import { byPlan } from "../../plans";

export const customListLimits = byPlan({
  Basic: { lists: 2, entries: 1_000 },
  Advanced: { lists: 10, entries: 10_000 },
  Business: { lists: 25, entries: 50_000 },
  Enterprise: { lists: 100, entries: 250_000 },
});
