/**
 * What the Pulumi Registry reads from the repository: the overview (`docs/_index.md`) and the
 * installation page (`docs/installation-configuration.md`) in its layout, each example the text
 * of a program a suite runs, and the schema's metadata naming the packages a release builds.
 */
import { strict as assert } from "node:assert";
import { existsSync, readFileSync } from "node:fs";
import * as path from "node:path";
import { SETTINGS_SOURCES } from "../../src/config";
import { GITHUB, LOGO, REPOSITORY } from "../../scripts/package-schema";
import { registryExample } from "../support/registry-examples";

const REPO = path.resolve(__dirname, "../..");
const read = (file: string) => readFileSync(path.join(REPO, file), "utf8");

interface Schema {
  name: string;
  publisher?: string;
  repository?: string;
  homepage?: string;
  logoUrl?: string;
  keywords?: string[];
  pluginDownloadURL?: string;
  config: { variables: Record<string, unknown> };
  language: {
    go: { importBasePath: string };
    python: { packageName: string };
    nodejs: { packageName: string };
  };
}
const schema = JSON.parse(read("schema.json")) as Schema;

/** The page's front matter, as `key: value` lines. */
function frontMatter(page: string): Record<string, string> {
  const match = /^---\n([\s\S]*?)\n---\n/.exec(read(page));
  assert.ok(match, `${page} starts with front matter between --- lines`);
  return Object.fromEntries(
    match[1]!.split("\n").map((line) => {
      const colon = line.indexOf(":");
      return [line.slice(0, colon).trim(), line.slice(colon + 1).trim()];
    }),
  );
}

/** The README's fenced block of `language` that follows the text `after`. */
function readmeBlock(language: string, after: string): string {
  const readme = read("README.md");
  const start = readme.indexOf(after);
  assert.ok(start >= 0, `README.md holds "${after}"`);
  const block = new RegExp("```" + language + "\\n([\\s\\S]*?)```").exec(readme.slice(start));
  assert.ok(block, `README.md has a ${language} block after "${after}"`);
  return block[1]!;
}

describe("the Pulumi Registry's pages", function () {
  for (const page of ["docs/_index.md", "docs/installation-configuration.md"]) {
    it(`${page}: front matter with title, meta_desc and layout: package; linked from docs/README.md`, function () {
      const matter = frontMatter(page);
      assert.ok(matter.title, `${page} has a title`);
      assert.ok(matter.meta_desc, `${page} has a meta_desc`);
      assert.equal(matter.layout, "package");
      assert.ok(
        read("docs/README.md").includes(`(${path.basename(page)})`),
        `docs/README.md links ${page}`,
      );
    });
  }

  describe("docs/_index.md: one example per language, each a program a suite runs", function () {
    it("offers TypeScript, Python, Go and YAML in its chooser, and no other language", function () {
      const chooser = /\{\{< chooser language "([^"]+)" >\}\}/.exec(read("docs/_index.md"));
      assert.ok(chooser, "docs/_index.md has a chooser");
      assert.deepEqual(chooser[1]!.split(","), ["typescript", "python", "go", "yaml"]);
    });

    it("TypeScript: the README's example, which test/engine/registry-examples.test.ts runs", function () {
      assert.equal(registryExample("typescript"), readmeBlock("ts", "## Example"));
    });

    it("Python: the README's example, which test/engine/plugin-python.test.ts runs", function () {
      assert.equal(
        registryExample("python"),
        readmeBlock("python", "Python uses the generated SDK"),
      );
    });

    it("YAML: the README's example, which test/engine/registry-examples.test.ts runs", function () {
      assert.equal(registryExample("yaml"), readmeBlock("yaml", "YAML needs no SDK"));
    });

    it("Go: a main.go around pulumi.Run on the Go SDK, which test/engine/registry-examples.test.ts runs", function () {
      const go = registryExample("go");
      assert.match(go, /^package main\n/);
      assert.ok(go.includes(`"${schema.language.go.importBasePath}"`), "imports the Go SDK");
      assert.equal(go.split("func main() {\n").length, 2, "one func main");
      assert.equal(go.split("pulumi.Run(").length, 2, "one pulumi.Run");
    });
  });

  describe("docs/installation-configuration.md", function () {
    const page = read("docs/installation-configuration.md");

    it("names each package a release builds, and the plugin's install command", function () {
      for (const name of [
        "pulumi-bunnynet-shield",
        schema.language.nodejs.packageName,
        schema.language.python.packageName,
        schema.language.go.importBasePath,
        `pip install ${schema.language.python.packageName}`,
        `pulumi plugin install resource ${schema.name} <version>`,
        `pulumi plugin install resource ${schema.name} <version> --file`,
        schema.pluginDownloadURL!,
      ]) {
        assert.ok(page.includes(name), `the page names ${name}`);
      }
    });

    it("names every configuration key of both forms and every environment variable", function () {
      for (const { config, env } of Object.values(SETTINGS_SOURCES)) {
        assert.ok(page.includes(`\`${config}\``), `the page names ${config}`);
        assert.ok(page.includes(`\`${env}\``), `the page names ${env}`);
      }
      for (const key of Object.keys(schema.config.variables)) {
        assert.ok(
          page.includes(`\`${schema.name}:${key}\``),
          `the page names ${schema.name}:${key}`,
        );
      }
      assert.ok(page.includes(`pulumi config set --secret ${schema.name}:apiKey`));
      assert.ok(page.includes(`pulumi config set --secret ${SETTINGS_SOURCES.apiKey.config}`));
      assert.ok(page.includes(`export ${SETTINGS_SOURCES.apiKey.env}=`));
    });
  });
});

describe("the schema's metadata and the packages a release builds", function () {
  const npmPackage = JSON.parse(read("package.json")) as {
    name: string;
    homepage?: string;
    repository?: { url: string };
  };
  const sdkPackage = JSON.parse(read("sdk/nodejs/package.json")) as { name: string };

  it("publisher, repository, homepage, keywords with a category and a kind", function () {
    assert.ok(schema.publisher, "the schema has a publisher");
    assert.equal(schema.repository, REPOSITORY);
    assert.equal(schema.homepage, REPOSITORY);
    assert.ok(schema.keywords?.includes("category/network"), String(schema.keywords));
    assert.ok(schema.keywords?.includes("kind/native"), String(schema.keywords));
    assert.equal(schema.pluginDownloadURL, `github://api.github.com/${GITHUB}`);
  });

  it("logoUrl is the repository's square SVG logo on its main branch", function () {
    assert.equal(schema.logoUrl, `https://raw.githubusercontent.com/${GITHUB}/main/${LOGO}`);
    assert.ok(existsSync(path.join(REPO, LOGO)), `${LOGO} exists`);
    const svg = read(LOGO);
    const width = /<svg[^>]*\swidth="(\d+)"/.exec(svg)?.[1];
    const height = /<svg[^>]*\sheight="(\d+)"/.exec(svg)?.[1];
    assert.ok(width && width === height, `${LOGO} is square (${width}×${height})`);
  });

  it("each language's package is named as the release builds it", function () {
    assert.equal(npmPackage.name, "pulumi-bunnynet-shield");
    assert.equal(npmPackage.homepage, REPOSITORY);
    assert.equal(npmPackage.repository?.url, `git+${REPOSITORY}.git`);
    assert.equal(sdkPackage.name, schema.language.nodejs.packageName);
    assert.equal(sdkPackage.name, "pulumi-bunnynet-shield-sdk");
    const pyproject = read("sdk/python/pyproject.toml");
    assert.equal(/^\s*name = "([^"]+)"/m.exec(pyproject)?.[1], schema.language.python.packageName);
    assert.equal(schema.language.python.packageName, "pulumi_bunnynet_shield");
    const goModule = /^module (\S+)$/m.exec(read("sdk/go/go.mod"))?.[1];
    assert.equal(goModule, `github.com/${GITHUB}/sdk/go`);
    assert.equal(schema.language.go.importBasePath, `${goModule}/bunnynetshield`);
  });
});
