/** `AccessList` declared once: resource.ts is generated from it (`npm run generate`). */
import { declareKind, zoneOutput } from "../kit/declaration";

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
  types: `
/** What a list matches on. */
export type AccessListTypeName = "IP" | "CIDR" | "ASN" | "Country" | "Organization" | "JA4";
`,
  inputs: {
    shieldZoneId: {
      type: "number",
      doc: "The shield zone. Changing it replaces the list.",
      required: true,
      replaces: true,
      docs: {
        type: "`number`",
        text: "The shield zone (1 to 2147483647). Changing it replaces the list.",
      },
    },
    name: {
      type: "string",
      doc: `The list's name, unique in the zone: a lost create is found again by it. Control
characters and bidirectional marks, overrides and isolates are refused.`,
      required: true,
      docs: {
        type: "`string`",
        text: "1 to 200 characters, without control characters or bidirectional marks, overrides and isolates (U+200E, U+200F, U+202A–U+202E, U+2066–U+2069). Unique in the zone: a lost create is found again by it.",
      },
    },
    description: {
      type: "string",
      doc: "A description, without control characters or bidirectional overrides, like the name.",
      replaces: true,
      docs: {
        type: "`string`",
        default: "none",
        text: "At most 1000 characters, refused with the name's. The API cannot change it in place: a new one replaces the list.",
      },
    },
    type: {
      type: "AccessListTypeName | number",
      doc: "What the entries are (`IP`, `CIDR`, `ASN`, `Country`, `Organization`, `JA4`, or 0 to 5). Changing it replaces the list.",
      required: true,
      replaces: true,
      docs: {
        type: '`"IP"`, `"CIDR"`, `"ASN"`, `"Country"`, `"Organization"`, `"JA4"`, or 0–5',
        text: "What the entries are. Changing it replaces the list.",
      },
    },
    entries: {
      type: "pulumi.Input<string>[]",
      doc: `The entries, each checked for the list's type before any request. Compared as a set after
trimming: order and repeats make no diff. Each is one line: an entry with a line break (or
another control character, or a bidirectional override) is refused, since the entries travel
joined by line breaks.`,
      required: true,
      set: true,
      docs: {
        type: "`string[]`",
        text: "At least one; each checked for the type before any request (below), and one line without control characters or bidirectional overrides. Trimmed, and compared as a set.",
      },
    },
    isEnabled: {
      type: "boolean",
      doc: "Whether the list is switched on; default true.",
      docs: { type: "`boolean`", default: "`true`", text: "Whether the list is switched on." },
    },
    action: {
      type: "string | number",
      doc: "What the list does with matching requests (`Allow`, `Block`, `Challenge`, `Log`, `Bypass`, …); default `Block`.",
      docs: {
        type: '`"None"`, `"Allow"`, `"Block"`, `"Challenge"`, `"Log"`, `"Bypass"`, or 0–5',
        default: '`"Block"`',
        text: "What the list does with matching requests.",
      },
    },
    adoptExisting: {
      type: "boolean",
      doc: `Take over a list of the same name that exists already (\`pulumi import\` does not work for
dynamic providers). Without it, such a list is an error that says so.`,
      docs: {
        type: "`boolean`",
        default: "`false`",
        text: "Take over a list of the same name that exists already (`pulumi import` does not work for dynamic providers).",
      },
    },
  },
  outputs: {
    shieldZoneId: zoneOutput,
    listId: {
      type: "number",
      doc: "The list's id.",
      fromId: 1,
      docs: { type: "`number`", text: "The list's id." },
    },
    configurationId: {
      type: "number | null",
      doc: "The id of its configuration (what `AccessListConfiguration` takes).",
      docs: {
        type: "`number | null`",
        text: "The id of its configuration (what `AccessListConfiguration` takes).",
      },
    },
    name: {
      type: "string",
      doc: "The list's name.",
      docs: { type: "`string`", text: "The list's name." },
    },
    description: {
      type: "string | null",
      doc: "Its description.",
      docs: { type: "`string | null`", text: "Its description." },
    },
    type: {
      type: "string",
      doc: "What the entries are, by name.",
      docs: { type: "`string`", text: "What the entries are, by name." },
    },
    entries: {
      type: "string[]",
      doc: "The entries as the service has them, sorted.",
      docs: {
        type: "`string[]`",
        text: "The entries as the service has them, one of each, in the declared order.",
      },
    },
    entryCount: {
      type: "number",
      doc: "How many entries the service counts.",
      docs: { type: "`number`", text: "How many entries the service counts." },
    },
    checksum: {
      type: "string | null",
      doc: "The service's checksum of the content.",
      docs: { type: "`string | null`", text: "The service's checksum of the content." },
    },
    isEnabled: {
      type: "boolean | null",
      doc: "Whether the list is switched on.",
      docs: { type: "`boolean | null`", text: "Whether the list is switched on." },
    },
    action: {
      type: "string | null",
      doc: "The list's action by name.",
      docs: { type: "`string | null`", text: "The list's action by name." },
    },
    adoptExisting: {
      type: "boolean",
      doc: "Whether a list that existed before was taken over.",
      docs: { type: "`boolean`", text: "As given." },
    },
  },
});
