/**
 * A property's type read as data from its schema (`shapeOf`), and written from that data as
 * TypeScript and as the docs' type column: the types users see are the ones check applies.
 */
import { strict as assert } from "node:assert";
import { z } from "zod";
import { docsType, typeText } from "../../../scripts/generate-resources";
import {
  booleanInput,
  choiceInput,
  enumInput,
  zoneIdInput,
} from "../../../src/resources/kit/fields";
import { objectMeta, shapeOf, stateSchemaOf } from "../../../src/resources/kit/shape";

const Mode = { Off: 0, Low: 1, High: 3 } as const;

describe("kit: shapes of declared types", () => {
  it("reads the primitive types check accepts", () => {
    assert.deepEqual(shapeOf(zoneIdInput), { kind: "integer" });
    assert.deepEqual(shapeOf(booleanInput), { kind: "boolean" });
    assert.deepEqual(shapeOf(z.string().min(1)), { kind: "string" });
    assert.deepEqual(shapeOf(z.number()), { kind: "number" });
    // A boolean is never read as a number: the Args could not say `number` for it.
    assert.equal(typeText(shapeOf(booleanInput), "input"), "boolean");
  });

  it("reads an enum input as its names and numbers, under its name, with or without a default", () => {
    const shape = { kind: "enum", name: "Mode", values: Mode };
    assert.deepEqual(shapeOf(enumInput(Mode, "Mode")), shape);
    assert.deepEqual(shapeOf(enumInput(Mode, "Mode").default("Low")), shape);
    assert.equal(typeText(shapeOf(enumInput(Mode, "Mode")), "input"), "ModeName | number");
    assert.equal(
      docsType(shapeOf(enumInput(Mode, "Mode"))),
      '`"Off"`, `"Low"`, `"High"`, or 0, 1, 3',
    );
    const choice = shapeOf(choiceInput(["restore", "keep"], "OnDelete"));
    assert.deepEqual(choice, {
      kind: "enum",
      name: "OnDelete",
      values: { restore: "restore", keep: "keep" },
    });
    assert.equal(typeText(choice, "input"), "OnDeleteName");
    assert.equal(docsType(choice), '`"restore"`, `"keep"`');
    const open = shapeOf(enumInput(Mode, "Mode", { anyText: true }));
    assert.equal(typeText(open, "input"), "ModeName | number | string");
  });

  it("reads arrays, maps, nullables and named objects with their members' docs", () => {
    const item = z
      .strictObject({
        level: enumInput(Mode, "Mode").meta({ doc: "Its level." }),
        on: booleanInput.optional(),
      })
      .meta(objectMeta("Part", "A part."));
    const shape = shapeOf(z.array(item));
    assert.deepEqual(shape, {
      kind: "array",
      items: {
        kind: "object",
        name: "Part",
        doc: "A part.",
        properties: {
          level: {
            shape: { kind: "enum", name: "Mode", values: Mode },
            required: true,
            doc: "Its level.",
          },
          on: { shape: { kind: "boolean" }, required: false },
        },
      },
    });
    assert.equal(typeText(shape, "input"), "pulumi.Input<PartArgs>[]");
    assert.equal(typeText(shape, "output"), "Part[]");
    const map = shapeOf(z.record(z.string(), z.number().nullable()), "output");
    assert.deepEqual(map, { kind: "map", values: { kind: "nullable", of: { kind: "number" } } });
    assert.equal(typeText(map, "output"), "Record<string, number | null>");
    assert.equal(typeText(shapeOf(z.string().nullable(), "output"), "output"), "string | null");
  });

  it("derives what state holds of a setting from its input: an enum by name, the rest as given", () => {
    const state = (schema: z.ZodType) =>
      shapeOf(stateSchemaOf(shapeOf(schema)).nullable(), "output");
    assert.deepEqual(state(enumInput(Mode, "Mode")), {
      kind: "nullable",
      of: { kind: "string" },
    });
    assert.deepEqual(state(booleanInput), { kind: "nullable", of: { kind: "boolean" } });
    assert.deepEqual(state(z.array(zoneIdInput)), {
      kind: "nullable",
      of: { kind: "array", items: { kind: "integer" } },
    });
  });
});
