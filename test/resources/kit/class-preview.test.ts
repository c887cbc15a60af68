/**
 * What the resource classes themselves do for previews, declared in process under Pulumi's mocks
 * (the CLI suites show the same end to end, in minutes): identity outputs are read from the
 * resource id, and only a preview's registration carries the flag (`__preview`) that lets
 * `check` show what a first adoption changes.
 */
import { strict as assert } from "node:assert";
import type * as pulumi from "@pulumi/pulumi";
import { folderOf } from "../../../scripts/generate-resources";
import { identityOf, type KindDeclaration } from "../../../src/resources/kit/declaration";
import { KINDS, type Kind } from "../../../src/resources/kit/registry";
import { PREVIEW_KEY } from "../../../src/resources/kit/values";
import { settle } from "../../functions/helpers";
import { useKindProvider } from "../../support/kind-provider";
import {
  declareKind,
  declareUnderMocks,
  registered,
  STUBBED_PROVIDER,
} from "../../support/mocked-classes";

/* eslint-disable @typescript-eslint/no-require-imports */
const declarationOf = (kind: Kind) =>
  (
    require(`../../../src/resources/${folderOf(kind)}/declaration`) as {
      declaration: KindDeclaration;
    }
  ).declaration;
/* eslint-enable @typescript-eslint/no-require-imports */

/** What one output of a declared resource holds. */
const outputOf = (resource: pulumi.CustomResource, name: string) =>
  settle((resource as unknown as Record<string, pulumi.Output<unknown>>)[name]!);

describe("resource classes: identity outputs from the resource id", () => {
  const withIdentity = KINDS.filter((kind) => Object.keys(identityOf(declarationOf(kind))).length);

  it("the declarations give some kinds identity outputs (else this suite tests nothing)", () => {
    assert.ok(withIdentity.includes("ShieldZone"), withIdentity.join(", "));
  });

  for (const kind of withIdentity) {
    const identity = identityOf(declarationOf(kind));
    const other = Object.keys(declarationOf(kind).outputs).find((name) => !(name in identity))!;

    it(`${kind}: known in the preview of an update, read from the id, where other outputs are not`, async () => {
      // As the dynamic-provider plugin previews an update: the id from state, no outputs.
      const parts = [11, 22, 33];
      const { value } = await declareUnderMocks(
        true,
        async () => {
          const resource = declareKind(kind, "r");
          await registered(resource);
          const names = Object.keys(identity);
          return {
            identity: await Promise.all(names.map((name) => outputOf(resource, name))),
            names,
            other: await outputOf(resource, other),
          };
        },
        () => ({ id: parts.join("/"), state: {} }),
      );
      value.names.forEach((name, i) => {
        assert.equal(value.identity[i]!.known, true, name);
        assert.equal(value.identity[i]!.value, parts[identity[name]!], name);
      });
      assert.equal(value.other.known, false, `${other} is unknown, as the mocks leave it`);
    });

    it(`${kind}: an id of another shape falls back to the output the provider returned`, async () => {
      const returned = Object.fromEntries(Object.keys(identity).map((name) => [name, 77]));
      const { value } = await declareUnderMocks(
        false,
        async () => {
          const resource = declareKind(kind, "r");
          await registered(resource);
          return Promise.all(Object.keys(identity).map((name) => outputOf(resource, name)));
        },
        () => ({ id: "made-by-hand", state: returned }),
      );
      for (const output of value) assert.equal(output.value, 77);
    });
  }
});

describe("resource classes: the preview flag of a first adoption", () => {
  const declareAll = (preview: boolean) =>
    declareUnderMocks(preview, () =>
      Promise.all(KINDS.map((kind) => registered(declareKind(kind, kind)))),
    );

  it("every kind's registration carries it in a preview, and not in an update", async () => {
    const previewed = await declareAll(true);
    const updated = await declareAll(false);
    for (const kind of KINDS) {
      const inputsOf = (run: typeof previewed) =>
        run.registrations.find((r) => r.name === kind)!.inputs;
      assert.equal(inputsOf(previewed)[PREVIEW_KEY], true, kind);
      assert.equal(PREVIEW_KEY in inputsOf(updated), false, kind);
    }
  });

  describe("through check", () => {
    const fixture = useKindProvider("ShieldZone");

    it("a preview's inputs show what a first adoption changes; an update's read nothing", async () => {
      const { emu, provider } = fixture();
      // Zone 1001 (pull zone 501001) blocks; the program asks for Log.
      const args = { pullZoneId: 501001, wafExecutionMode: "Log" };
      const changesIn = async (preview: boolean) => {
        const { registrations } = await declareUnderMocks(preview, () =>
          registered(declareKind("ShieldZone", "site", args)),
        );
        const { __provider: text, ...inputs } = registrations[0]!.inputs;
        assert.equal(text, STUBBED_PROVIDER);
        const result = await provider.check({}, inputs);
        assert.equal(result.failures, undefined);
        assert.equal(PREVIEW_KEY in result.inputs, false, "the flag never reaches state");
        return result.inputs.adoptionChanges;
      };
      assert.deepEqual(await changesIn(true), { wafExecutionMode: "Block => Log" });
      assert.equal(emu.requests.length, 1, "the preview read the zone");
      assert.equal(await changesIn(false), undefined);
      assert.equal(emu.requests.length, 1, "the update's check read nothing");
    });
  });
});
