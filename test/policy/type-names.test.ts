/**
 * The policies find this package's resources by type: `shieldType` must name the type each
 * resource class registers, or every policy silently judges nothing. The classes' types are
 * read from instances under Pulumi's mocks, in process.
 */
import { strict as assert } from "node:assert";
import { shieldType } from "../../src/policy";
import { KINDS } from "../../src/resources/kit/registry";
import { registeredTypes } from "../support/mocked-classes";

describe("policies: the resource types they look for", () => {
  it("shieldType(kind) is the type each kind's class registers", async () => {
    const types = await registeredTypes();
    for (const kind of KINDS) assert.equal(shieldType(kind), types[kind], kind);
  });
});
