/**
 * Kinds declared once: the generated resource.ts files and docs tables are those their
 * declarations give, and check, diff and the registered outputs follow the declaration.
 */
import { strict as assert } from "node:assert";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import * as pulumi from "@pulumi/pulumi";
import {
  folderOf,
  inputsTable,
  outputsTable,
  resourceSource,
  staleFiles,
  typeHomes,
  typesSource,
  type GeneratorSources,
} from "../../../scripts/generate-resources";
import { z } from "zod";
import { inputSchemaOf } from "../../../src/resources/kit/check";
import {
  declareKind,
  identityOf,
  registeredOutputsOf,
  replaceKeysOf,
  type KindDeclaration,
} from "../../../src/resources/kit/declaration";
import { booleanInput, enumInput, zoneIdInput } from "../../../src/resources/kit/fields";
import { dispatch, KINDS } from "../../../src/resources/kit/registry";
import { shapeOf } from "../../../src/resources/kit/shape";

/* eslint-disable @typescript-eslint/no-require-imports */
const declarationOf = (kind: string) =>
  (
    require(`../../../src/resources/${folderOf(kind)}/declaration`) as {
      declaration: KindDeclaration;
    }
  ).declaration;
/* eslint-enable @typescript-eslint/no-require-imports */

const example = declareKind({
  kind: "Example",
  summary: "An example.",
  doc: "An example resource.",
  inputs: {
    shieldZoneId: {
      schema: zoneIdInput,
      doc: "The zone.",
      required: true,
      replaces: true,
      docs: { text: "The zone (a positive integer)." },
    },
    isEnabled: {
      schema: booleanInput,
      doc: "Whether it is on.",
      docs: { default: "`true`", text: "Whether it is on | off." },
    },
    mode: {
      schema: enumInput({ Off: 0, On: 2 }, "ExampleMode"),
      doc: "Its mode.",
      docs: { text: "Its mode." },
    },
  },
  outputs: {
    shieldZoneId: { type: z.number(), doc: "The zone.", fromId: 0 },
    isEnabled: { type: z.boolean(), doc: "Whether it is on." },
    mode: { type: z.string().nullable(), doc: "Its mode by name." },
    exampleId: {
      type: z.number(),
      doc: "Its id.",
      fromId: 1,
      docs: { text: "Its id." },
    },
  },
});

describe("kit: kinds declared once", () => {
  it("every generated resource.ts is what its declaration gives (`npm run generate` otherwise)", async function () {
    this.timeout(60_000);
    assert.deepEqual(await staleFiles(), []);
  });

  describe("a kind the generator cannot finish", () => {
    let dir: string;
    let sources: GeneratorSources;
    /** `src/resources/<folder>/declaration.ts` declaring `kind`, in the scratch tree. */
    const declare = (folder: string, kind: string) => {
      mkdirSync(path.join(sources.resources, folder));
      writeFileSync(
        path.join(sources.resources, folder, "declaration.ts"),
        `export const declaration = ${JSON.stringify({ kind, summary: "A kind.", doc: "A kind.", inputs: {}, outputs: {} })};\n`,
      );
    };
    const page = (name: string, text = "# Page\n\n## Inputs\n\n| a |\n\n## Outputs\n\n| b |\n") =>
      writeFileSync(path.join(sources.docs, name), text);

    beforeEach(() => {
      dir = mkdtempSync(path.join(tmpdir(), "generate-"));
      sources = { resources: path.join(dir, "resources"), docs: path.join(dir, "docs"), kinds: [] };
      mkdirSync(sources.resources);
      mkdirSync(sources.docs);
    });
    afterEach(() => rmSync(dir, { recursive: true, force: true }));

    it("fails on a declaration whose kind is not registered, naming it and the line to add", async () => {
      declare("foo-bar", "FooBar");
      page("foo-bar.md");
      await assert.rejects(
        staleFiles(sources),
        /foo-bar\/declaration\.ts declares FooBar, which is not registered: add `FooBar: \(\): KindModule => require\("\.\.\/foo-bar\/spec"\),` to REGISTRY in src\/resources\/kit\/registry\.ts/,
      );
    });

    it("fails on a kind without its docs page, naming the page to write", async () => {
      declare("foo-bar", "FooBar");
      sources.kinds = ["FooBar"];
      await assert.rejects(
        staleFiles(sources),
        /FooBar has no docs page: write \S*docs\/foo-bar\.md with its "## Inputs" and "## Outputs" sections/,
      );
      page("foo-bar.md", "# Page\n\n## Outputs\n\n| b |\n");
      await assert.rejects(staleFiles(sources), /docs\/foo-bar\.md: no "## Inputs" section/);
    });

    it("fails on a registered kind without a declaration, and on a declaration in another kind's folder", async () => {
      declare("foo-bar", "FooBar");
      page("foo-bar.md");
      sources.kinds = ["FooBar", "Baz"];
      await assert.rejects(
        staleFiles(sources),
        /registered in src\/resources\/kit\/registry\.ts without a declaration: Baz \(\S*resources\/baz\/declaration\.ts\)/,
      );
      declare("baz", "Qux");
      await assert.rejects(
        staleFiles(sources),
        /baz\/declaration\.ts declares Qux, whose folder is \S*resources\/qux: move it there/,
      );
    });

    it("generates a registered kind with its page", async () => {
      declare("foo-bar", "FooBar");
      page("foo-bar.md");
      sources.kinds = ["FooBar"];
      assert.deepEqual((await staleFiles(sources)).map((file) => path.basename(file)).sort(), [
        "foo-bar.md",
        "resource.ts",
        "rule-resource.ts",
        "types.ts",
      ]);
    });
  });

  it("generates the Args with their TSDoc and types from the schemas, the outputs, the registered ones and the identity", () => {
    const source = resourceSource(example);
    assert.match(source, /\/\*\* The zone\. \*\/\n {2}shieldZoneId: pulumi\.Input<number>;/);
    assert.match(source, /isEnabled\?: pulumi\.Input<boolean>;/);
    assert.match(source, /mode\?: pulumi\.Input<ExampleModeName \| number>;/);
    assert.match(source, /import type \{ ExampleModeName \} from "\.\.\/types";/);
    assert.match(source, /declare readonly mode: pulumi\.Output<string \| null>;/);
    assert.match(source, /declare readonly exampleId: pulumi\.Output<number>;/);
    assert.match(source, /const outputs = \["isEnabled","mode","exampleId"\];/);
    assert.match(
      source,
      /deriveIdentity\(this, \{ shieldZoneId: idPart\(0\), exampleId: idPart\(1\) \}\);/,
    );
    assert.deepEqual(registeredOutputsOf(example), ["isEnabled", "mode", "exampleId"]);
    assert.deepEqual(identityOf(example), { shieldZoneId: 0, exampleId: 1 });
    assert.deepEqual(replaceKeysOf(example), ["shieldZoneId"]);
  });

  it("writes a named type one kind alone uses in its resource.ts, and a shared one in types.ts", () => {
    const other = declareKind({ ...example, kind: "Other" });
    const alone = typeHomes([example]);
    assert.deepEqual([...alone.own.get("Example")!.keys()], ["ExampleModeName"]);
    assert.ok(!alone.shared.has("ExampleModeName"));
    const source = resourceSource(example, alone.own.get("Example"));
    assert.match(source, /\nexport type ExampleModeName = "Off" \| "On";\n/);
    assert.doesNotMatch(source, /from "\.\.\/types"/);
    assert.doesNotMatch(typesSource([example]), /ExampleModeName/);

    const both = typeHomes([example, other]);
    assert.deepEqual([...both.own.get("Example")!.keys()], []);
    assert.match(typesSource([example, other]), /export type ExampleModeName = "Off" \| "On";/);
  });

  it("generates the docs tables: a row per input and output, defaults, one row for outputs without their own", () => {
    assert.equal(
      inputsTable(example),
      [
        "| name | type | default | description |",
        "| --- | --- | --- | --- |",
        "| `shieldZoneId` | `number` | required | The zone (a positive integer). |",
        "| `isEnabled` | `boolean` | `true` | Whether it is on \\| off. |",
        '| `mode` | `"Off"`, `"On"`, or 0, 2 | none | Its mode. |',
      ].join("\n"),
    );
    assert.equal(
      outputsTable(example).split("\n").slice(2).join("\n"),
      [
        "| `shieldZoneId` | `number` | The zone. |",
        "| `isEnabled` | `boolean` | Whether it is on. |",
        "| `mode` | `string \\| null` | Its mode by name. |",
        "| `exampleId` | `number` | Its id. |",
      ].join("\n"),
    );
    const grouped = {
      ...example,
      outputsRow: { name: "every input", type: "as given", text: "Read back." },
    };
    assert.deepEqual(outputsTable(grouped).split("\n").slice(2), [
      "| every input | as given | Read back. |",
      "| `exampleId` | `number` | Its id. |",
    ]);
  });

  it("check validates with the declared schemas: the types the Args show are what it accepts", () => {
    const schema = inputSchemaOf(example);
    assert.deepEqual(schema.required, ["shieldZoneId"]);
    assert.deepEqual(Object.keys(schema.fields), ["shieldZoneId", "isEnabled", "mode"]);
    assert.equal(schema.fields.isEnabled, booleanInput);
    assert.equal(schema.fields.mode.parse(2), "On");
  });

  for (const kind of KINDS) {
    it(`${kind}: every input and output has a type (none unknown), and check takes each input's own schema`, async () => {
      const declaration = declarationOf(kind);
      const inputs = { ...declaration.base?.inputs, ...declaration.inputs };
      for (const [name, input] of Object.entries(inputs)) {
        assert.notEqual(shapeOf(input.schema).kind, "any", `${kind}.${name}: no type`);
      }
      for (const [name, output] of Object.entries(declaration.outputs)) {
        assert.notEqual(shapeOf(output.type, "output").kind, "any", `${kind}.${name}: no type`);
      }
      const { inputSchema } = (await import(`../../../src/resources/${folderOf(kind)}/spec`)) as {
        inputSchema: { fields: Record<string, unknown> };
      };
      for (const [name, input] of Object.entries(inputs)) {
        assert.equal(inputSchema.fields[name], input.schema, `${kind}.${name}`);
      }
    });
  }

  for (const kind of KINDS) {
    it(`${kind}: check refuses a missing required input, and diff replaces on the declared keys alone`, async () => {
      const declaration = declarationOf(kind);
      const required = Object.entries({ ...declaration.base?.inputs, ...declaration.inputs })
        .filter(([, input]) => input.required)
        .map(([name]) => name);
      const checked = (await dispatch(kind, "check", {}, {}, {})) as pulumi.dynamic.CheckResult;
      assert.deepEqual(
        (checked.failures ?? []).map((f) => f.property).sort(),
        [...required].sort(),
      );
      const keys = replaceKeysOf(declaration);
      for (const name of Object.keys({ ...declaration.base?.inputs, ...declaration.inputs })) {
        const diff = (await dispatch(kind, "diff", {}, "1/1", { [name]: 1 }, { [name]: 2 })) as
          pulumi.dynamic.DiffResult | undefined;
        const expected = keys.includes(name) ? [name] : [];
        assert.deepEqual(diff?.replaces ?? [], expected, `${kind}: changing ${name}`);
        // Taking over applies to a create alone: a later change of it has nothing to write.
        if (name === "adoptExisting") assert.equal(diff?.changes, false, `${kind}: ${name}`);
      }
    });
  }
});
