/**
 * shield-mass-change: the share of a zone's rules and lists a preview deletes or replaces, from
 * the stack's previous checkpoint (given here as `pulumi stack export` would give it).
 */
import { strict as assert } from "node:assert";
import {
  massChange,
  previousFromExport,
  readStackExport,
  type PreviousResource,
} from "../../src/policy/mass-change";
import { registeredTypes } from "../support/mocked-classes";
import { stackViolations, type StackEntry } from "./harness";

const ZONE = 1001;
type Counted = "WafCustomRule" | "RateLimit" | "AccessList";
const urn = (type: string, name: string) => `urn:pulumi:s::p::${type}::${name}`;

let types: Awaited<ReturnType<typeof registeredTypes>>;
before(async () => {
  types = await registeredTypes();
});

/** The checkpoint's resources: `n` rules named r0…, and the lists given. */
function previous(
  n: number,
  lists: Array<{ name: string; type: string }> = [],
): PreviousResource[] {
  const rules = Array.from({ length: n }, (_, i) => ({
    kind: "WafCustomRule" as Counted,
    name: `r${i}`,
    inputs: { shieldZoneId: ZONE },
  }));
  const listed = lists.map(({ name, type }) => ({
    kind: "AccessList" as Counted,
    name,
    inputs: { shieldZoneId: ZONE, type },
  }));
  return [...rules, ...listed].map((r) => ({
    ...r,
    urn: urn(types[r.kind], r.name),
    shieldZoneId: ZONE,
  }));
}
/** The program now: rules r0…r(n-1), and the lists given. */
function program(n: number, lists: Array<{ name: string; type: string }> = []): StackEntry[] {
  return [
    { kind: "ShieldZone", name: "zone", props: { shieldZoneId: ZONE } },
    ...Array.from({ length: n }, (_, i): StackEntry => ({
      kind: "WafCustomRule",
      name: `r${i}`,
      props: { shieldZoneId: ZONE },
    })),
    ...lists.map(({ name, type }): StackEntry => ({
      kind: "AccessList",
      name,
      props: { shieldZoneId: ZONE, type },
    })),
  ];
}
const judge = (before: PreviousResource[] | undefined, now: StackEntry[], config = {}) =>
  stackViolations(
    massChange(() => before),
    now,
    config,
  );

describe("policy shield-mass-change", () => {
  it("stops a preview that deletes more than 30% of a zone's rules and lists, with the count and share", async () => {
    const [message, ...rest] = await judge(previous(5), program(3));
    assert.equal(rest.length, 0);
    assert.match(
      message!,
      /^zone 1001: this preview deletes 2 and replaces 0 of its 5 rules and lists \(40%\), over the threshold of 30%: WafCustomRule "r3", WafCustomRule "r4"\. If that is meant, raise maxShare for this run/,
    );
    assert.equal(massChange().enforcementLevel, "mandatory");
  });

  it("passes 30% or less, and zones of fewer than 3", async () => {
    assert.deepEqual(await judge(previous(10), program(7)), []);
    assert.deepEqual(await judge(previous(2), program(0)), []);
    assert.equal((await judge(previous(3), program(0))).length, 1);
  });

  it("counts a list whose type changes as replaced", async () => {
    const lists = [
      { name: "a", type: "IP" },
      { name: "b", type: "CIDR" },
    ];
    const [message] = await judge(
      previous(1, lists),
      program(1, [
        { name: "a", type: "CIDR" },
        { name: "b", type: "CIDR" },
      ]),
    );
    assert.match(
      message!,
      /deletes 0 and replaces 1 of its 3 rules and lists \(33%\).*AccessList "a"/,
    );
  });

  it("takes the threshold and the floor from the configuration, for one run", async () => {
    assert.deepEqual(await judge(previous(5), program(3), { maxShare: 0.5 }), []);
    assert.deepEqual(await judge(previous(5), program(0), { minExisting: 6 }), []);
  });

  it("says so when the previous state cannot be read, and passes when there is none", async () => {
    const failing = massChange(() => {
      throw new Error("error: no stack named 'dev' found");
    });
    const [message] = await stackViolations(failing, program(1));
    assert.match(
      message!,
      /previous state could not be read \(pulumi stack export: error: no stack named 'dev' found\)/,
    );
    assert.deepEqual(await judge(undefined, program(0)), []);
  });

  it("reads a stack export: this package's rules and lists, not those pending deletion", () => {
    const document = {
      deployment: {
        resources: [
          {
            type: types.WafCustomRule,
            urn: urn(types.WafCustomRule, "a"),
            inputs: { shieldZoneId: 7 },
            outputs: { shieldZoneId: 7, ruleId: 1 },
          },
          {
            type: types.AccessList,
            urn: urn(types.AccessList, "b"),
            inputs: { type: "IP" },
            outputs: { shieldZoneId: 7 },
            delete: true,
          },
          {
            type: types.ShieldZone,
            urn: urn(types.ShieldZone, "z"),
            inputs: {},
            outputs: { shieldZoneId: 7 },
          },
          { type: "pulumi:pulumi:Stack", urn: "urn:pulumi:s::p::pulumi:pulumi:Stack::p-s" },
        ],
      },
    };
    assert.deepEqual(previousFromExport(document), [
      {
        kind: "WafCustomRule",
        urn: urn(types.WafCustomRule, "a"),
        name: "a",
        shieldZoneId: 7,
        inputs: { shieldZoneId: 7 },
      },
    ]);
  });

  it("reads nothing outside a preview the CLI runs (no PULUMI_STACK, or not a dry run)", () => {
    const saved = { stack: process.env.PULUMI_STACK, dry: process.env.PULUMI_DRY_RUN };
    try {
      delete process.env.PULUMI_STACK;
      delete process.env.PULUMI_NODEJS_STACK;
      assert.equal(readStackExport(), undefined);
      process.env.PULUMI_STACK = "dev";
      process.env.PULUMI_DRY_RUN = "false";
      delete process.env.PULUMI_NODEJS_DRY_RUN;
      assert.equal(readStackExport(), undefined);
    } finally {
      for (const [key, value] of [
        ["PULUMI_STACK", saved.stack],
        ["PULUMI_DRY_RUN", saved.dry],
      ] as const) {
        if (value === undefined) delete process.env[key];
        else process.env[key] = value;
      }
    }
  });
});
