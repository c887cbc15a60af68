/** `CustomPage` declared once: resource.ts is generated from it (`npm run generate`). */
import { z } from "zod";
import { documentField } from "../../client/arguments";
import { CustomPageTypes, MAX_CUSTOM_PAGE_BYTES } from "../../client/areas/custom-pages";
import { declareKind, zoneOutput } from "../kit/declaration";
import { booleanInput, zoneIdInput } from "../kit/fields";
import { enumMeta } from "../kit/shape";

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
  inputs: {
    shieldZoneId: {
      schema: zoneIdInput,
      doc: "The shield zone. Changing it replaces the page.",
      required: true,
      replaces: true,
      docs: {
        text: "The shield zone (1 to 2147483647). Changing it replaces the page.",
      },
    },
    pageType: {
      // Stored in the service's own spelling, so that "Block" and "block" make no diff.
      schema: z
        .string()
        .toLowerCase()
        .pipe(z.enum(CustomPageTypes))
        .meta(
          enumMeta(
            "CustomPageType",
            Object.fromEntries(CustomPageTypes.map((type) => [type, type])),
            { anyText: true },
          ),
        )
        .describe(`one of ${CustomPageTypes.map((t) => `"${t}"`).join(", ")} (in any case)`),
      doc: "`block`, `challenge` or `ratelimit` (in any case; stored in lower case). Changing it replaces the page.",
      required: true,
      replaces: true,
      docs: {
        text: 'Which page, in any case (`"Block"` is stored as `"block"` and makes no diff). Changing it replaces the page.',
      },
    },
    html: {
      schema: z
        .string()
        .pipe(documentField(MAX_CUSTOM_PAGE_BYTES) as z.ZodType<string, string>)
        .describe(
          `the page's HTML: a non-empty text of at most ${MAX_CUSTOM_PAGE_BYTES} bytes in UTF-8, well-formed Unicode`,
        ),
      doc: `The page's HTML, sent as it is, e.g. read with \`fs.readFileSync("blocked.html", "utf8")\`:
non-empty, at most 512 KiB in UTF-8. Kept in state and compared exactly, so a change made
outside Pulumi shows on refresh.`,
      required: true,
      docs: {
        text: "The page's HTML, sent as it is: not empty, at most 524288 bytes (512 KiB) in UTF-8, well-formed Unicode (no lone surrogates). Compared exactly: a changed space or newline is an update.",
      },
    },
    adoptExisting: {
      schema: booleanInput,
      doc: `Take over a page of this type that the zone has already (\`pulumi import\` does not work for
dynamic providers): it is overwritten with \`html\`, and deleted on destroy. Without it, such
a page is an error that says so, and nothing is written.`,
      docs: {
        default: "`false`",
        text: "Take over a page of this type that the zone has already (`pulumi import` does not work for dynamic providers). It is then overwritten with `html`, and deleted on destroy.",
      },
    },
  },
  outputs: {
    shieldZoneId: zoneOutput,
    pageType: {
      type: z.string(),
      doc: "The page type, in lower case.",
      docs: { text: "The page type, in lower case." },
    },
    html: {
      type: z.string(),
      doc: "The HTML the service serves.",
      docs: { text: "The HTML the service has." },
    },
    adoptExisting: {
      type: z.boolean(),
      doc: "Whether a page that existed before was taken over.",
      docs: { text: "As given." },
    },
  },
});
