/**
 * Every custom WAF rule and rate-limit name (and description) that the example, the README,
 * the docs' code blocks and the declarations' TSDoc examples show is one the live service
 * accepts, by the same rule the client and `check` apply ({@link RULE_NAME_PATTERN}): a user
 * who copies one must not meet a 400 at `pulumi up`.
 */
import { strict as assert } from "node:assert";
import { readdirSync, readFileSync } from "node:fs";
import * as path from "node:path";
import { ruleTextProblem, RULE_NAME_PATTERN } from "../../src/text-rules";

const ROOT = path.resolve(__dirname, "../..");

/** A name or description found, and where. */
interface Found {
  readonly where: string;
  readonly field: string;
  readonly value: string;
}

const STRING = String.raw`"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|` + "`[^`]*`";

/** The text of a string literal; undefined for a template with substitutions (not a constant). */
function literal(text: string): string | undefined {
  if (text.startsWith("`")) return text.includes("${") ? undefined : text.slice(1, -1);
  if (text.startsWith("'")) return JSON.parse(`"${text.slice(1, -1).replace(/"/g, '\\"')}"`);
  return JSON.parse(text) as string;
}

/** The text from the `{` at or after `from` to its matching `}`, strings skipped. */
function balancedObject(text: string, from: number): string {
  const start = text.indexOf("{", from);
  if (start < 0) return "";
  let depth = 0;
  for (let i = start; i < text.length; i++) {
    const c = text[i]!;
    if (c === '"' || c === "'" || c === "`") {
      const end = new RegExp(STRING, "y");
      end.lastIndex = i;
      const match = end.exec(text);
      if (match) i += match[0].length - 1;
    } else if (c === "{") depth++;
    else if (c === "}" && --depth === 0) return text.slice(start, i + 1);
  }
  return text.slice(start);
}

/** `field: "value"` members of `object` for the given fields. */
function members(object: string, fields: readonly string[], where: string): Found[] {
  const member = new RegExp(String.raw`\b(${fields.join("|")})\s*:\s*(${STRING})`, "g");
  return [...object.matchAll(member)].flatMap(([, field, raw]) => {
    const value = literal(raw!);
    return value === undefined ? [] : [{ where, field: field!, value }];
  });
}

/**
 * The rule names and descriptions a text shows: resource arguments (`new WafCustomRule(…)`,
 * `RateLimit(…)`), client calls (`wafCustomRules.create(…)`), a preview's listing of a rule,
 * a Pulumi YAML resource of either type, and error messages that quote a rule by name.
 */
function ruleTexts(text: string, where: string): Found[] {
  const found: Found[] = [];
  for (const call of text.matchAll(/\b(?:WafCustomRule|RateLimit)\s*\(/g)) {
    found.push(...members(balancedObject(text, call.index), ["name", "description"], where));
  }
  for (const call of text.matchAll(
    /\b(?:wafCustomRules|rateLimits)\.(?:create|update|replace)\s*\(/g,
  )) {
    found.push(
      ...members(balancedObject(text, call.index), ["ruleName", "ruleDescription"], where),
    );
  }
  // A preview or state listing: from the rule's header to the next resource's.
  const lines = text.split("\n");
  lines.forEach((line, i) => {
    if (!/dynamic\/bunnynet:(?:WafCustomRule|RateLimit)\b/.test(line) || /\[urn=/.test(line)) {
      return;
    }
    for (const next of lines.slice(i + 1)) {
      if (/pulumi-nodejs:dynamic|^\S/.test(next) && !/\[urn=/.test(next)) break;
      const property = /^\s*[-+~]?\s*(name|description)\s*:\s*(.*)$/.exec(next);
      if (!property) continue;
      for (const [raw] of property[2]!.matchAll(new RegExp(STRING, "g"))) {
        found.push({ where, field: property[1]!, value: literal(raw)! });
      }
    }
  });
  // Pulumi YAML: a resource's `type:` line, then its deeper-indented properties.
  lines.forEach((line, i) => {
    const type = /^(\s*)type:\s*\S*(?:WafCustomRule|RateLimit)\b/.exec(line);
    if (!type) return;
    const indent = type[1]!.length;
    for (const next of lines.slice(i + 1)) {
      if (next.trim() !== "" && next.length - next.trimStart().length < indent) break;
      const property = /^\s*(name|description):\s*(.*?)\s*$/.exec(next);
      if (property) {
        const raw = property[2]!;
        const value = /^["']/.test(raw) ? literal(raw) : raw;
        if (value !== undefined) found.push({ where, field: property[1]!, value });
      }
    }
  });
  for (const [, value] of text.matchAll(
    /\b(?:WafCustomRule|RateLimit) "([^"]*)" in shield zone/g,
  )) {
    found.push({ where, field: "name", value: value! });
  }
  return found;
}

/** The fenced code blocks of a Markdown text. */
function codeBlocks(markdown: string): string[] {
  return [...markdown.matchAll(/^([ \t]*)(```|~~~)[^\n]*\n([\s\S]*?)^\1\2[ \t]*$/gm)].map(
    (m) => m[3]!,
  );
}

function filesUnder(dir: string, keep: (name: string) => boolean): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && keep(entry.name))
    .map((entry) => path.relative(ROOT, path.join(entry.parentPath, entry.name)))
    .filter((file) => !file.startsWith(`docs${path.sep}api${path.sep}`))
    .sort();
}

/** Every name and description the published texts show. */
function published(): Found[] {
  const read = (file: string) => readFileSync(path.join(ROOT, file), "utf8");
  const examples = readdirSync(path.join(ROOT, "examples"))
    .filter((name) => name.endsWith(".ts"))
    .map((name) => path.join("examples", name));
  const declarations = readdirSync(path.join(ROOT, "src/resources"))
    .map((kind) => path.join("src/resources", kind, "declaration.ts"))
    .filter((file) => {
      try {
        return read(file) !== "";
      } catch {
        return false;
      }
    });
  const markdown = ["README.md", ...filesUnder("docs", (name) => name.endsWith(".md"))];
  return [
    ...[...examples, ...declarations].flatMap((file) => ruleTexts(read(file), file)),
    ...markdown.flatMap((file) => {
      const text = read(file);
      return [
        ...codeBlocks(text).flatMap((block) => ruleTexts(block, file)),
        // Prose quotes names in error messages (outside code blocks too).
        ...ruleTexts(text.replace(/^```[\s\S]*?^```/gm, ""), file).filter(
          (f) => f.field === "name",
        ),
      ];
    }),
  ];
}

describe("rule names in the example, the README and the docs", () => {
  it("finds names and descriptions in every form the texts use them", () => {
    const found = ruleTexts(
      [
        'new WafCustomRule("a", { shieldZoneId, name: "Block /admin", description: `x` });',
        'new shield.RateLimit("b", { conditions: [{ value: "/x" }], name: \'Login\', });',
        'await client.wafCustomRules.create({ ruleName: "r-1", ruleDescription: "" });',
        "    ~ pulumi-nodejs:dynamic/bunnynet:RateLimit: (update)",
        "        [urn=urn:pulumi:docs::x::pulumi-nodejs:dynamic/bunnynet:RateLimit::login]",
        '      ~ name        : "old name" => "new/name"',
        "resources:",
        "  limit:",
        "    type: bunnynet-shield:index:RateLimit",
        "    properties:",
        "      name: Login attempts!",
        "  other:",
        "    type: aws:s3:Bucket",
        "    properties:",
        "      name: not a rule",
        'WafCustomRule "Block me" in shield zone 12345 already exists',
        'new WafCustomRule("c", { name: `rule ${n}` });',
      ].join("\n"),
      "sample",
    );
    assert.deepEqual(
      found.map((f) => `${f.field}=${f.value}`),
      [
        "name=Block /admin",
        "description=x",
        "name=Login",
        "ruleName=r-1",
        "ruleDescription=",
        "name=old name",
        "name=new/name",
        "name=Login attempts!",
        "name=Block me",
      ],
    );
  });

  it("every one is accepted by the live service's rule", () => {
    const found = published();
    // The reader sees the places that show rules: the example's two, and each rule kind's page.
    const places = new Set(found.map((f) => f.where));
    for (const place of [
      "examples/index.ts",
      "docs/resources/waf-custom-rule.md",
      "docs/resources/rate-limit.md",
      "docs/previews.md",
      "src/resources/waf-custom-rule/declaration.ts",
    ]) {
      assert.ok(places.has(place), `no rule name found in ${place}; is the reader still right?`);
    }
    const refused = found
      .map((f) => {
        const problem = ruleTextProblem(f.value, { allowEmpty: f.field.endsWith("escription") });
        return problem && `${f.where}: ${f.field} ${JSON.stringify(f.value)}: ${problem}`;
      })
      .filter((line) => line !== undefined);
    assert.deepEqual(refused, [], `names the service refuses (${RULE_NAME_PATTERN}):`);
  });
});
