/**
 * Reading an OpenAPI document written in YAML: a key twice in one map is refused, naming the key
 * and both places, and reading stays linear in the number of keys. Linearity is shown by counting
 * the YAML reader's work, not by timing it; the times are in the `openApiReading` benchmark.
 */
import { strict as assert } from "node:assert";
import * as path from "node:path";
import { DocumentError, parseOpenApiDocument } from "../../src/openapi/document";
import { manyPathsYaml } from "./document.fixtures";

/** The message `text` is refused with. */
function refusal(text: string): string {
  try {
    parseOpenApiDocument(text);
  } catch (error) {
    assert.ok(error instanceof DocumentError, String(error));
    return error.message;
  }
  assert.fail("the document was accepted");
}

describe("OpenAPI documents in YAML", () => {
  it("refuses a key twice in one map, naming the key and both places", () => {
    const paths = [
      "openapi: 3.0.3",
      "paths:",
      "  /a:",
      "    get: {}",
      "  /b:",
      "    get: {}",
      "  /a:",
      "    post: {}",
    ].join("\n");
    assert.match(refusal(paths), /"\/a" at line 7, column 3 repeats the key at line 3, column 3/);
    // In an operation, and in a flow map.
    const operation = "openapi: 3.0.3\npaths:\n  /a:\n    get: {}\n    get: {}\n";
    assert.match(
      refusal(operation),
      /"get" at line 5, column 5 repeats the key at line 4, column 5/,
    );
    const flow = "openapi: 3.0.3\npaths: { /a: { get: {} }, /a: {} }\n";
    assert.match(refusal(flow), /"\/a" at line 2, column 27 repeats the key at line 2, column 10/);
  });

  it("takes the same key in different maps", () => {
    const text = ["openapi: 3.0.3", "paths:", "  /a:", "    get: {}", "  /b:", "    get: {}"].join(
      "\n",
    );
    const document = parseOpenApiDocument(text);
    assert.deepEqual(
      document.operations.map((o) => o.key),
      ["GET /a", "GET /b"],
    );
  });

  it("reads in work proportional to the number of keys, not to its square", () => {
    // Counted: every call of the reader's node-type probes (isScalar, isMap, …), from its own
    // code and from the package's. A check that compares each key with every earlier key of its
    // map (the reader's own uniqueKeys check did) calls isScalar once per comparison.
    // The modules' own export objects, to replace their functions: an import would be a copy.
    /* eslint-disable @typescript-eslint/no-require-imports */
    const publicApi = require("yaml") as Record<string, unknown>;
    const identity = require(
      path.join(path.dirname(require.resolve("yaml")), "nodes", "identity.js"),
    ) as Record<string, unknown>;
    /* eslint-enable @typescript-eslint/no-require-imports */
    let calls = 0;
    const originals: Array<[Record<string, unknown>, string, unknown]> = [];
    for (const module of [publicApi, identity]) {
      for (const [name, probe] of Object.entries(module)) {
        if (!/^is[A-Z]/.test(name) || typeof probe !== "function") continue;
        originals.push([module, name, probe]);
        module[name] = (...args: unknown[]) => {
          calls++;
          return (probe as (...a: unknown[]) => unknown)(...args);
        };
      }
    }
    const callsPerPath = (paths: number) => {
      const text = manyPathsYaml(paths);
      calls = 0;
      assert.equal(parseOpenApiDocument(text).operations.length, paths);
      return calls / paths;
    };
    try {
      assert.ok(originals.length > 0, "the reader's probes were found");
      const small = callsPerPath(1_000);
      const large = callsPerPath(4_000);
      assert.ok(small > 0, "the reader's probes were counted");
      // Linear: the same work per path at both sizes (about 50 calls). Quadratic: 4 times more.
      assert.ok(large <= small * 1.1, `${small} probes per path at 1,000 paths, ${large} at 4,000`);
    } finally {
      for (const [module, name, probe] of originals) module[name] = probe;
    }
  });
});
