import { strict as assert } from "node:assert";
import { installPackedPackage, runInProgram } from "../support/packed-package";

// Pulumi serializes the provider by reference to the installed package (by value it would
// copy zod, which its serializer cannot do), so programs run against an installed copy.
const PROGRAM = `
const pulumi = require("@pulumi/pulumi");
const registered = [];
pulumi.runtime.setMocks({
  newResource(args) {
    registered.push({ type: args.type, name: args.name, inputs: args.inputs });
    return {
      id: args.inputs.shieldZoneId + "/" + args.inputs.configurationId,
      state: { ...args.inputs, listId: 7, priorIsEnabled: false, priorAction: "None" },
    };
  },
  call: (args) => args.inputs,
}, "project", "stack", false);
const { AccessListConfiguration } = require("pulumi-bunnynet-shield");
const zone = pulumi.output(1001);
const resources = [
  new AccessListConfiguration("tor", { shieldZoneId: zone, configurationId: 100101, isEnabled: true }),
  new AccessListConfiguration("vpn", { shieldZoneId: zone, configurationId: 100102, isEnabled: false, action: "Log" }),
  new AccessListConfiguration("office", {
    shieldZoneId: 1001, configurationId: 100111, isEnabled: true, action: 1, onDelete: "keep",
  }),
];
pulumi.all([pulumi.all(resources.map((r) => r.id)), resources[1].action, resources[0].listId]).apply(
  ([ids, action, listId]) => process.stdout.write(JSON.stringify({ ids, action, listId, registered })),
);
`;

describe("AccessListConfiguration in a program under Pulumi's mocks", function () {
  this.timeout(180_000);

  it("declares several configurations with one shared, secret-free provider", async () => {
    const secret = "mock-secret-key-that-must-not-leak";
    const program = await installPackedPackage();
    const stdout = await runInProgram(program, PROGRAM, {
      PATH: process.env.PATH ?? "",
      BUNNYNET_API_KEY: secret,
    });
    const { ids, action, listId, registered } = JSON.parse(stdout) as {
      ids: string[];
      action: string;
      listId: number;
      registered: Array<{ type: string; name: string; inputs: Record<string, unknown> }>;
    };
    assert.deepEqual(ids, ["1001/100101", "1001/100102", "1001/100111"]);
    assert.equal(action, "Log");
    assert.equal(listId, 7);
    assert.equal(registered.length, 3);
    for (const r of registered) {
      assert.equal(r.type, "pulumi-nodejs:dynamic/bunnynet:AccessListConfiguration");
      assert.equal(typeof r.inputs.__provider, "string");
      assert.ok(!(r.inputs.__provider as string).includes(secret), "the key is not captured");
    }
    assert.equal(
      new Set(registered.map((r) => r.inputs.__provider)).size,
      1,
      "one provider text for all",
    );
    assert.deepEqual(
      Object.keys(registered[2].inputs)
        .filter((k) => k !== "__provider")
        .sort(),
      ["action", "configurationId", "isEnabled", "onDelete", "shieldZoneId"],
    );
  });
});
