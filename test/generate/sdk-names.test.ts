/**
 * The Python and Go names a generated program uses, held against the SDKs that `npm run sdk`
 * generates from the same schema (`sdk/python`, `sdk/go`): every enum member, every input of
 * every kind, every property of every object type, and the data function a program calls.
 */
import { strict as assert } from "node:assert";
import { readFileSync } from "node:fs";
import * as path from "node:path";
import { goEnumConstant, goName, pythonEnumMember, pythonName } from "../../src/generate/sdk-names";

const REPOSITORY = path.resolve(__dirname, "../..");
const sdk = (file: string) => readFileSync(path.join(REPOSITORY, "sdk", file), "utf8");
const PYTHON = "python/pulumi_bunnynet_shield";
const GO = "go/bunnynetshield";

interface Schema {
  resources: Record<string, { inputProperties: Record<string, unknown> }>;
  types: Record<
    string,
    { enum?: Array<{ name?: string; value: string | number }>; properties?: object }
  >;
}
const schema = JSON.parse(readFileSync(path.join(REPOSITORY, "schema.json"), "utf8")) as Schema;
const last = (token: string) => token.slice(token.lastIndexOf(":") + 1);

/** The text of `class <name>(…):` (or `class <name>:`) up to the next class in a Python file. */
function pythonClass(text: string, name: string): string {
  const start = Math.max(text.indexOf(`\nclass ${name}(`), text.indexOf(`\nclass ${name}:`));
  assert.ok(start >= 0, `no class ${name}`);
  const end = text.indexOf("\nclass ", start + 1);
  return text.slice(start, end < 0 ? undefined : end);
}

/** The text of `type <name> struct {…}` in a Go file. */
function goStruct(text: string, name: string): string {
  const start = text.indexOf(`\ntype ${name} struct {`);
  assert.ok(start >= 0, `no struct ${name}`);
  return text.slice(start, text.indexOf("\n}", start));
}

describe("the SDKs' names", () => {
  it("names every enum member as the Python and Go SDKs do", () => {
    const enums = sdk(`${PYTHON}/_enums.py`);
    const goEnums = sdk(`${GO}/pulumiEnums.go`);
    let members = 0;
    for (const [token, type] of Object.entries(schema.types)) {
      if (!type.enum) continue;
      const name = last(token);
      const block = pythonClass(enums, name);
      for (const member of type.enum) {
        const value = JSON.stringify(member.value);
        const memberName = member.name ?? String(member.value);
        const python = pythonEnumMember(memberName, name);
        assert.ok(block.includes(`\n    ${python} = ${value}\n`), `${name}.${python} = ${value}`);
        const go = goEnumConstant(memberName, name);
        assert.match(
          goEnums,
          new RegExp(
            `\\n\\t${go} +=  ?${name}\\(${value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\)`,
          ),
          go,
        );
        members++;
      }
    }
    assert.ok(members > 100, `${members} members`);
    // The spellings issue 41 names, and the keyword Python suffixes.
    assert.equal(pythonEnumMember("RequestUri", "WafRuleVariable"), "REQUEST_URI");
    assert.equal(goEnumConstant("RequestUri", "WafRuleVariable"), "WafRuleVariableRequestUri");
    assert.equal(pythonEnumMember("Global", "ApiGuardianRateLimitType"), "GLOBAL_");
    assert.equal(pythonEnumMember("VPNs", "ManagedListCategory"), "VPNS");
  });

  it("names every input of every kind, and every property of every object type, as the SDKs do", () => {
    for (const [token, resource] of Object.entries(schema.resources)) {
      const kind = last(token);
      const python = sdk(`${PYTHON}/${pythonName(kind)}.py`);
      const go = goStruct(sdk(`${GO}/${kind[0]!.toLowerCase()}${kind.slice(1)}.go`), `${kind}Args`);
      for (const input of Object.keys(resource.inputProperties)) {
        assert.ok(
          python.includes(`\n                 ${pythonName(input)}: pulumi.Input`),
          `${kind}.${pythonName(input)}`,
        );
        assert.ok(go.includes(`\n\t${goName(input)} `), `${kind}Args.${goName(input)}`);
      }
    }
    const inputs = sdk(`${PYTHON}/_inputs.py`);
    const types = sdk(`${GO}/pulumiTypes.go`);
    for (const [token, type] of Object.entries(schema.types)) {
      const name = last(token);
      if (!type.properties || !inputs.includes(`\nclass ${name}Args:`)) continue;
      const block = pythonClass(inputs, `${name}Args`);
      const struct = goStruct(types, `${name}Args`);
      for (const property of Object.keys(type.properties)) {
        assert.ok(
          block.includes(` ${pythonName(property)}: pulumi.Input`),
          `${name}Args.${pythonName(property)}`,
        );
        assert.ok(struct.includes(`\n\t${goName(property)} `), `${name}Args.${goName(property)}`);
      }
    }
  });

  it("names the data functions a program calls, and their results' properties", () => {
    const python = sdk(`${PYTHON}/get_access_lists.py`);
    assert.ok(python.includes(`def ${pythonName("getAccessLists")}_output(`));
    assert.ok(python.includes(`def ${pythonName("byCategory")}(self)`));
    assert.ok(
      python.includes(`def ${pythonName("configurationId")}(self)`) ||
        sdk(`${PYTHON}/outputs.py`).includes(`def ${pythonName("configurationId")}(self)`),
    );
    const go = sdk(`${GO}/getAccessLists.go`);
    assert.ok(
      go.includes(
        `func ${goName("getAccessLists")}Output(ctx *pulumi.Context, args ${goName("getAccessLists")}OutputArgs`,
      ),
    );
    assert.ok(go.includes(`) ${goName("byCategory")}() AccessListSummaryMapOutput`));
    assert.ok(
      sdk(`${GO}/pulumiTypes.go`).includes(`) ${goName("configurationId")}() pulumi.IntOutput`),
    );
  });
});
