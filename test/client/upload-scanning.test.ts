/**
 * The upload scanning sub-client against a stub: what it sends and returns, and what it refuses
 * before sending.
 */
import { strict as assert } from "node:assert";
import { InvalidArgumentError, type ShieldClient } from "../../src/client";
import { uploadScanningBody } from "./answers";
import { clientFor, rejection, unchecked } from "./helpers";
import { useStub, sent } from "./stub";

describe("client: upload scanning", () => {
  const stub = useStub();
  let client: ShieldClient;
  before(() => {
    client = clientFor(stub());
  });

  it("reads and updates upload scanning", async () => {
    stub().reply({ body: uploadScanningBody() }, { body: uploadScanningBody() });
    const state = await client.uploadScanning.get(1001);
    assert.deepEqual(state, {
      shieldZoneId: 1001,
      isEnabled: true,
      csamScanningMode: 2,
      antivirusScanningMode: 1,
    });
    await client.uploadScanning.update(1001, { antivirusScanningMode: 1 });
    assert.deepEqual(sent(stub()), [
      ["GET", "/shield/shield-zone/1001/upload-scanning"],
      [
        "PATCH",
        "/shield/shield-zone/1001/upload-scanning",
        { shieldZoneId: 1001, antivirusScanningMode: 1 },
      ],
    ]);
  });

  it("refuses empty, unknown and mistyped changes before sending", async () => {
    const cases: Array<[Promise<unknown>, string, RegExp]> = [
      [client.uploadScanning.update(1001, {}), "change", /nothing to change/],
      [
        client.uploadScanning.update(1001, unchecked({ scanAll: true })),
        "change.scanAll",
        /unknown field/,
      ],
      [
        client.uploadScanning.update(1001, unchecked({ csamScanningMode: "Block" })),
        "change.csamScanningMode",
        /0 \(Disabled\), 1 \(Log\), 2 \(Block\)/,
      ],
      [client.uploadScanning.update(1001, unchecked([])), "change", /expected an object/],
    ];
    for (const [call, argument, message] of cases) {
      const error = await rejection(call, InvalidArgumentError);
      assert.equal(error.argument, argument);
      assert.match(error.message, message);
    }
    assert.equal(stub().requests.length, 0);
  });
});
