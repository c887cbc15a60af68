/** `AccessListConfiguration` declared once: resource.ts is generated from it (`npm run generate`). */
import { declareKind } from "../kit/declaration";

export const declaration = declareKind({
  kind: "AccessListConfiguration",
  summary:
    "`AccessListConfiguration`: switch an access list of a shield zone on or off, and set its action.",
  doc: `The configuration of one access list in a shield zone. Declaring a configuration
that already exists adopts it (there is nothing to create on the service): its
values before adoption are kept in \`priorIsEnabled\` and \`priorAction\`; those of the
fields Pulumi manages are put back on delete unless \`onDelete\` says otherwise.

@example
\`\`\`ts
new AccessListConfiguration("block-tor", {
  shieldZoneId: 12345,
  configurationId: 67890,
  isEnabled: true,
  action: "Block",
});
\`\`\``,
  imports: ['import type { ActionName, CategoryName, OnDelete } from "./spec";'],
  inputs: {
    shieldZoneId: {
      type: "number",
      doc: "The shield zone that owns the access list.",
      required: true,
      replaces: true,
      docs: {
        type: "`number`",
        text: "The shield zone that owns the list: an integer from 1 to 2147483647. Changing it replaces.",
      },
    },
    configurationId: {
      type: "number",
      doc: "The access list's configuration id in that zone (`configurationId` from `listAccessLists`).",
      required: true,
      replaces: true,
      docs: {
        type: "`number`",
        text: "The list's configuration id in that zone (a positive integer; see `getAccessLists`). Changing it replaces.",
      },
    },
    isEnabled: {
      type: "boolean",
      doc: "Whether the access list is switched on.",
      required: true,
      docs: { type: "`boolean`", text: "Whether the list is switched on." },
    },
    action: {
      type: "ActionName | number",
      doc: `What the list does with matching requests: a name (\`"Block"\`) or its number (2).
Stored as the name. Left as it is on the service when omitted.`,
      docs: {
        type: '`"None"`, `"Allow"`, `"Block"`, `"Challenge"`, `"Log"`, `"Bypass"`, or 0–5',
        default: "left as the service has it",
        text: "What the list does with matching requests; stored as the name.",
      },
    },
    category: {
      type: "CategoryName | number",
      doc: `The category the managed list is expected to be of, e.g. \`"TorExitNodes"\`, by name or
number. Never written: create and update fail, before any write, when
the configuration is another list's. It makes the category known in a preview, where the
\`category\` output is not, so that policies (\`shield-threat-lists\`) can judge the change.`,
      docs: {
        type: 'a name of `AccessListCategory` but `"None"`, or its number',
        default: "not checked",
        text: 'The managed list\'s category, e.g. `"TorExitNodes"`. Never written: see below.',
      },
    },
    onDelete: {
      type: "OnDelete",
      doc: `What deleting the resource does on the service: \`"restore"\` (default) puts back the
values Pulumi managed (\`isEnabled\`, and \`action\` if it was declared) as they were before
Pulumi adopted them, \`"disable"\` switches the list off, \`"keep"\` leaves it as it is.`,
      docs: {
        type: '`"restore"`, `"disable"`, `"keep"`',
        default: '`"restore"`',
        text: "What destroying the resource does on the service (see below).",
      },
    },
  },
  outputs: {
    shieldZoneId: {
      type: "number",
      doc: "The shield zone that owns the access list.",
      docs: { type: "`number`", text: "The zone." },
    },
    configurationId: {
      type: "number",
      doc: "The access list's configuration id.",
      docs: { type: "`number`", text: "The configuration." },
    },
    isEnabled: {
      type: "boolean",
      doc: "Whether the list is switched on, as the service reports it.",
      docs: { type: "`boolean`", text: "Whether the list is on, as the service reports it." },
    },
    action: {
      type: "string",
      doc: "The list's action by name (`None`, `Allow`, `Block`, `Challenge`, `Log`, `Bypass`).",
      docs: {
        type: "`string`",
        text: 'The action by name (`None`, `Allow`, `Block`, `Challenge`, `Log`, `Bypass`), or a number\'s text (`"7"`) for one this version does not name.',
      },
    },
    onDelete: {
      type: "OnDelete",
      doc: "What deleting the resource does on the service.",
      docs: { type: "`string`", text: "What destroying the resource does." },
    },
    listId: {
      type: "number",
      doc: "The access list's own id.",
      docs: { type: "`number`", text: "The access list's own id." },
    },
    name: {
      type: "string | null",
      doc: "The access list's display name.",
      docs: { type: "`string | null`", text: "The list's display name." },
    },
    type: {
      type: "string",
      doc: "What the list matches on (`IP`, `CIDR`, `ASN`, `Country`, `Organization`, `JA4`).",
      docs: {
        type: "`string`",
        text: "What the list matches on: `IP`, `CIDR`, `ASN`, `Country`, `Organization`, `JA4`.",
      },
    },
    category: {
      type: "string | null",
      doc: "The managed list's category (e.g. `TorExitNodes`), or null.",
      docs: { type: "`string | null`", text: "A managed list's category, e.g. `TorExitNodes`." },
    },
    priorIsEnabled: {
      type: "boolean",
      doc: "`isEnabled` before Pulumi adopted the configuration.",
      docs: { type: "`boolean`", text: "`isEnabled` before Pulumi adopted the configuration." },
    },
    priorAction: {
      type: "string",
      doc: "`action` before Pulumi adopted the configuration.",
      docs: { type: "`string`", text: "`action` before Pulumi adopted the configuration." },
    },
    priors: {
      type: "{ isEnabled?: boolean; action?: string }",
      doc: 'The values before Pulumi\'s first write of the fields it manages; `onDelete: "restore"` puts these back.',
      docs: {
        type: "`{ isEnabled?, action? }`",
        text: 'The values before Pulumi\'s first write of the fields it manages: what `onDelete: "restore"` puts back.',
      },
    },
  },
});
