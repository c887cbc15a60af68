/**
 * The kind's policy finding, one of the pack's `BEYOND_FINDINGS` (`src/policy/beyond-findings.ts`
 * collects every kind's `findings`): the verified search-engine crawlers blocked.
 */
import type { ResourceFinding } from "../../policy/findings";
import { shown } from "../../policy/resources";

// Search engines' crawlers, by the names the service lists them under (`userAgentMatch`).
const SEARCH_ENGINE_BOTS =
  /^(googlebot|bingbot|yandex(bot)?|baiduspider|duckduckbot|applebot|slurp|seznambot|naverbot|yeti)$/i;

const actionsOf = (value: unknown): Array<[string, unknown]> =>
  typeof value === "object" && value !== null ? Object.entries(value) : [];

/** Blocking the verified search-engine bots: the site drops out of search results. */
export const searchEnginesBlocked: ResourceFinding = {
  name: "shield-bots-search-engines",
  description:
    "A BotCategorization does not block the SEO category (verified search-engine crawlers) or a search engine's bot.",
  severity: "high",
  enforcementLevel: "advisory",
  remediationSteps: 'Set the SEO category (and the search engines\' bots) to "Allow" or "None".',
  kinds: ["BotCategorization"],
  judge(props) {
    const problems: string[] = [];
    for (const [key, action] of actionsOf(props.categories)) {
      if ((key.toUpperCase() === "SEO" || key === "1") && (action === "Block" || action === 1)) {
        problems.push(
          `categories[${shown(key)}] is ${shown(action)}: verified search-engine crawlers are blocked, so the site drops out of search results. Set it to "Allow" or "None".`,
        );
      }
    }
    for (const [key, action] of actionsOf(props.bots)) {
      if (SEARCH_ENGINE_BOTS.test(key) && (action === "Block" || action === 1)) {
        problems.push(
          `bots[${shown(key)}] is ${shown(action)}: a search engine's crawler is blocked, so the site drops out of its results. Set it to "Allow" or "None".`,
        );
      }
    }
    return problems;
  },
};

/** This kind's findings, in the pack's order. */
export const findings: readonly ResourceFinding[] = [searchEnginesBlocked];
