/** What the package schema says that every SDK's names and types come from. */
import { strict as assert } from "node:assert";
import { identifier, packageSchema } from "../../scripts/package-schema";

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
