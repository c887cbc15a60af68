/**
 * The programs `generate --language yaml|python|go` writes, on the provider plugin, from the
 * furnished zone (and a second zone, and with `--all`): the files of each, every resource of the
 * model declared with its kind's type and its values (references, files and lists included),
 * enum members as the SDKs name them, and the text as its language's formatter leaves it:
 * prettier for the YAML, the layout black keeps (and Python's own parser) for Python, gofmt for
 * Go. The CLI suite (test/engine/cli-generate-languages.test.ts) runs the programs themselves.
 */
import { strict as assert } from "node:assert";
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import * as prettier from "prettier";
import { parse } from "yaml";
import { generateProgram, type GenerateLanguage } from "../../src/generate";
import { BLACK_WIDTH } from "../../src/generate/python/emit";
import {
  ProgramReference,
  resolved,
  type ProgramModel,
  type ProgramResource,
  type ProgramValue,
} from "../../src/generate/model";
import { KINDS } from "../../src/resources/kit/registry";
import {
  BASIC_ZONE,
  fastClient,
  OPENAPI,
  PULL_ZONE,
  temporaryFolder,
  useFurnishedEmulator,
} from "./zone";

type Plugin = Exclude<GenerateLanguage, "typescript">;

const resourcesOf = (model: ProgramModel): ProgramResource[] =>
  model.zones.flatMap((zone) =>
    zone.statements.filter((s): s is ProgramResource => s.type === "resource"),
  );

/** The files a model's line lists are written to. */
function lineFiles(model: ProgramModel): Set<string> {
  const files = new Set<string>();
  const walk = (value: ProgramValue): void => {
    if (value instanceof ProgramReference) {
      if (value.target.type === "file" && value.target.lines) files.add(value.target.file);
    } else if (Array.isArray(value)) value.forEach(walk);
    else if (value !== null && typeof value === "object") Object.values(value).forEach(walk);
  };
  for (const resource of resourcesOf(model)) resource.args.forEach((a) => walk(a.value));
  return files;
}

describe("the programs in YAML, Python and Go", function () {
  this.timeout(120_000);
  const emulator = useFurnishedEmulator();
  const programs: Array<{
    name: string;
    language: Plugin;
    files: Readonly<Record<string, string>>;
    model: ProgramModel;
  }> = [];

  before(async () => {
    const variants = {
      several: {
        zones: [{ pullZoneId: PULL_ZONE, openApiDocument: OPENAPI }, { shieldZoneId: BASIC_ZONE }],
      },
      all: { zones: [{ pullZoneId: PULL_ZONE }], all: true },
    };
    for (const language of ["yaml", "python", "go"] as const) {
      for (const [name, options] of Object.entries(variants)) {
        const { files, model } = await generateProgram({
          ...options,
          language,
          client: fastClient(emulator()),
        });
        programs.push({ name: `${language}/${name}`, language, files, model });
      }
    }
  });
  const of = (language: Plugin) => programs.filter((p) => p.language === language);

  it("writes each language's files beside the model's", () => {
    const own: Record<Plugin, string[]> = {
      yaml: ["Pulumi.yaml"],
      python: ["Pulumi.yaml", "__main__.py", "requirements.txt"],
      go: ["Pulumi.yaml", "go.mod", "main.go"],
    };
    for (const { name, language, files, model } of programs) {
      // YAML writes long lists in the program (see yaml/emit.ts), the others read their files.
      const beside = Object.keys(model.files).filter(
        (file) => language !== "yaml" || !lineFiles(model).has(file),
      );
      assert.deepEqual(Object.keys(files).sort(), [...own[language], ...beside].sort(), name);
      for (const file of beside) assert.equal(files[file], model.files[file], `${name}/${file}`);
    }
    assert.ok(lineFiles(programs[0]!.model).size > 0, "the furnished zone has a long list");
  });

  it("YAML: every resource with its kind's type and its values, as prettier formats it", async () => {
    for (const { name, files, model } of of("yaml")) {
      const text = files["Pulumi.yaml"]!;
      assert.equal(await prettier.format(text, { parser: "yaml" }), text, name);
      const program = parse(text) as {
        runtime: string;
        variables?: Record<string, { "fn::invoke": { function: string } }>;
        resources: Record<string, { type: string; properties: Record<string, unknown> }>;
      };
      assert.equal(program.runtime, "yaml");
      const resources = resourcesOf(model);
      assert.deepEqual(
        Object.keys(program.resources),
        resources.map((r) => r.name),
      );
      for (const resource of resources) {
        const declared = program.resources[resource.name]!;
        assert.equal(declared.type, `bunnynet-shield:${resource.kind}`);
        assert.deepEqual(
          Object.keys(declared.properties),
          resource.args.map((a) => a.name),
        );
        for (const { name: input, value } of resource.args) {
          const written = declared.properties[input];
          if (value instanceof ProgramReference && value.target.type === "lookup") {
            const { lookup, path: steps } = value.target;
            assert.equal(
              written,
              `\${${lookup}.byCategory[${JSON.stringify(steps[1])}].configurationId}`,
            );
            assert.equal(
              program.variables?.[lookup]?.["fn::invoke"].function,
              "bunnynet-shield:getAccessLists",
            );
          } else if (
            value instanceof ProgramReference &&
            value.target.type === "file" &&
            !value.target.lines
          ) {
            assert.deepEqual(written, { "fn::readFile": `./${value.target.file}` });
          } else {
            assert.deepEqual(written, resolved(value), `${resource.name}.${input}`);
          }
        }
      }
    }
  });

  it("Python: every resource, enum members as the SDK names them, in the layout black keeps", () => {
    for (const { name, files, model } of of("python")) {
      const text = files["__main__.py"]!;
      for (const resource of resourcesOf(model)) {
        assert.ok(
          text.includes(`\nshield.${resource.kind}(\n    "${resource.name}",\n`),
          `${name}: ${resource.name}`,
        );
      }
      assert.match(text, /^import pulumi_bunnynet_shield as shield$/m);
      for (const member of [
        "shield.WafRuleVariable.REQUEST_URI",
        "shield.WafRuleOperator.BEGINSWITH",
        "shield.DdosShieldSensitivity.HIGH",
        "shield.CustomPageType.BLOCK",
        "shield.BotCategoryAction.BLOCK",
      ]) {
        assert.ok(text.includes(member), `${name}: ${member}`);
      }
      assert.match(text, /configuration_id=lists\d*\.by_category\["\w+"\]\.configuration_id,/);
      assert.match(text, /entries=lines\("[\w-]+\.txt"\),/);
      // black's layout: a line over 88 columns only where nothing could break it, and every
      // bracket broken onto lines closed after a trailing comma (which keeps it broken).
      const lines = text.split("\n");
      for (const line of lines) {
        if (line.length > BLACK_WIDTH) assert.doesNotMatch(line, /[([{]./, `${name}: ${line}`);
      }
      lines.forEach((line, i) => {
        if (/^\s*[)\]}],?$/.test(line) && i > 0) {
          assert.match(lines[i - 1]!, /,$/, `${name}, line ${i + 1}: ${lines[i - 1]}`);
        }
      });
      assert.match(
        files["requirements.txt"]!,
        /^pulumi>=3\.248\.0,<4\.0\.0\npulumi_bunnynet_shield~=\d+\.\d+\.\d+\n$/,
      );
      assert.match(files["Pulumi.yaml"]!, /^runtime:\n {2}name: python\n/m);
    }
  });

  it("Python: the program parses", function () {
    if (spawnSync("python3", ["--version"]).status !== 0) {
      console.log("      python3 not found: this test is pending.");
      this.skip();
    }
    const folder = temporaryFolder();
    for (const { name, files } of of("python")) {
      const file = path.join(folder, `${name.replace("/", "-")}.py`);
      fs.writeFileSync(file, files["__main__.py"]!);
      const parsed = spawnSync(
        "python3",
        ["-c", "import ast, sys; ast.parse(open(sys.argv[1]).read())", file],
        {
          encoding: "utf8",
        },
      );
      assert.equal(parsed.status, 0, `${name}: ${parsed.stderr}`);
    }
  });

  it("Go: every resource, enum constants as the SDK names them, and gofmt changes nothing", function () {
    for (const { name, files, model } of of("go")) {
      const text = files["main.go"]!;
      for (const resource of resourcesOf(model)) {
        assert.ok(
          text.includes(
            `\tif _, err := shield.New${resource.kind}(ctx, "${resource.name}", &shield.${resource.kind}Args{\n`,
          ),
          `${name}: ${resource.name}`,
        );
      }
      for (const constant of [
        "shield.WafRuleActionBlock",
        "shield.DdosShieldSensitivityHigh",
        "shield.ShieldPlanTypeAdvanced",
        "shield.BotCategoryActionBlock",
      ]) {
        assert.ok(text.includes(constant), `${name}: ${constant}`);
      }
      // A union of an enum and any text is text in the Go SDK.
      assert.match(text, /\tVariable: +pulumi\.String\("REQUEST_URI"\),/, name);
      assert.match(
        text,
        /lists\d*\.ByCategory\(\)\.MapIndex\(pulumi\.String\("\w+"\)\)\.ConfigurationId\(\)/,
      );
      assert.match(
        files["go.mod"]!,
        /^require \(\n\tgithub\.com\/pulumi-bunnynet-shield\/pulumi-bunnynet-shield\/sdk\/go v\d+\.\d+\.\d+\n\tgithub\.com\/pulumi\/pulumi\/sdk\/v3 v3\.248\.0\n\)$/m,
      );
    }
    if (spawnSync("gofmt", ["--help"]).error) {
      console.log("      gofmt not found (Go is needed): the gofmt check is pending.");
      this.skip();
    }
    const folder = temporaryFolder();
    for (const { name, files } of of("go")) {
      const file = path.join(folder, `${name.replace("/", "-")}.go`);
      fs.writeFileSync(file, files["main.go"]!);
      const formatted = spawnSync("gofmt", ["-d", file], { encoding: "utf8" });
      assert.equal(formatted.status, 0, formatted.stderr);
      assert.equal(formatted.stdout, "", `${name}: gofmt would change main.go`);
    }
  });

  it("declares every kind in each language", () => {
    for (const { name, model } of programs) {
      const kinds = new Set(resourcesOf(model).map((r) => r.kind));
      assert.deepEqual(
        KINDS.filter((kind) => !kinds.has(kind)),
        [],
        name,
      );
    }
  });
});
