/**
 * Findings on what octorules-bunny does not manage: bot categorization, API Guardian and
 * custom pages. (Upload scanning that only logs is `shield-upload-scanning`'s, a managed
 * threat list switched off `shield-threat-lists`'s.)
 */
import type { ResourceFinding } from "./findings";
import { shown, type Props } from "./resources";

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

/** The configuration of the finding `shield-api-guardian-enforcing`. */
export interface ApiGuardianEnforcingConfig {
  /** From this date (ISO 8601), an API Guardian must block; before it, logging is a rollout. */
  enforceFrom?: string;
}

/** API Guardian left logging, or letting undocumented paths through, past the date set. */
export const apiGuardianEnforcing: ResourceFinding<ApiGuardianEnforcingConfig> = {
  name: "shield-api-guardian-enforcing",
  description:
    'From the configured date (enforceFrom), an enabled ApiGuardian blocks: executionMode "Block", and unmatchedPathAction not "Log" or "Ignore".',
  severity: "high",
  enforcementLevel: "advisory",
  remediationSteps:
    'Set executionMode: "Block" and unmatchedPathAction: "Block" once the logs show no false positive; or move enforceFrom.',
  properties: {
    enforceFrom: {
      type: "string",
      description:
        'The date from which API Guardian must block (e.g. "2026-12-01"); without it, this finding waits.',
    },
  },
  kinds: ["ApiGuardian"],
  judge(props: Props, config) {
    if (config.enforceFrom === undefined || props.isEnabled === false) return [];
    const from = Date.parse(config.enforceFrom);
    if (Number.isNaN(from) || Date.now() < from) return [];
    const since = `since ${config.enforceFrom}`;
    const problems: string[] = [];
    if (props.executionMode === "Log") {
      problems.push(
        `executionMode is "Log" ${since}, the date set for blocking: a request that breaks the API's document is only logged. Set executionMode: "Block".`,
      );
    }
    if (props.unmatchedPathAction === "Log" || props.unmatchedPathAction === "Ignore") {
      problems.push(
        `unmatchedPathAction is ${shown(props.unmatchedPathAction)} ${since}: a request to a path the document does not define goes through. Set unmatchedPathAction: "Block".`,
      );
    }
    return problems;
  },
};

// A tag that loads a script or a style sheet, and the address it loads.
const LOADS = /<(script|link)\b[^>]*?\b(src|href)\s*=\s*["']?([^"'\s>]+)/gi;
const LINK_REL = /\brel\s*=\s*["']?[^"'>]*stylesheet/i;
const IMPORT = /@import\s+(?:url\()?\s*["']?([^"')\s;]+)/gi;
const FOREIGN = /^(?:[a-z][a-z0-9+.-]*:)?\/\//i;

/** A custom page that loads scripts or styles from another origin. */
export const customPageForeignAssets: ResourceFinding = {
  name: "shield-custom-page-foreign-assets",
  description:
    "A CustomPage loads no script or style sheet from another origin (shown to blocked visitors, such a page runs that origin's code on the site's name).",
  severity: "medium",
  enforcementLevel: "advisory",
  remediationSteps: "Inline the script or style in the page, or drop it.",
  kinds: ["CustomPage"],
  judge(props) {
    if (typeof props.html !== "string") return [];
    const foreign = new Set<string>();
    for (const [tag, tagName, , url] of props.html.matchAll(LOADS)) {
      const isStyle = tagName!.toLowerCase() === "link" ? LINK_REL.test(tag) : false;
      if ((tagName!.toLowerCase() === "script" || isStyle) && FOREIGN.test(url!)) foreign.add(url!);
    }
    for (const [, url] of props.html.matchAll(IMPORT)) if (FOREIGN.test(url!)) foreign.add(url!);
    return [...foreign].map(
      (url) =>
        `html loads ${shown(url)} from another origin: whoever controls it runs code or styles on the page blocked visitors see, under the site's name. Inline it, or drop it.`,
    );
  },
};

/** Every finding of this file. */
export const BEYOND_FINDINGS: readonly ResourceFinding[] = [
  searchEnginesBlocked,
  apiGuardianEnforcing as ResourceFinding,
  customPageForeignAssets,
];
