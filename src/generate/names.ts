/**
 * Resource names derived from the objects' own names: kebab-case, unique in the program, and
 * stable, so that generating again names every object as before (a Pulumi name is the
 * resource's identity in the stack).
 */

/** Longest name given, so that `new AccessListConfiguration("<name>", {` keeps to one line. */
export const MAX_NAME_LENGTH = 44;

/**
 * `text` in kebab case: accents dropped, words split on anything but letters and digits and
 * where a lower-case letter meets a capital (`TorExitNodes` → `tor-exit-nodes`).
 */
export function kebab(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/([a-z0-9])([A-Z])/g, "$1-$2")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** Cuts `name` to `max` characters at most, without a dash at its end. */
const cut = (name: string, max: number): string => name.slice(0, max).replace(/-+$/, "");

/**
 * Gives out names, each once. A name taken already gets the object's id: objects are named in
 * the order of their ids, so an object keeps its name while the objects older than it do.
 */
export class Names {
  readonly #taken = new Set<string>();

  /** `prefix` for every name of a zone (`pz501001-`, or "" when the program has one zone). */
  constructor(private readonly prefix: string) {}

  /**
   * A name from `words` (the object's name) and `kind` (`list`, `rule`, …, added unless the
   * words end with it already), or from `kind` and `id` when the words have no letter or
   * digit; `id` also makes a taken name unique.
   */
  take(words: string, kind: string, id: string | number): string {
    const room = MAX_NAME_LENGTH - this.prefix.length;
    let base = kebab(words);
    if (base !== "" && kind !== "" && base !== kind && !base.endsWith(`-${kind}`)) {
      base = `${base}-${kind}`;
    }
    if (base === "") base = kind === "" ? String(id) : `${kind}-${id}`;
    let name = this.prefix + cut(base, room);
    for (let n = 1; this.#taken.has(name); n++) {
      const suffix = n === 1 ? `-${id}` : `-${id}-${n}`;
      name = this.prefix + cut(base, room - suffix.length) + suffix;
    }
    this.#taken.add(name);
    return name;
  }
}
