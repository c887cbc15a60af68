/** What the package schema says that every SDK's names and types come from. */
import { strict as assert } from "node:assert";
import { readdirSync, readFileSync } from "node:fs";
import * as path from "node:path";
import { identifier, packageSchema, schemaDescription } from "../../scripts/package-schema";

describe("package schema: enum member names", () => {
  it("keeps the words of a name in capitals apart, so that Python reads REQUEST_URI", () => {
    assert.equal(identifier("REQUEST_URI"), "RequestUri");
    assert.equal(identifier("REQUEST_COOKIES_NAMES"), "RequestCookiesNames");
    assert.equal(identifier("IP_JA4"), "IpJa4");
  });

  it("leaves one word in capitals and names already in words as they are", () => {
    assert.equal(identifier("BEGINSWITH"), "BEGINSWITH");
    assert.equal(identifier("JA4"), "JA4");
    assert.equal(identifier("TorExitNodes"), "TorExitNodes");
    assert.equal(identifier("LogOnly"), "LogOnly");
    assert.equal(identifier("ratelimit"), "Ratelimit");
  });

  it("starts with a letter", () => {
    assert.equal(identifier("1x"), "Value1x");
  });
});

describe("package schema: the data functions' numbers", function () {
  // The functions' signatures are read with the compiler: a few seconds.
  this.timeout(60_000);
  type Property = { type?: string; $ref?: string };
  type Function = Record<"inputs" | "outputs", { properties: Record<string, Property> }>;
  let schema: {
    functions: Record<string, Function>;
    types: Record<string, { properties: Record<string, Property> }>;
  };
  before(() => {
    schema = packageSchema([], "0.0.0") as typeof schema;
  });
  const fn = (name: string) => schema.functions[`bunnynet-shield:index:${name}`]!;

  it("types an argument declared as Integer as an integer, in every function", () => {
    assert.equal(fn("getAccessLists").inputs.properties.shieldZoneId!.type, "integer");
    assert.equal(fn("getShieldOverages").inputs.properties.year!.type, "integer");
    assert.equal(fn("search").inputs.properties.size!.type, "integer");
    assert.equal(fn("searchEventLogs").inputs.properties.buckets!.type, "integer");
    const numbers = Object.entries(schema.functions).flatMap(([name, f]) =>
      Object.entries(f.inputs.properties)
        .filter(([, property]) => property.type === "number")
        .map(([property]) => `${name}.${property}`),
    );
    assert.deepEqual(numbers, [], "every argument that is a number is a whole one");
  });

  it("types the ids a function gives as integers, and leaves other numbers numbers", () => {
    const summary = schema.types["bunnynet-shield:index:AccessListSummary"]!.properties;
    assert.equal(summary.configurationId!.type, "integer");
    assert.equal(summary.listId!.type, "integer");
    assert.equal(summary.entryCount!.type, "number");
    assert.equal(fn("search").outputs.properties.total!.type, "number");
  });
});

describe("package schema: examples", () => {
  it("carries a kind's TypeScript @example as an example the other SDKs drop whole", () => {
    assert.equal(
      schemaDescription('Does things.\n\n@example\n```ts\nnew Thing("a");\n```'),
      "Does things.\n\n{{% examples %}}\n{{% example %}}\n### Example Usage\n\n```typescript\n" +
        'new Thing("a");\n```\n{{% /example %}}\n{{% /examples %}}',
    );
    assert.equal(schemaDescription("No example."), "No example.");
  });

  it("leaves no @example in the schema or in any generated SDK", () => {
    // What `npm run generate -- --check` and `npm run sdk -- --check` keep up to date.
    const root = path.join(__dirname, "..", "..");
    const schema = readFileSync(path.join(root, "schema.json"), "utf8");
    assert.ok(schema.includes("{{% example %}}"));
    assert.ok(!schema.includes("@example"));
    const sdk = path.join(root, "sdk");
    const files = readdirSync(sdk, { recursive: true, encoding: "utf8" }).filter((file) =>
      /\.(ts|py|go)$/.test(file),
    );
    assert.ok(files.length > 30, `the SDKs' sources: ${files.length}`);
    const dangling = files.filter((file) =>
      readFileSync(path.join(sdk, file), "utf8").includes("@example"),
    );
    assert.deepEqual(dangling, []);
  });
});
