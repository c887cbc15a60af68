/**
 * The TypeScript layout against prettier itself (the repository's, with its defaults, as a
 * generated program's folder has no configuration): what the printer writes, prettier leaves
 * as it is, for the shapes a program holds and for random values of them.
 */
import { strict as assert } from "node:assert";
import fc from "fast-check";
import * as prettier from "prettier";
import {
  numberLiteral,
  printExpression,
  propertyKey,
  stringLiteral,
  wrapComment,
  type Expression,
  type Property,
} from "../../src/generate/typescript/print";

/** The text of `new X("name", <object>);`, as the emitter writes a resource. */
const statement = (object: Expression) =>
  `new Resource("name", ${printExpression(object, 0, 'new Resource("name", '.length, ");")});\n`;

const format = (text: string) => prettier.format(text, { parser: "typescript" });

const text = (value: string): Expression => ({
  type: "text",
  text: stringLiteral(value),
  breakable: true,
});
const number = (value: number): Expression => ({ type: "text", text: numberLiteral(value) });
const object = (properties: Property[], expanded = false): Expression => ({
  type: "object",
  properties,
  expanded,
});
const property = (key: string, value: Expression, comments?: string[]): Property => ({
  key,
  value,
  ...(comments ? { comments } : {}),
});

describe("the TypeScript layout", () => {
  it("is prettier's for the shapes of a program", async () => {
    const condition = (variable: string, operator: string, value: string, negated = false) =>
      object([
        property("variable", text(variable)),
        property("operator", text(operator)),
        property("value", text(value)),
        ...(negated ? [property("negated", { type: "text", text: "true" })] : []),
      ]);
    const cases: Expression[] = [
      object(
        [
          property("shieldZoneId", { type: "text", text: "zone.shieldZoneId", breakable: true }),
          property("conditions", {
            type: "array",
            elements: [
              condition("REQUEST_URI", "BEGINSWITH", "/admin"),
              condition("REMOTE_ADDR", "STREQ", "203.0.113.7", true),
            ],
          }),
          property("one", {
            type: "array",
            elements: [condition("REQUEST_URI", "BEGINSWITH", "/a")],
          }),
          property("pairs", {
            type: "array",
            elements: [
              object([property("a", text("x")), property("b", text("y"))]),
              object([property("a", text("x")), property("b", text("y"))]),
            ],
          }),
          property(
            "description",
            text("a description far too long to fit on the line of its key, at all"),
          ),
          property(
            "name",
            text("a name far too long to fit on the line of its key, whatever happens here"),
          ),
          property("order", {
            type: "array",
            numbers: true,
            elements: Array.from({ length: 40 }, (_, i) => number(5000 + i * 37)),
          }),
          property("headers", {
            type: "array",
            elements: ["Authorization", "Cookie", "X-Forwarded-For", "X-Real-IP", "X-Other"].map(
              text,
            ),
          }),
          property(
            "bots",
            object([
              property("GPTBot", text("Allow")),
              property("401", { type: "text", text: "null" }),
              property("ChatGPT-User", text("Block")),
            ]),
          ),
          property("quotes", text(`say "hi", it's`)),
          property("control", text("a\u0001b\tc\\d\u2028e")),
          property("html", { type: "call", callee: "read", argument: text("block.html") }),
          property("configurationId", {
            type: "text",
            text: 'lists.byName["Known bad bots of many kinds"].configurationId',
            breakable: true,
          }),
          property("commented", { type: "text", text: "true" }, ["One comment line above it."]),
          property("empty", { type: "array", elements: [] }),
          property("none", object([])),
        ],
        true,
      ),
    ];
    for (const expression of cases) {
      const written = statement(expression);
      assert.equal(written, await format(written));
    }
  });

  it("is prettier's for random values", async () => {
    const key = fc.oneof(
      fc.constantFrom("a", "isEnabled", "GPTBot", "Query", "shieldZoneId", "wafCustomRuleOrder"),
      fc.string({ minLength: 1, maxLength: 24 }),
      fc.constantFrom("GET /pets/{petId}", "401", "ChatGPT-User", "it's", 'say "x"'),
    );
    const leaf: fc.Arbitrary<Expression> = fc.oneof(
      fc.string({ maxLength: 90 }).map(text),
      fc.string({ unit: "binary", maxLength: 30 }).map(text),
      // Characters of other widths: accents, combining marks, CJK, emoji, bidi overrides.
      fc
        .array(
          fc.constantFrom(
            "é",
            "ж",
            "\u0301",
            "中",
            "한",
            "ア",
            "！",
            "😀",
            "©",
            "\u202e",
            "x",
            " ",
            '"',
            "'",
          ),
          { maxLength: 45 },
        )
        .map((chars) => text(chars.join(""))),
      fc.integer({ min: -1e6, max: 1e9 }).map(number),
      fc.constantFrom<Expression>(
        { type: "text", text: "true" },
        { type: "text", text: "null" },
        { type: "text", text: "zone.shieldZoneId", breakable: true },
        { type: "text", text: "lists.byCategory.TorExitNodes.configurationId", breakable: true },
        { type: "call", callee: "read", argument: text("pz501001-ratelimit.html") },
      ),
    );
    const { value } = fc.letrec<{ value: Expression; object: Expression }>((tie) => ({
      value: fc.oneof(
        { depthSize: "small", withCrossShrink: true },
        leaf,
        fc
          .array(tie("value"), { maxLength: 5 })
          .map((elements) => ({ type: "array" as const, elements })),
        fc
          .array(fc.integer({ min: 0, max: 99_999 }), { minLength: 1, maxLength: 30 })
          .map((ns) => ({ type: "array" as const, numbers: true, elements: ns.map(number) })),
        tie("object"),
      ),
      object: fc
        .uniqueArray(fc.tuple(key, tie("value"), fc.boolean()), {
          maxLength: 5,
          selector: ([k]) => k,
        })
        .map((members) =>
          object(
            members.map(([k, v, commented]) =>
              property(k, v, commented ? ["A comment about the value below."] : undefined),
            ),
          ),
        ),
    }));
    const args = fc
      .uniqueArray(fc.tuple(key, value), { minLength: 1, maxLength: 6, selector: ([k]) => k })
      .map((members) =>
        object(
          members.map(([k, v]) => property(k, v)),
          true,
        ),
      );
    await fc.assert(
      fc.asyncProperty(args, async (expression) => {
        const written = statement(expression);
        assert.equal(written, await format(written));
      }),
      { numRuns: 300 },
    );
  });

  it("quotes strings and keys as prettier does", () => {
    assert.equal(stringLiteral("plain"), '"plain"');
    assert.equal(stringLiteral(`it's`), `"it's"`);
    assert.equal(stringLiteral(`a "b"`), `'a "b"'`);
    assert.equal(stringLiteral(`"a" 'b'`), `"\\"a\\" 'b'"`);
    assert.equal(stringLiteral("line\nbreak\u0000"), '"line\\nbreak\\u0000"');
    assert.equal(propertyKey("isEnabled"), "isEnabled");
    assert.equal(propertyKey("GET /pets"), '"GET /pets"');
    assert.equal(propertyKey("401"), '"401"');
    assert.equal(numberLiteral(1e21), "1e21");
  });

  it("wraps comments at the line width, a long word on a line of its own", () => {
    const lines = wrapComment(`${"word ".repeat(30)}${"x".repeat(100)} end`, 2);
    assert.ok(lines.slice(0, -2).every((line) => 2 + 3 + line.length <= 80));
    assert.deepEqual(lines.slice(-2), ["x".repeat(100), "end"]);
  });
});
