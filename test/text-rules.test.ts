/**
 * The text rules the client, the resources and the emulator share: the live service's rule
 * names, and the characters no name may hold; each refusal names the characters at fault.
 */
import { strict as assert } from "node:assert";
import { describeValue } from "../src/client/errors";
import {
  escapeUnsafe,
  RULE_NAME_PATTERN,
  ruleTextProblem,
  unsafeTextProblem,
} from "../src/text-rules";

describe("text rules", () => {
  it("rule names: ASCII letters, digits and spaces; the refusal names each character once", () => {
    for (const name of ["Block admin", "Login attempts", "a", "R2 D2", "  padded  "]) {
      assert.ok(RULE_NAME_PATTERN.test(name), name);
      assert.equal(ruleTextProblem(name), undefined, name);
    }
    assert.equal(
      ruleTextProblem("Block /admin except from the office/"),
      '"/" (U+002F) is not allowed: the service takes only ASCII letters (a-z, A-Z), digits (0-9) and spaces in rule names and descriptions',
    );
    assert.match(
      ruleTextProblem("don't block-admin")!,
      /^"'" \(U\+0027\) and "-" \(U\+002D\) are not allowed: /,
    );
    assert.match(
      ruleTextProblem("a\nb\u202e")!,
      /^U\+000A \(line feed\) and U\+202E \(right-to-left override\) are not/,
    );
    assert.match(ruleTextProblem("café naïve")!, /^"é" \(U\+00E9\) and "ï" \(U\+00EF\) are not/);
    assert.match(ruleTextProblem("tab\there")!, /^U\+0009 \(tab\) is not/);
    assert.match(
      ruleTextProblem("a_b.c,d;e:f!g")!,
      /^"_" \(U\+005F\), "\." \(U\+002E\), ",".*, ":" \(U\+003A\) and 1 more are not/,
    );
    assert.match(ruleTextProblem("emoji \u{1f600}")!, /^"\u{1f600}" \(U\+1F600\) is not/u);
  });

  it("a name must not be empty; a description may", () => {
    assert.match(ruleTextProblem("")!, /^expected at least one character: ASCII letters/);
    assert.equal(ruleTextProblem("", { allowEmpty: true }), undefined);
    assert.match(ruleTextProblem("a/b", { allowEmpty: true })!, /^"\/" \(U\+002F\) is not allowed/);
  });

  it("unsafe characters: controls (C0, DEL, C1) and bidirectional marks, overrides, isolates", () => {
    const refused = [
      ["a\nb", "U+000A (line feed)"],
      ["a\u0000", "U+0000 (NUL)"],
      ["\u001b[31mred", "U+001B (escape)"],
      ["del\u007f", "U+007F (delete)"],
      ["c1\u0085", "U+0085"],
      ["\u202egnp.exe", "U+202E (right-to-left override)"],
      ["a\u202ab", "U+202A (left-to-right embedding)"],
      ["a\u2066b\u2069", "U+2066 (left-to-right isolate) and U+2069 (pop directional isolate)"],
      ["mark\u200e", "U+200E (left-to-right mark)"],
      ["mark\u200f", "U+200F (right-to-left mark)"],
    ] as const;
    for (const [text, named] of refused) {
      const problem = unsafeTextProblem(text);
      assert.ok(problem?.startsWith(`${named} `), `${JSON.stringify(text)}: ${problem}`);
      assert.match(
        problem!,
        /control characters and bidirectional marks, overrides and isolates are refused$/,
      );
    }
    for (const text of ["Office", "Büro München", "مكتب", "東京オフィス", "a b-c/d"]) {
      assert.equal(unsafeTextProblem(text), undefined, text);
    }
  });

  it("messages show invisible characters escaped, so an override cannot turn them around", () => {
    assert.equal(escapeUnsafe("a\u202eb\u0085c"), "a\\u202eb\\u0085c");
    assert.equal(describeValue("x\u202ey\u2066z\u007f"), '"x\\u202ey\\u2066z\\u007f"');
    assert.equal(describeValue("line\nbreak"), '"line\\nbreak"');
  });
});
