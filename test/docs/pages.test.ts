/**
 * The documentation keeps up with the code: every resource kind and every data function has
 * its page under docs/, in the common format, linked from the index, and a resource's page
 * names every input and output its declaration gives.
 */
import { strict as assert } from "node:assert";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import * as path from "node:path";
import * as functions from "../../src/functions";
import { SHIELD_POLICY_NAMES } from "../../src/policy";
import { KINDS } from "../../src/resources/kit/registry";
import { inputsOf, type KindDeclaration } from "../../src/resources/kit/declaration";

const DOCS = path.resolve(__dirname, "../../docs");
const index = readFileSync(path.join(DOCS, "README.md"), "utf8");

/** `AccessListConfiguration` → `access-list-configuration`, as folders and pages are named. */
const kebab = (name: string) => name.replace(/(?<=[a-z0-9])(?=[A-Z])/g, "-").toLowerCase();

/** The page's `## ` sections by title, each with its text. */
function sections(text: string): Map<string, string> {
  const found = new Map<string, string>();
  const parts = text.split(/^## /m).slice(1);
  for (const part of parts) {
    const newline = part.indexOf("\n");
    found.set(part.slice(0, newline).trim(), part.slice(newline + 1));
  }
  return found;
}

function assertSections(page: string, text: string, wanted: readonly string[]): void {
  const titles = [...sections(text).keys()];
  for (const title of wanted) {
    assert.ok(
      titles.includes(title),
      `${page} has no "## ${title}" section (it has ${titles.join(", ")})`,
    );
  }
}

describe("the documentation pages", function () {
  describe("resources", function () {
    for (const kind of KINDS) {
      const page = `resources/${kebab(kind)}.md`;

      it(`${kind}: ${page}, in the common format, linked from the index`, function () {
        const file = path.join(DOCS, page);
        assert.ok(existsSync(file), `docs/${page} is missing`);
        const text = readFileSync(file, "utf8");
        assert.match(
          text,
          new RegExp(`^# ${kind}\\n`),
          `docs/${page} does not start with "# ${kind}"`,
        );
        assertSections(page, text, ["Example", "Inputs", "Outputs", "On the service", "Errors"]);
        assert.ok(index.includes(`(${page})`), `docs/README.md does not link ${page}`);
      });

      it(`${kind}: the page names every input and output the kind declares`, function () {
        // eslint-disable-next-line @typescript-eslint/no-require-imports
        const { declaration } = require(`../../src/resources/${kebab(kind)}/declaration`) as {
          declaration: KindDeclaration;
        };
        const found = sections(readFileSync(path.join(DOCS, page), "utf8"));
        const unnamed = (section: string, names: string[]) =>
          names.filter((name) => !(found.get(section) ?? "").includes(`\`${name}\``));
        assert.deepEqual(
          unnamed("Inputs", Object.keys(inputsOf(declaration))),
          [],
          `docs/${page} does not document these inputs`,
        );
        // An output that is also an input may be covered by its input's row.
        const outputsOnly = Object.keys(declaration.outputs).filter(
          (name) => !(name in inputsOf(declaration)),
        );
        assert.deepEqual(
          unnamed("Outputs", outputsOnly),
          [],
          `docs/${page} does not document these outputs`,
        );
      });
    }
  });

  describe("functions", function () {
    const pages = readdirSync(path.join(DOCS, "functions")).filter(
      (f) => f.endsWith(".md") && f !== "README.md",
    );
    const titles = new Map(
      pages.map((f) => [f, readFileSync(path.join(DOCS, "functions", f), "utf8").split("\n")[0]!]),
    );
    const names = Object.entries(functions)
      .filter(([name, value]) => typeof value === "function" && !name.endsWith("Output"))
      .map(([name]) => name);

    it("exports data functions to check", function () {
      assert.ok(names.includes("getBotDetection"), names.join(", "));
    });

    for (const name of names) {
      it(`${name}: a page titled with its name, in the common format, linked from the index`, function () {
        const page = [...titles].find(([, title]) =>
          new RegExp(`^# (.*\\b)?${name}\\b`).test(title),
        )?.[0];
        assert.ok(page, `no page under docs/functions/ has a title naming ${name}`);
        const text = readFileSync(path.join(DOCS, "functions", page), "utf8");
        assertSections(page, text, ["Example", "Inputs", "Result", "Errors"]);
        assert.ok(index.includes(`(functions/${page})`), `docs/README.md does not link ${page}`);
        assert.ok(text.includes(`${name}Output`), `${page} does not mention ${name}Output`);
      });
    }
  });

  it("policy.md: a section per policy, with the message the CLI printed, linked from the index", function () {
    const text = readFileSync(path.join(DOCS, "policy.md"), "utf8");
    // A policy's section: a heading of level 3 or 4 starting with its name, to the next heading.
    const sections = text.split(/\n(?=#{2,4} )/);
    for (const name of SHIELD_POLICY_NAMES) {
      const section = sections.find((s) => new RegExp(`^#{3,4} \`${name}\``).test(s));
      assert.ok(section, `policy.md has no "### \`${name}\`" (or ####) section`);
      assert.match(section, new RegExp(`\\[(advisory|mandatory)\\] .* ${name} `), name);
    }
    assert.ok(index.includes("(policy.md)"), "docs/README.md does not link policy.md");
  });
});
