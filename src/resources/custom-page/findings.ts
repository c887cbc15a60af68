/**
 * The kind's policy finding, one of the pack's `BEYOND_FINDINGS` (`src/policy/beyond-findings.ts`
 * collects every kind's `findings`): a page that loads scripts or styles from another origin.
 */
import type { ResourceFinding } from "../../policy/findings";
import { shown } from "../../policy/resources";

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

/** This kind's findings, in the pack's order. */
export const findings: readonly ResourceFinding[] = [customPageForeignAssets];
