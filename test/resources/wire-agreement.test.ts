/**
 * A settings kind's declaration and the client's wire schema of what it writes are checked
 * against each other: every setting the kind manages is a field of the write the service takes,
 * of the same type (an enum input is the integer the service takes, a boolean a boolean), at
 * every depth. Declaring a boolean setting as a number, or a field the write does not have,
 * fails here.
 */
import { strict as assert } from "node:assert";
import { z } from "zod";
import { changeSchema as botDetectionWrite } from "../../src/client/areas/bot-detection";
import { settingsSchema as shieldZoneWrite } from "../../src/client/areas/shield-zones";
import { changeSchema as uploadScanningWrite } from "../../src/client/areas/upload-scanning";
import { declaration as botDetection } from "../../src/resources/bot-detection/declaration";
import type { KindDeclaration } from "../../src/resources/kit/declaration";
import { shapeOf, type Shape } from "../../src/resources/kit/shape";
import { declaration as shieldZone } from "../../src/resources/shield-zone/declaration";
import { declaration as uploadScanning } from "../../src/resources/upload-scanning/declaration";

type Json = {
  type?: string | string[];
  anyOf?: Json[];
  items?: Json;
  properties?: Record<string, Json>;
};

/** The JSON types a wire field takes, null aside. */
function wireTypes(json: Json): Set<string> {
  const alternatives = json.anyOf ?? [json];
  const types = alternatives.flatMap((a) => (Array.isArray(a.type) ? a.type : [a.type ?? "any"]));
  return new Set(types.filter((t) => t !== "null"));
}

const nonNull = (json: Json): Json => json.anyOf?.find((a) => a.type !== "null") ?? json;

/** Where a declared shape and a wire field disagree, as messages naming the path. */
function disagreements(shape: Shape, json: Json, at: string): string[] {
  const inner = shape.kind === "nullable" ? shape.of : shape;
  const types = wireTypes(json);
  const expected: Record<string, string[]> = {
    boolean: ["boolean"],
    integer: ["integer"],
    number: ["integer", "number"],
    string: ["string"],
    // An enum input is sent as the number the service uses.
    enum: ["integer"],
    array: ["array"],
    object: ["object"],
  };
  const allowed = expected[inner.kind];
  if (!allowed) return [`${at}: a ${inner.kind} has no wire counterpart here`];
  if (![...types].some((t) => allowed.includes(t))) {
    return [`${at}: declared ${inner.kind}, written as ${[...types].join(" | ")}`];
  }
  if (inner.kind === "array")
    return disagreements(inner.items, nonNull(json).items ?? {}, `${at}[]`);
  if (inner.kind === "object") {
    const wire = nonNull(json).properties ?? {};
    return Object.entries(inner.properties).flatMap(([name, property]) =>
      // Read-only members the service sends back (`…Name`) are not written.
      name.endsWith("Name")
        ? []
        : wire[name]
          ? disagreements(property.shape, wire[name], `${at}.${name}`)
          : [`${at}.${name}: not a field of the write`],
    );
  }
  return [];
}

const cases: Array<{
  declaration: KindDeclaration;
  write: z.ZodType;
  /** Inputs that are not settings the write carries. */
  notWritten: readonly string[];
  /** The API's spelling of an input's name, where it differs. */
  apiName?: (input: string) => string;
}> = [
  {
    declaration: shieldZone,
    write: shieldZoneWrite,
    notWritten: ["pullZoneId", "underAttack", "onDelete"],
    apiName: (input) => input.replace(/^ddos/, "dDoS"),
  },
  { declaration: botDetection, write: botDetectionWrite, notWritten: ["shieldZoneId", "onDelete"] },
  {
    declaration: uploadScanning,
    write: uploadScanningWrite,
    notWritten: ["shieldZoneId", "onDelete"],
  },
];

describe("settings kinds: the declaration agrees with the client's wire schema", () => {
  for (const { declaration, write, notWritten, apiName = (name: string) => name } of cases) {
    it(`${declaration.kind}: every setting is a field of the write, of the same type`, () => {
      const wire = (z.toJSONSchema(write, { io: "input", unrepresentable: "any" }) as Json)
        .properties!;
      const problems = Object.entries(declaration.inputs)
        .filter(([name]) => !notWritten.includes(name))
        .flatMap(([name, input]) => {
          const field = wire[apiName(name)];
          return field
            ? disagreements(shapeOf(input.schema), field, name)
            : [`${name}: not a field of the write (${Object.keys(wire).join(", ")})`];
        });
      assert.deepEqual(problems, []);
    });
  }

  it("finds a boolean declared as a number, and a setting the write does not have", () => {
    const wire = z.toJSONSchema(uploadScanningWrite, {
      io: "input",
      unrepresentable: "any",
    }) as Json;
    assert.deepEqual(disagreements({ kind: "integer" }, wire.properties!.isEnabled!, "isEnabled"), [
      "isEnabled: declared integer, written as boolean",
    ]);
    assert.deepEqual(
      disagreements(
        { kind: "object", properties: { extra: { shape: { kind: "boolean" }, required: false } } },
        { type: "object", properties: {} },
        "signal",
      ),
      ["signal.extra: not a field of the write"],
    );
  });
});
