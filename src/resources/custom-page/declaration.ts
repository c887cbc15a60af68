/** `CustomPage` declared once: resource.ts is generated from it (`npm run generate`). */
import { declareKind } from "../kit/declaration";

export const declaration = declareKind({
  kind: "CustomPage",
  summary:
    "`CustomPage`: the HTML a shield zone shows instead of Shield's own block, challenge or rate-limit page.",
  doc: `A custom response page of a shield zone. Create reads the page type first (a page there
already is refused unless \`adoptExisting\`), then PUTs the HTML; update PUTs it again; refresh
reads it back; delete DELETEs it, and a page already gone is fine. The zone's plan must
include custom pages (Basic does not).

@example
\`\`\`ts
new CustomPage("blocked", {
  shieldZoneId: zone.shieldZoneId,
  pageType: "block",
  html: fs.readFileSync("pages/blocked.html", "utf8"),
});
\`\`\``,
  types: `
/** Which page: shown to a blocked request, a challenged one, or one over a rate limit. */
export type CustomPageTypeName = "block" | "challenge" | "ratelimit";
`,
  inputs: {
    shieldZoneId: {
      type: "number",
      doc: "The shield zone. Changing it replaces the page.",
      required: true,
      replaces: true,
    },
    pageType: {
      type: "CustomPageTypeName | string",
      doc: "`block`, `challenge` or `ratelimit` (in any case; stored in lower case). Changing it replaces the page.",
      required: true,
      replaces: true,
    },
    html: {
      type: "string",
      doc: `The page's HTML, sent as it is, e.g. read with \`fs.readFileSync("blocked.html", "utf8")\`:
non-empty, at most 512 KiB in UTF-8. Kept in state and compared exactly, so a change made
outside Pulumi shows on refresh.`,
      required: true,
    },
    adoptExisting: {
      type: "boolean",
      doc: `Take over a page of this type that the zone has already (\`pulumi import\` does not work for
dynamic providers): it is overwritten with \`html\`, and deleted on destroy. Without it, such
a page is an error that says so, and nothing is written.`,
    },
  },
  outputs: {
    shieldZoneId: { type: "number", doc: "The shield zone." },
    pageType: { type: "string", doc: "The page type, in lower case." },
    html: { type: "string", doc: "The HTML the service serves." },
    adoptExisting: { type: "boolean", doc: "Whether a page that existed before was taken over." },
  },
});
