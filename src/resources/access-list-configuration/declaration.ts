/** `AccessListConfiguration` declared once: resource.ts is generated from it (`npm run generate`). */
import { z } from "zod";
import { AccessListAction, AccessListCategory } from "../../client/enums";
import { declareKind } from "../kit/declaration";
import {
  booleanInput,
  choiceInput,
  enumInput,
  idInput,
  zoneIdInput,
  zoneIdOutput,
} from "../kit/fields";

/**
 * What happens to the configuration on the service when the resource is deleted:
 * - `restore`: put back the values Pulumi changed, as they were before it adopted them (default);
 * - `disable`: switch the list off;
 * - `keep`: leave the service as it is and only stop managing it.
 */
export const ON_DELETE_CHOICES = ["restore", "disable", "keep"] as const;

// A custom list has no category to declare: `None` is not one of them.
const { None: _none, ...MANAGED_CATEGORIES } = AccessListCategory;

/** What deleting the resource does, in input and state alike. */
const onDelete = choiceInput(ON_DELETE_CHOICES, "AccessListConfigurationOnDelete");

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
  inputs: {
    shieldZoneId: {
      schema: zoneIdInput,
      doc: "The shield zone that owns the access list.",
      required: true,
      replaces: true,
      docs: {
        text: "The shield zone that owns the list: an integer from 1 to 2147483647. Changing it replaces.",
      },
    },
    configurationId: {
      schema: idInput,
      doc: "The access list's configuration id in that zone (`configurationId` from `listAccessLists`).",
      required: true,
      replaces: true,
      docs: {
        text: "The list's configuration id in that zone (a positive integer; see `getAccessLists`). Changing it replaces.",
      },
    },
    isEnabled: {
      schema: booleanInput,
      doc: "Whether the access list is switched on.",
      required: true,
      docs: { text: "Whether the list is switched on." },
    },
    action: {
      schema: enumInput(AccessListAction, "Action"),
      doc: `What the list does with matching requests: a name (\`"Block"\`) or its number (2).
Stored as the name. Left as it is on the service when omitted.`,
      docs: {
        default: "left as the service has it",
        text: "What the list does with matching requests; stored as the name.",
      },
    },
    category: {
      schema: enumInput(MANAGED_CATEGORIES, "ManagedListCategory"),
      doc: `The category the managed list is expected to be of, e.g. \`"TorExitNodes"\`, by name or
number. Never written: create and update fail, before any write, when
the configuration is another list's. It makes the category known in a preview, where the
\`category\` output is not, so that policies (\`shield-threat-lists\`) can judge the change.`,
      docs: {
        default: "not checked",
        text: 'The managed list\'s category, e.g. `"TorExitNodes"`. Never written: see below.',
      },
    },
    onDelete: {
      schema: onDelete,
      doc: `What deleting the resource does on the service: \`"restore"\` (default) puts back the
values Pulumi managed (\`isEnabled\`, and \`action\` if it was declared) as they were before
Pulumi adopted them, \`"disable"\` switches the list off, \`"keep"\` leaves it as it is.`,
      docs: {
        default: '`"restore"`',
        text: "What destroying the resource does on the service (see below).",
      },
    },
  },
  outputs: {
    shieldZoneId: {
      type: zoneIdOutput,
      doc: "The shield zone that owns the access list.",
      docs: { text: "The zone." },
    },
    configurationId: {
      type: z.number().int(),
      doc: "The access list's configuration id.",
      docs: { text: "The configuration." },
    },
    isEnabled: {
      type: z.boolean(),
      doc: "Whether the list is switched on, as the service reports it.",
      docs: { text: "Whether the list is on, as the service reports it." },
    },
    action: {
      type: z.string(),
      doc: "The list's action by name (`None`, `Allow`, `Block`, `Challenge`, `Log`, `Bypass`).",
      docs: {
        text: 'The action by name (`None`, `Allow`, `Block`, `Challenge`, `Log`, `Bypass`), or a number\'s text (`"7"`) for one this version does not name.',
      },
    },
    onDelete: {
      type: onDelete,
      doc: "What deleting the resource does on the service.",
      docs: { text: "What destroying the resource does." },
    },
    listId: {
      from: [],
      type: z.number().int(),
      doc: "The access list's own id.",
      docs: { text: "The access list's own id." },
    },
    name: {
      from: [],
      type: z.string().nullable(),
      doc: "The access list's display name.",
      docs: { text: "The list's display name." },
    },
    type: {
      from: [],
      type: z.string(),
      doc: "What the list matches on (`IP`, `CIDR`, `ASN`, `Country`, `Organization`, `JA4`).",
      docs: {
        text: "What the list matches on: `IP`, `CIDR`, `ASN`, `Country`, `Organization`, `JA4`.",
      },
    },
    category: {
      type: z.string().nullable(),
      doc: "The managed list's category (e.g. `TorExitNodes`), or null.",
      docs: { text: "A managed list's category, e.g. `TorExitNodes`." },
    },
    priorIsEnabled: {
      from: [],
      type: z.boolean(),
      doc: "`isEnabled` before Pulumi adopted the configuration.",
      docs: { text: "`isEnabled` before Pulumi adopted the configuration." },
    },
    priorAction: {
      from: [],
      type: z.string(),
      doc: "`action` before Pulumi adopted the configuration.",
      docs: { text: "`action` before Pulumi adopted the configuration." },
    },
    priors: {
      type: z.object({ isEnabled: z.boolean().optional(), action: z.string().optional() }),
      doc: 'The values before Pulumi\'s first write of the fields it manages; `onDelete: "restore"` puts these back.',
      docs: {
        text: 'The values before Pulumi\'s first write of the fields it manages: what `onDelete: "restore"` puts back.',
      },
    },
  },
});
