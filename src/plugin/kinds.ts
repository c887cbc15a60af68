/**
 * The plugin's names for the kit's kinds: the package's resource tokens
 * (`bunnynet-shield:index:<Kind>`), and each kind's declaration, loaded on first use as the
 * registry loads its lifecycle.
 */
import type { KindDeclaration } from "../resources/kit/declaration";
import { folderOf, KINDS, type Kind } from "../resources/kit/registry";

/** The package's name: its tokens' first part, as `schema.json` gives it. */
export const PACKAGE = "bunnynet-shield";

/** The token of a resource kind or a data function: `bunnynet-shield:index:<name>`. */
export const tokenOf = (name: string): string => `${PACKAGE}:index:${name}`;

/** The type of a resource from its URN (`urn:pulumi:<stack>::<project>::<parent$…$type>::<name>`). */
function typeOfUrn(urn: string): string {
  const qualified = urn.split("::")[2] ?? "";
  return qualified.split("$").pop() ?? "";
}

/**
 * The kind a request is about, from its type (or, when the engine sends none, its URN); throws,
 * naming the token, for a type this version does not know.
 */
export function kindOf(type: string, urn: string): Kind {
  const token = type || typeOfUrn(urn);
  const kind = KINDS.find((k) => tokenOf(k) === token);
  if (kind === undefined) {
    throw new Error(
      `${PACKAGE}: unknown resource type ${JSON.stringify(token)}; this plugin knows ${KINDS.map(tokenOf).join(", ")}. Install the plugin version the stack was written for, or newer.`,
    );
  }
  return kind;
}

const declarations = new Map<Kind, KindDeclaration>();

/** The declaration of `kind` (its inputs, outputs, replace keys, identity), loaded once. */
export function declarationOf(kind: Kind): KindDeclaration {
  let declaration = declarations.get(kind);
  if (declaration === undefined) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const loaded = require(`../resources/${folderOf(kind)}/declaration`) as {
      declaration: KindDeclaration;
    };
    declarations.set(kind, (declaration = loaded.declaration));
  }
  return declaration;
}
