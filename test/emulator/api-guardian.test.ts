import { strict as assert } from "node:assert";
import { call, NOW, SUCCESS, useEmulator, type Answer } from "./helpers";

const path = (zone: number | string, rest = ""): string =>
  `/shield/shield-zone/${zone}/api-guardian${rest}`;

/** An OpenAPI document with the given operations, each `"GET /pets/{id}"`-like. */
function document(...operations: string[]): string {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const operation of operations) {
    const [method, route] = operation.split(" ") as [string, string];
    const parameters = [...route.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({
      name,
      in: "path",
      required: true,
    }));
    (paths[route] ??= {})[method.toLowerCase()] = {
      parameters: [...parameters, { name: "q", in: "query" }],
      responses: { 200: { description: "ok" } },
    };
  }
  return JSON.stringify({ openapi: "3.0.0", info: { title: "Pets", version: "1.2" }, paths });
}

interface Endpoint {
  apiGuardianEndpointId: number;
  requestMethod: string;
  requestPath: string;
  detectParameterXss: boolean;
  injectionDetectionParameters: Record<string, string[]>;
}
const endpointsOf = (answer: Answer): Endpoint[] =>
  (answer.json as { data: { endpoints: Endpoint[] } }).data.endpoints;

describe("emulator: API Guardian", () => {
  const emulator = useEmulator({ drift: false });
  const upload = (zone: number, content: string, method = "POST") =>
    call(emulator(), path(zone, "/spec"), { method, body: { content } });

  it("reads a zone never written as the service's defaults, without endpoints", async () => {
    const answer = await call(emulator(), path(1001));
    assert.equal(answer.status, 200, answer.text);
    const { data, error } = answer.json as {
      data: { configuration: Record<string, unknown>; endpoints: unknown[] };
      error: unknown;
    };
    assert.deepEqual(error, SUCCESS);
    assert.deepEqual(data.endpoints, []);
    assert.deepEqual(
      {
        shieldZoneId: data.configuration.shieldZoneId,
        isEnabled: data.configuration.isEnabled,
        executionMode: data.configuration.executionMode,
        unmatchedPathAction: data.configuration.unmatchedPathAction,
        title: data.configuration.title,
        maxEndpoints: data.configuration.maxEndpoints,
      },
      {
        shieldZoneId: 1001,
        isEnabled: false,
        executionMode: 0,
        unmatchedPathAction: 1,
        title: null,
        maxEndpoints: 100,
      },
    );
    // A read writes nothing: the zone still has no record.
    assert.equal(emulator().state.zone(1001)?.apiGuardian, undefined);
  });

  it("changes the settings sent, keeps isEnabled on null, and stamps only a change", async () => {
    const patch = (body: unknown) => call(emulator(), path(1002), { method: "PATCH", body });
    const first = await patch({ isEnabled: true, executionMode: 1 });
    assert.equal(first.status, 200, first.text);
    const guardian = () => emulator().state.zone(1002)?.apiGuardian;
    assert.equal(guardian()?.isEnabled, true);
    assert.equal(guardian()?.executionMode, 1);
    assert.equal(guardian()?.updatedAt, NOW.toISOString());

    guardian()!.updatedAt = null;
    const same = await patch({ isEnabled: null, executionMode: 1 });
    assert.equal(same.status, 200, same.text);
    assert.equal(guardian()?.isEnabled, true);
    assert.equal(guardian()?.updatedAt, null, "an unchanged PATCH stamps nothing");
  });

  it("makes an endpoint per operation on upload, and refuses a second upload", async () => {
    const answer = await upload(1003, document("GET /pets", "POST /pets", "GET /pets/{id}"));
    assert.equal(answer.status, 200, answer.text);
    const endpoints = endpointsOf(answer);
    assert.deepEqual(
      endpoints.map((e) => [e.apiGuardianEndpointId, e.requestMethod, e.requestPath]),
      [
        [100_300_001, "GET", "/pets"],
        [100_300_002, "POST", "/pets"],
        [100_300_003, "GET", "/pets/{id}"],
      ],
    );
    const zone = emulator().state.zone(1003)!;
    assert.equal(zone.apiGuardian?.title, "Pets");
    assert.deepEqual(zone.apiGuardian?.endpoints[2]?.availableParameters.Path, ["id"]);

    const again = await upload(1003, document("GET /pets"));
    assert.equal(again.status, 400);
    assert.equal(
      (again.json as { error: { errorKey: string } }).error.errorKey,
      "already_exists.api_guardian_specification",
    );
  });

  it("keeps the ids and settings of the endpoints a replacement keeps, and drops the rest", async () => {
    const zone = 1001;
    const none = await upload(zone, document("GET /a"), "PATCH");
    assert.equal(none.status, 400, "a replacement needs an upload first");
    const first = endpointsOf(await upload(zone, document("GET /a", "GET /b")));
    const tuned = await call(
      emulator(),
      path(zone, `/endpoint/${first[1]!.apiGuardianEndpointId}`),
      { method: "PATCH", body: { detectParameterXss: true } },
    );
    assert.equal(tuned.status, 200, tuned.text);

    const replaced = endpointsOf(await upload(zone, document("GET /b", "GET /c"), "PATCH"));
    assert.deepEqual(
      replaced.map((e) => [e.apiGuardianEndpointId, e.requestPath, e.detectParameterXss]),
      [
        [first[1]!.apiGuardianEndpointId, "/b", true],
        [first[1]!.apiGuardianEndpointId + 1, "/c", false],
      ],
    );
  });

  it("refuses a document that is not OpenAPI, or has more operations than allowed", async () => {
    const invalid = await upload(1002, "paths: [");
    assert.equal(invalid.status, 400);
    assert.match(invalid.text, /The OpenAPI specification is invalid: it is neither valid JSON/);

    const many = Array.from({ length: 101 }, (_, i) => `GET /r${i}`);
    const tooMany = await upload(1002, document(...many));
    assert.equal(tooMany.status, 400);
    assert.match(tooMany.text, /limit_reached\.api_guardian_endpoints/);
    assert.match(tooMany.text, /101 operations; at most 100/);
    assert.equal(emulator().state.zone(1002)?.apiGuardian?.hasSpecification, false);
  });

  it("detects injection only in parameters the endpoint has", async () => {
    const [endpoint] = endpointsOf(await upload(1002, document("GET /items/{itemId}")));
    const patch = (body: unknown) =>
      call(emulator(), path(1002, `/endpoint/${endpoint!.apiGuardianEndpointId}`), {
        method: "PATCH",
        body,
      });
    const unknown = await patch({ injectionDetectionParameters: { Query: ["q", "page"] } });
    assert.equal(unknown.status, 400);
    assert.match(unknown.text, /'page' is not a query parameter of this endpoint \(it has: q\)/);

    const known = await patch({ injectionDetectionParameters: { Path: ["itemId"] } });
    assert.equal(known.status, 200, known.text);
    const data = (known.json as { data: Endpoint }).data;
    assert.deepEqual(data.injectionDetectionParameters, {
      Path: ["itemId"],
      Query: [],
      Header: [],
      Cookie: [],
    });
  });

  it("answers an endpoint or a zone it does not have with HTTP 404", async () => {
    const endpoint = await call(emulator(), path(1001, "/endpoint/999"), {
      method: "PATCH",
      body: {},
    });
    assert.equal(endpoint.status, 404);
    assert.match(endpoint.text, /not_found\.api_guardian_endpoint/);
    const zone = await call(emulator(), path(77));
    assert.equal(zone.status, 404);
    assert.match(zone.text, /not_found_or_unauthorised_access\.shieldzone/);
  });
});
