/**
 * docs/from-terraform.md keeps up with the kinds: every name it gives on this package's side
 * of its tables is an input or an output of the kind it stands for, so that a kind's input
 * renamed or removed fails here instead of leaving the page wrong. (The Terraform side was read
 * in the Terraform provider's source; see the page.)
 */
import { strict as assert } from "node:assert";
import { readFileSync } from "node:fs";
import * as path from "node:path";
import { inputsOf, type KindDeclaration } from "../../src/resources/kit/declaration";
import { KINDS } from "../../src/resources/kit/registry";

const DOCS = path.resolve(__dirname, "../../docs");
const page = readFileSync(path.join(DOCS, "from-terraform.md"), "utf8");

/** `AccessListConfiguration` → `access-list-configuration`, as folders and pages are named. */
const kebab = (name: string) => name.replace(/(?<=[a-z0-9])(?=[A-Z])/g, "-").toLowerCase();

/** The names a kind declares: its inputs and its outputs. */
function namesOf(kind: string): Set<string> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { declaration } = require(`../../src/resources/${kebab(kind)}/declaration`) as {
    declaration: KindDeclaration;
  };
  return new Set([...Object.keys(inputsOf(declaration)), ...Object.keys(declaration.outputs)]);
}

/** The `## ` section titled `title`, up to the next. */
function section(title: string): string {
  const start = page.indexOf(`\n## ${title}\n`);
  assert.ok(start >= 0, `from-terraform.md has a section "## ${title}"`);
  const end = page.indexOf("\n## ", start + 1);
  return page.slice(start, end < 0 ? undefined : end);
}

/** The code spans of the second column ("here") of a section's table rows. */
function hereColumn(text: string): string[] {
  return text
    .split("\n")
    .filter((line) => line.startsWith("| ") && !/^\| -/.test(line))
    .slice(1) // the header
    .flatMap((line) => [...(line.split(" | ")[1] ?? "").matchAll(/`([^`]+)`/g)].map((m) => m[1]!));
}

describe("docs/from-terraform.md: this package's side of the tables", function () {
  it("every `Kind.input` it names is a kind's input or output", function () {
    const references = [...page.matchAll(/`([A-Z][A-Za-z]+)\.([a-zA-Z]+)[^`]*`/g)];
    assert.ok(references.length >= 20, `${references.length} references`);
    for (const [text, kind, name] of references) {
      assert.ok(KINDS.includes(kind as never), `${text}: ${kind} is a kind`);
      assert.ok(namesOf(kind!).has(name!), `${text}: ${kind} declares ${name}`);
    }
  });

  for (const [resource, kind] of [
    ["bunnynet_pullzone_waf_rule", "WafCustomRule"],
    ["bunnynet_pullzone_ratelimit_rule", "RateLimit"],
    ["bunnynet_pullzone_access_list", "AccessList"],
  ] as const) {
    it(`${resource}: each name on this side is ${kind}'s, or a condition's member`, function () {
      const names = namesOf(kind);
      const conditionPage = readFileSync(
        path.join(DOCS, "resources", "waf-custom-rule.md"),
        "utf8",
      );
      for (const name of hereColumn(section(`\`${resource}\``))) {
        const member = /^conditions\[\]\.(\w+)$/.exec(name)?.[1];
        if (member) {
          assert.ok(conditionPage.includes(`| \`${member}\``), `${name}: a condition's member`);
        } else if (/^[a-z][A-Za-z]*$/.test(name)) {
          assert.ok(names.has(name), `${resource}: ${kind} declares ${name}`);
        }
      }
    });
  }

  it("is linked from docs/README.md", function () {
    assert.ok(readFileSync(path.join(DOCS, "README.md"), "utf8").includes("(from-terraform.md)"));
  });
});
