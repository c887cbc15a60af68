/**
 * A generated program as a user gets it: every file as prettier formats it, and index.ts
 * type-checking against this package (resolved to its sources, as an installed copy would give
 * its declarations).
 */
import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import * as path from "node:path";
import * as prettier from "prettier";
import ts from "typescript";
import { generateProgram, writeProgram } from "../../src/generate";
import {
  BASIC_ZONE,
  fastClient,
  OPENAPI,
  PULL_ZONE,
  temporaryFolder,
  useFurnishedEmulator,
} from "./zone";

const REPOSITORY = path.resolve(__dirname, "../..");

/** The diagnostics of compiling `folder`'s index.ts as its tsconfig.json says, the package resolved to its sources. */
function typeCheck(
  folder: string,
  previous?: ts.Program,
): { errors: string[]; program: ts.Program } {
  const config = ts.readConfigFile(path.join(folder, "tsconfig.json"), ts.sys.readFile);
  assert.equal(config.error, undefined);
  const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, folder);
  const program = ts.createProgram({
    rootNames: parsed.fileNames,
    options: {
      ...parsed.options,
      noEmit: true,
      typeRoots: [path.join(REPOSITORY, "node_modules/@types")],
      baseUrl: folder,
      paths: { "pulumi-bunnynet-shield": [path.join(REPOSITORY, "src/index.ts")] },
    },
    oldProgram: previous,
  });
  const errors = ts
    .getPreEmitDiagnostics(program)
    .map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n"));
  return { errors, program };
}

describe("a generated program", function () {
  this.timeout(180_000);
  const emulator = useFurnishedEmulator();
  const programs: Array<{ name: string; folder: string; files: Readonly<Record<string, string>> }> =
    [];

  before(async () => {
    const root = temporaryFolder();
    const variants = {
      several: {
        zones: [{ pullZoneId: PULL_ZONE, openApiDocument: OPENAPI }, { shieldZoneId: BASIC_ZONE }],
      },
      all: { zones: [{ pullZoneId: PULL_ZONE }], all: true },
    };
    for (const [name, options] of Object.entries(variants)) {
      const { files } = await generateProgram({ ...options, client: fastClient(emulator()) });
      const folder = path.join(root, name);
      await writeProgram(files, folder);
      programs.push({ name, folder, files });
    }
  });

  it("is formatted as prettier formats it, every file the generator writes", async () => {
    // The pages, documents and lists beside it are the zone's, byte for byte.
    const parsers = {
      "index.ts": "typescript",
      "package.json": "json",
      "tsconfig.json": "json",
      "Pulumi.yaml": "yaml",
    };
    for (const { name, files } of programs) {
      for (const [file, parser] of Object.entries(parsers)) {
        const text = files[file]!;
        assert.equal(await prettier.format(text, { parser }), text, `${name}/${file}`);
      }
    }
  });

  it("type-checks against the package", () => {
    let previous: ts.Program | undefined;
    for (const { name, folder } of programs) {
      assert.ok(fs.existsSync(path.join(folder, "index.ts")));
      const { errors, program } = typeCheck(folder, previous);
      assert.deepEqual(errors, [], `${name}: ${errors.join("\n")}`);
      previous = program;
    }
  });

  it("fails to type-check a program that names an input the kind lacks", () => {
    // The check above would pass a program checked against nothing: this one must not.
    const { folder, files } = programs[0]!;
    const broken = path.join(path.dirname(folder), "broken");
    fs.mkdirSync(broken);
    for (const [file, text] of Object.entries(files))
      fs.writeFileSync(path.join(broken, file), text);
    fs.writeFileSync(
      path.join(broken, "index.ts"),
      files["index.ts"]!.replace(
        "  pullZoneId: 501001,",
        "  pullZoneId: 501001,\n  notAnInput: true,",
      ),
    );
    const { errors } = typeCheck(broken);
    assert.ok(
      errors.some((e) => e.includes("notAnInput")),
      errors.join("\n"),
    );
  });
});
