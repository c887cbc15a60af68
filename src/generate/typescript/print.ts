/**
 * The layout of a generated TypeScript program, as prettier (its defaults) would print it. The
 * package cannot run prettier for its users, so the few shapes the generator writes (literals,
 * member chains, calls with one argument, arrays, objects, line comments) are laid out here by
 * prettier's own rules, and a test holds the result against prettier.
 *
 * The rules followed, for the record: an object that the source writes expanded stays expanded
 * (the generator expands those it means to, such as a resource's arguments) and any other is
 * printed on one line when that line fits, its trailing text included; an array likewise, except
 * that one of several objects with several members each always breaks, and one of numbers
 * breaks as a fill (as many per line as fit); a string or member chain that does not fit after a
 * key of five characters or more moves to the next line; quotes are double unless the text holds
 * more double quotes than single ones.
 */

import { commentText, escaped, textWidth, wrapComment, writtenAsIs } from "../program-text";

export { commentText, textWidth, wrapComment };

/** Prettier's default line width. */
export const PRINT_WIDTH = 80;

/** An expression as the printer lays it out. */
export type Expression = Text | Call | ArrayExpression | ObjectExpression;

/** A literal, an identifier or a member chain: printed as it is, on one line. */
export interface Text {
  readonly type: "text";
  readonly text: string;
  /**
   * A string literal or a member chain: prettier moves one that does not fit after its key to
   * the next line (numbers, booleans and the like stay).
   */
  readonly breakable?: boolean;
}

/** A call of a function with one argument (a text or an object). */
export interface Call {
  readonly type: "call";
  readonly callee: string;
  readonly argument: Expression;
}

/** An array literal. */
export interface ArrayExpression {
  readonly type: "array";
  readonly elements: readonly Expression[];
  /** Every element is a number: prettier fills the lines with them. */
  readonly numbers?: boolean;
}

/** An object literal. */
export interface ObjectExpression {
  readonly type: "object";
  readonly properties: readonly Property[];
  /** Written with a line break after `{`: prettier keeps such an object expanded. */
  readonly expanded?: boolean;
}

/** One member of an object literal, with the line comments above it. */
export interface Property {
  readonly key: string;
  readonly value: Expression;
  readonly comments?: readonly string[];
}

/** Where an expression starts and what follows it on its last line. */
interface Position {
  /** The indentation of the line the expression starts on. */
  readonly indent: number;
  /** The column the expression starts at. */
  readonly column: number;
  /** What follows the expression on its line (`,` or `);`). */
  readonly suffix: string;
  readonly width: number;
}

const pad = (n: number): string => " ".repeat(n);

/** A string literal: double quotes unless the text has more of them than single ones. */
export function stringLiteral(value: string): string {
  const doubles = value.split('"').length - 1;
  const singles = value.split("'").length - 1;
  const quote = doubles > singles ? "'" : '"';
  let out = quote;
  for (const char of value) {
    if (char === "\\" || char === quote) out += `\\${char}`;
    else out += writtenAsIs(char, char.codePointAt(0)!) ? char : escaped(char);
  }
  return out + quote;
}

/** An object key: bare when it is an identifier, else a string literal. */
export function propertyKey(key: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(key) ? key : stringLiteral(key);
}

/** A number as prettier prints it (`1e21`, not `1e+21`). */
export function numberLiteral(value: number): string {
  return String(value).replace("e+", "e");
}

/** The one-line form of `expression`, or undefined when it must span lines. */
export function flat(expression: Expression): string | undefined {
  switch (expression.type) {
    case "text":
      return expression.text;
    case "call": {
      const argument = flat(expression.argument);
      return argument === undefined ? undefined : `${expression.callee}(${argument})`;
    }
    case "array": {
      const elements = expression.elements.map(flat);
      if (elements.some((e) => e === undefined)) return undefined;
      return `[${elements.join(", ")}]`;
    }
    case "object": {
      if (expression.properties.length === 0) return "{}";
      if (expression.expanded || expression.properties.some((p) => p.comments?.length)) {
        return undefined;
      }
      const members: string[] = [];
      for (const property of expression.properties) {
        const value = flat(property.value);
        if (value === undefined) return undefined;
        members.push(`${propertyKey(property.key)}: ${value}`);
      }
      return `{ ${members.join(", ")} }`;
    }
  }
}

const fits = (text: string, at: Position): boolean =>
  at.column + textWidth(text) + at.suffix.length <= at.width;

/**
 * Prettier breaks an array of several objects of several members each (or of several arrays of
 * several elements each) whether it fits or not.
 */
function alwaysBreaks(array: ArrayExpression): boolean {
  const { elements } = array;
  if (elements.length < 2) return false;
  const first = elements[0]!.type;
  return elements.every((e) =>
    first === "object"
      ? e.type === "object" && e.properties.length > 1
      : first === "array" && e.type === "array" && e.elements.length > 1,
  );
}

/**
 * Prints `expression` starting at `column` of a line indented by `indent`, followed by `suffix`
 * on its last line. Lines after the first carry their own indentation; none ends with a newline.
 */
export function printExpression(
  expression: Expression,
  indent: number,
  column: number,
  suffix: string,
  width = PRINT_WIDTH,
): string {
  return print(expression, { indent, column, suffix, width });
}

function print(expression: Expression, at: Position): string {
  const oneLine = flat(expression);
  switch (expression.type) {
    case "text":
      return expression.text;
    case "call": {
      if (oneLine !== undefined && fits(oneLine, at)) return oneLine;
      const head = `${expression.callee}(`;
      if (expression.argument.type === "object") {
        // The only argument, an object, hugs the parentheses.
        return `${head}${printObject(expression.argument, { ...at, column: at.column + textWidth(head), suffix: `)${at.suffix}` })})`;
      }
      const inner = at.indent + 2;
      const argument = print(expression.argument, {
        ...at,
        indent: inner,
        column: inner,
        suffix: ",",
      });
      return `${head}\n${pad(inner)}${argument},\n${pad(at.indent)})`;
    }
    case "array":
      if (oneLine !== undefined && !alwaysBreaks(expression) && fits(oneLine, at)) return oneLine;
      return printArray(expression, at);
    case "object":
      if (oneLine !== undefined && fits(oneLine, at)) return oneLine;
      return printObject(expression, at);
  }
}

function printArray(array: ArrayExpression, at: Position): string {
  const inner = at.indent + 2;
  const close = `\n${pad(at.indent)}]`;
  if (array.numbers) {
    // A fill: as many numbers (with their commas) as fit on each line.
    const lines: string[] = [];
    let line = "";
    for (const element of array.elements) {
      const item = `${flat(element)},`;
      if (line !== "" && inner + textWidth(line) + 1 + textWidth(item) <= at.width) {
        line += ` ${item}`;
      } else {
        if (line !== "") lines.push(line);
        line = item;
      }
    }
    lines.push(line);
    return `[\n${lines.map((l) => pad(inner) + l).join("\n")}${close}`;
  }
  const lines = array.elements.map(
    (element) =>
      `${pad(inner)}${print(element, { ...at, indent: inner, column: inner, suffix: "," })},`,
  );
  return `[\n${lines.join("\n")}${close}`;
}

function printObject(object: ObjectExpression, at: Position): string {
  if (object.properties.length === 0) return "{}";
  const inner = at.indent + 2;
  const lines: string[] = [];
  for (const property of object.properties) {
    for (const comment of property.comments ?? []) lines.push(`${pad(inner)}// ${comment}`);
    lines.push(`${pad(inner)}${printProperty(property, inner, at.width)},`);
  }
  return `{\n${lines.join("\n")}\n${pad(at.indent)}}`;
}

/** `key: value` on a line indented by `indent`, its comma not included. */
function printProperty(property: Property, indent: number, width: number): string {
  const key = propertyKey(property.key);
  const head = `${key}: `;
  const { value } = property;
  // A key shorter than five characters is too short for a break after it to gain anything.
  if (
    value.type === "text" &&
    value.breakable &&
    textWidth(key) >= 5 &&
    indent + textWidth(head) + textWidth(value.text) + 1 > width
  ) {
    return `${key}:\n${pad(indent + 2)}${value.text}`;
  }
  return head + print(value, { indent, column: indent + textWidth(head), suffix: ",", width });
}
