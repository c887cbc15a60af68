/**
 * The layout the Python and Go printers share: an expression is text, or a bracketed group of
 * items (`shield.RuleConditionArgs(…)`, `[…]`, `&shield.ShieldZoneArgs{…}`), printed on one line
 * when it fits and has no comments, else one item per line with a comma after each. That is a
 * layout black leaves as it is (a trailing comma keeps a group broken, "the magic trailing
 * comma") and gofmt too, once keys are aligned as gofmt aligns them ({@link LayoutStyle.align}).
 */
import { textWidth } from "./program-text";

/** What the printers lay out. */
export type Doc = Atom | Group;

/** Text printed as it is, on one line. */
export interface Atom {
  readonly kind: "atom";
  readonly text: string;
}

/** A bracketed list of items. */
export interface Group {
  readonly kind: "group";
  /** What opens it, the callee or type included (`shield.ShieldZone(`). */
  readonly open: string;
  readonly close: string;
  readonly items: readonly Item[];
  /** Broken onto lines even when it would fit on one. */
  readonly expand?: boolean;
}

/** One item of a group: a value, with its key (argument name, field, map key) as written. */
export interface Item {
  /** The key with what separates it from the value (`pull_zone_id=`, `PullZoneId:`). */
  readonly key?: string;
  readonly value: Doc;
  /** Line comments above it, wrapped already. */
  readonly comments?: readonly string[];
}

/** How a language lays groups out. */
export interface LayoutStyle {
  readonly width: number;
  /** One level of indentation (`"    "`, or a tab) and the columns it counts for. */
  readonly indent: string;
  readonly indentWidth: number;
  /** A line comment's marker with its space (`"# "`, `"// "`). */
  readonly comment: string;
  /** Align the values of consecutive one-line keyed items as gofmt does. */
  readonly align?: boolean;
}

/** Text. */
export const atom = (text: string): Atom => ({ kind: "atom", text });

/** A group. */
export const group = (
  open: string,
  close: string,
  items: readonly Item[],
  expand = false,
): Group => ({ kind: "group", open, close, items, expand });

/** The one-line form of `doc`, or undefined when it must span lines. */
export function flat(doc: Doc): string | undefined {
  if (doc.kind === "atom") return doc.text;
  if (doc.items.length === 0) return `${doc.open}${doc.close}`;
  if (doc.expand || doc.items.some((item) => item.comments?.length)) return undefined;
  const items: string[] = [];
  for (const item of doc.items) {
    const value = flat(item.value);
    if (value === undefined) return undefined;
    items.push(`${item.key ?? ""}${value}`);
  }
  return `${doc.open}${items.join(", ")}${doc.close}`;
}

/**
 * `doc` printed from `column` of a line at indentation level `depth`, followed by `suffix` on
 * its last line (which this does not print). Lines after the first carry their indentation.
 */
export function layout(doc: Doc, style: LayoutStyle, depth = 0, column = 0, suffix = ""): string {
  const oneLine = flat(doc);
  if (doc.kind === "atom") return doc.text;
  if (oneLine !== undefined && column + textWidth(oneLine) + textWidth(suffix) <= style.width) {
    return oneLine;
  }
  const inner = style.indent.repeat(depth + 1);
  const innerColumn = (depth + 1) * style.indentWidth;
  const printed = doc.items.map((item) => {
    const key = item.key ?? "";
    return {
      item,
      key,
      value: layout(item.value, style, depth + 1, innerColumn + textWidth(key), ","),
    };
  });
  const pads = style.align ? alignment(printed) : printed.map(() => 0);
  const lines = printed.flatMap(({ item, key, value }, i) => [
    ...(item.comments ?? []).map((c) => `${inner}${style.comment}${c}`.trimEnd()),
    `${inner}${key}${" ".repeat(pads[i]!)}${value},`,
  ]);
  return `${doc.open}\n${lines.join("\n")}\n${style.indent.repeat(depth)}${doc.close}`;
}

/**
 * The spaces after each key that align the values as gofmt does (go/printer's exprList): the
 * consecutive one-line keyed items of a section align; a comment, an item over several lines,
 * or a key far longer or shorter than the ones before it (when either is over 40 columns)
 * starts a new section.
 */
function alignment(printed: ReadonlyArray<{ item: Item; key: string; value: string }>): number[] {
  // The key's size as gofmt measures it: its text, without the colon and space written here.
  const sizes = printed.map(({ item, key, value }) =>
    item.key === undefined || value.includes("\n") ? 0 : textWidth(key.replace(/: $/, "")),
  );
  const sections: number[][] = [];
  let lnsum = 0;
  let count = 0;
  let previous = 0;
  printed.forEach(({ item }, i) => {
    const size = sizes[i]!;
    let formfeed = true;
    if (previous > 0 && size > 0 && !item.comments?.length) {
      if (count === 0 || (previous <= 40 && size <= 40)) formfeed = false;
      else {
        const ratio = size / Math.exp(lnsum / count);
        formfeed = 2.5 * ratio <= 1 || 2.5 <= ratio;
      }
    }
    if (formfeed || sections.length === 0) sections.push([]);
    sections[sections.length - 1]!.push(i);
    if (size > 0) {
      lnsum += Math.log(size);
      count++;
    }
    previous = size;
  });
  const pads = printed.map(() => 0);
  for (const section of sections) {
    const aligned = section.filter((i) => sizes[i]! > 0);
    if (aligned.length < 2) continue;
    const widest = Math.max(...aligned.map((i) => sizes[i]!));
    for (const i of aligned) pads[i] = widest - sizes[i]!;
  }
  return pads;
}
