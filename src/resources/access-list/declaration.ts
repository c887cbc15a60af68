/** `AccessList` declared once: resource.ts is generated from it (`npm run generate`). */
import { z } from "zod";
import { AccessListAction, AccessListType } from "../../client/enums";
import { unsafeTextProblem } from "../../text-rules";
import { declareKind, zoneOutput } from "../kit/declaration";
import { booleanInput, displayNameInput, enumInput, textRule, zoneIdInput } from "../kit/fields";

const ONE_LINE = "an entry is one line: give each line as an entry of its own";

/** What the list does with matching requests: a name of `AccessListAction`, or its number. */
const action = enumInput(AccessListAction, "Action");

export const declaration = declareKind({
  kind: "AccessList",
  summary: "`AccessList`: a custom access list that Pulumi creates, changes and deletes.",
  doc: `A custom access list of a shield zone. Create POSTs the list, then sets \`isEnabled\` and
\`action\` on its configuration; update PATCHes only what changed; delete deletes it. A create
whose answer is lost is resolved by finding the list by name, never by posting again.

@example
\`\`\`ts
new AccessList("office", {
  shieldZoneId: zone.shieldZoneId,
  name: "Office",
  type: "CIDR",
  entries: ["203.0.113.0/24", "198.51.100.7/32"],
  action: "Allow",
});
\`\`\``,
  inputs: {
    shieldZoneId: {
      schema: zoneIdInput,
      doc: "The shield zone. Changing it replaces the list.",
      required: true,
      replaces: true,
      docs: {
        text: "The shield zone (1 to 2147483647). Changing it replaces the list.",
      },
    },
    name: {
      schema: displayNameInput("name", 200),
      doc: `The list's name, unique in the zone: a lost create is found again by it. Control
characters and bidirectional marks, overrides and isolates are refused.`,
      required: true,
      docs: {
        text: "1 to 200 characters, without control characters or bidirectional marks, overrides and isolates (U+200E, U+200F, U+202A–U+202E, U+2066–U+2069). Unique in the zone: a lost create is found again by it.",
      },
    },
    description: {
      schema: z
        .string()
        .max(1000)
        .superRefine(textRule("description", unsafeTextProblem))
        .describe("a text of at most 1000 characters, without control characters"),
      doc: "A description, without control characters or bidirectional overrides, like the name.",
      replaces: true,
      docs: {
        default: "none",
        text: "At most 1000 characters, refused with the name's. The API cannot change it in place: a new one replaces the list.",
      },
    },
    type: {
      schema: enumInput(AccessListType, "AccessListType"),
      doc: "What the entries are (`IP`, `CIDR`, `ASN`, `Country`, `Organization`, `JA4`, or 0 to 5). Changing it replaces the list.",
      required: true,
      replaces: true,
      docs: {
        text: "What the entries are. Changing it replaces the list.",
      },
    },
    entries: {
      schema: z
        .array(z.string().trim().min(1).describe("a non-empty entry"))
        .min(1)
        // The entries travel joined by line breaks: one inside an entry would split it in two.
        .superRefine((entries, ctx) =>
          entries.forEach((entry, i) =>
            textRule(`entries[${i}]`, unsafeTextProblem, ONE_LINE)(entry, ctx),
          ),
        )
        .describe("a non-empty list of entries"),
      doc: `The entries, each checked for the list's type before any request. Compared as a set after
trimming: order and repeats make no diff. Each is one line: an entry with a line break (or
another control character, or a bidirectional override) is refused, since the entries travel
joined by line breaks.`,
      required: true,
      set: true,
      docs: {
        text: "At least one; each checked for the type before any request (below), and one line without control characters or bidirectional overrides. Trimmed, and compared as a set.",
      },
    },
    isEnabled: {
      schema: booleanInput.default(true),
      doc: "Whether the list is switched on; default true.",
      docs: { default: "`true`", text: "Whether the list is switched on." },
    },
    action: {
      // Typed as any text or number, as the Args always took it (a program passing a `string`
      // must still compile); check takes only the enum's names and numbers.
      schema: z
        .union([z.string(), z.number()])
        .pipe(action)
        .describe(action.description ?? "")
        .default("Block"),
      doc: "What the list does with matching requests (`Allow`, `Block`, `Challenge`, `Log`, `Bypass`, …); default `Block`.",
      docs: {
        type: '`"None"`, `"Allow"`, `"Block"`, `"Challenge"`, `"Log"`, `"Bypass"`, or 0–5',
        default: '`"Block"`',
        text: "What the list does with matching requests.",
      },
    },
    adoptExisting: {
      schema: booleanInput,
      doc: `Take over a list of the same name that exists already (\`pulumi import\` does not work for
dynamic providers). Without it, such a list is an error that says so.`,
      docs: {
        default: "`false`",
        text: "Take over a list of the same name that exists already (`pulumi import` does not work for dynamic providers).",
      },
    },
  },
  outputs: {
    shieldZoneId: zoneOutput,
    listId: {
      type: z.number().int(),
      doc: "The list's id.",
      fromId: 1,
      docs: { text: "The list's id." },
    },
    configurationId: {
      from: [],
      type: z.number().int().nullable(),
      doc: "The id of its configuration (what `AccessListConfiguration` takes).",
      docs: {
        text: "The id of its configuration (what `AccessListConfiguration` takes).",
      },
    },
    name: {
      type: z.string(),
      doc: "The list's name.",
      docs: { text: "The list's name." },
    },
    description: {
      type: z.string().nullable(),
      doc: "Its description.",
      docs: { text: "Its description." },
    },
    type: {
      type: z.string(),
      doc: "What the entries are, by name.",
      docs: { text: "What the entries are, by name." },
    },
    entries: {
      type: z.array(z.string()),
      doc: "The entries as the service has them, sorted.",
      docs: {
        text: "The entries as the service has them, one of each, in the declared order.",
      },
    },
    entryCount: {
      from: ["entries"],
      type: z.number().int(),
      doc: "How many entries the service counts.",
      docs: { text: "How many entries the service counts." },
    },
    checksum: {
      from: ["entries"],
      type: z.string().nullable(),
      doc: "The service's checksum of the content.",
      docs: { text: "The service's checksum of the content." },
    },
    isEnabled: {
      type: z.boolean().nullable(),
      doc: "Whether the list is switched on.",
      docs: { text: "Whether the list is switched on." },
    },
    action: {
      type: z.string().nullable(),
      doc: "The list's action by name.",
      docs: { text: "The list's action by name." },
    },
    adoptExisting: {
      type: z.boolean(),
      doc: "Whether a list that existed before was taken over.",
      docs: { text: "As given." },
    },
  },
});
