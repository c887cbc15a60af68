/** `client.apiGuardian`: the document's upload, the configuration, an endpoint, and the enums. */
import { strict as assert } from "node:assert";
import {
  InvalidArgumentError,
  NotFoundError,
  UnmatchedPathAction,
  type ShieldClient,
} from "../../src/client";
import { guardianDocument } from "../resources/api-guardian.fixtures";
import { clientFor, rejection, useEmulator } from "./helpers";

describe("client: API Guardian", () => {
  const emulator = useEmulator();
  let client: ShieldClient;
  before(() => {
    client = clientFor(emulator());
  });

  it("uploads a document, lists its endpoints, and changes the configuration and an endpoint", async () => {
    const uploaded = await client.apiGuardian.uploadSpecification(1002, {
      content: guardianDocument("1.0.0"),
    });
    assert.ok(uploaded.endpoints.length > 0);
    assert.deepEqual(await client.apiGuardian.get(1002), uploaded);

    const configuration = await client.apiGuardian.update(1002, {
      isEnabled: true,
      unmatchedPathAction: UnmatchedPathAction.Log,
    });
    assert.equal(configuration.isEnabled, true);
    assert.equal(emulator().state.zone(1002)!.apiGuardian!.unmatchedPathAction, 1);

    const [first] = uploaded.endpoints;
    const endpoint = await client.apiGuardian.updateEndpoint(1002, first!.apiGuardianEndpointId!, {
      detectParameterSqli: true,
    });
    assert.equal(endpoint.detectParameterSqli, true);
    await rejection(
      client.apiGuardian.updateEndpoint(1002, 987_654, { isEnabled: false }),
      NotFoundError,
    );
  });

  it("refuses an empty document and an empty change before any request", async () => {
    emulator().resetRequests();
    await rejection(
      client.apiGuardian.uploadSpecification(1002, { content: " " }),
      InvalidArgumentError,
    );
    await rejection(client.apiGuardian.update(1002, {}), InvalidArgumentError);
    assert.equal(emulator().requests.length, 0);
  });

  it("lists the modes and actions by value", async () => {
    const enums = await client.apiGuardian.getEnums(1001);
    for (const [name, value] of Object.entries(UnmatchedPathAction)) {
      assert.equal(enums.UnmatchedPathAction?.[String(value)], name);
    }
  });
});
