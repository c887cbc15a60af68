/**
 * What each plan allows of custom access lists: lists per zone, and entries over all of them.
 * Basic to Business are the live service's, as octorules-bunny (run against it) has them in its
 * README and linter. For Enterprise it says "Unlimited", which no answer can carry (the listing's
 * `customListLimit` is a number): the emulator keeps a large figure of its own there.
 */
import { byPlan } from "../../plans";

export const customListLimits = byPlan({
  Basic: { lists: 1, entries: 1_000 },
  Advanced: { lists: 5, entries: 5_000 },
  Business: { lists: 10, entries: 7_500 },
  Enterprise: { lists: 100, entries: 250_000 },
});
