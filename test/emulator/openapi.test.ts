/**
 * Checks the emulator's answers against the public OpenAPI documents in shared/reference, so
 * that a misspelt, missing or extra field fails here before it misleads a client.
 *
 * Both documents are OpenAPI 3.0, whose `nullable: true` is not JSON Schema: it is rewritten
 * to a `"null"` type (or enum member) before Ajv compiles the schemas.
 * `additionalProperties: false` is kept as is, so extra fields fail.
 */
import { strict as assert } from "node:assert";
import { guardianDocument } from "../resources/api-guardian.fixtures";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import Ajv, { type ValidateFunction } from "ajv";
import { type Emulator } from "../../src/emulator";
import { call, patchList, TODAY, useEmulator, YESTERDAY, type Answer } from "./helpers";

const REFERENCE = resolve(__dirname, "../../../shared/reference");

interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, { responses: Record<string, OpenApiResponse> }>>;
  components: { schemas: Record<string, unknown> };
}
interface OpenApiResponse {
  content?: Record<string, { schema: unknown }>;
}

function load(file: string): OpenApiDocument {
  return JSON.parse(readFileSync(resolve(REFERENCE, file), "utf8")) as OpenApiDocument;
}

/** OpenAPI 3.0 schema → JSON Schema (draft-07, as Ajv reads it), refs pointed at `id`. */
function toJsonSchema(node: unknown, id: string): unknown {
  if (Array.isArray(node)) return node.map((item) => toJsonSchema(item, id));
  if (typeof node !== "object" || node === null) return node;
  const source = node as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(source)) {
    if (key.startsWith("x-") || key === "nullable" || key === "example") continue;
    if (key === "$ref" && typeof value === "string") {
      out.$ref = value.replace("#/components/schemas/", `${id}#/definitions/`);
    } else if (key === "properties") {
      // Property names are data here, never keywords: convert only their schemas.
      out.properties = Object.fromEntries(
        Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, toJsonSchema(v, id)]),
      );
    } else {
      out[key] = toJsonSchema(value, id);
    }
  }
  if (source.nullable !== true) return out;
  if (typeof out.$ref === "string") return { anyOf: [{ $ref: out.$ref }, { type: "null" }] };
  if (typeof out.type === "string") out.type = [out.type, "null"];
  if (Array.isArray(out.enum)) out.enum = [...(out.enum as unknown[]), null];
  return out;
}

const ajv = new Ajv({ allErrors: true, strict: true, allowUnionTypes: true });
ajv.addFormat("int32", {
  type: "number",
  validate: (n: number) => Number.isInteger(n) && n >= -(2 ** 31) && n < 2 ** 31,
});
ajv.addFormat("int64", { type: "number", validate: (n: number) => Number.isSafeInteger(n) });
ajv.addFormat("date-time", /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/);
// A .NET TimeSpan: [-][d.]hh:mm:ss[.fffffff]
ajv.addFormat("date-span", /^-?(\d+\.)?\d{2}:\d{2}:\d{2}(\.\d{1,7})?$/);

const documents = {
  shield: load("shield-api-v1.0.0.json"),
  core: load("core-api-search-subset.json"),
};
for (const [id, document] of Object.entries(documents)) {
  ajv.addSchema({ $id: id, definitions: toJsonSchema(document.components.schemas, id) });
}

/** The core API's error shape, which the subset does not document (see API-NOTES.md). */
const coreError = ajv.compile({
  type: "object",
  properties: {
    ErrorKey: { type: "string" },
    Field: { type: ["string", "null"] },
    Message: { type: "string" },
  },
  required: ["ErrorKey", "Message"],
  additionalProperties: false,
});

/** The validator of a documented response (falls back to the 200 schema, see the callers). */
function responseValidator(
  api: keyof typeof documents,
  path: string,
  method: string,
  status: number | "200",
): ValidateFunction {
  const responses = documents[api].paths[path]?.[method]?.responses;
  assert.ok(responses, `${method} ${path} is in the ${api} document`);
  const schema = responses[String(status)]?.content?.["application/json"]?.schema;
  assert.ok(schema, `${method} ${path} documents a JSON body for ${status}`);
  return ajv.compile(toJsonSchema(schema, api) as object);
}

function assertValid(validate: ValidateFunction, body: unknown, what: string): void {
  const ok = validate(body);
  assert.ok(ok, `${what}: ${ajv.errorsText(validate.errors)}\n${JSON.stringify(body)}`);
}

/**
 * The spec declares `data` as a plain (non-nullable) $ref, but the service writes
 * `"data": null` on failures (API-NOTES.md quotes such an answer). Allow exactly that: a
 * failure envelope whose data is null is checked without it.
 */
function withoutNullFailureData(body: unknown): unknown {
  const { data, ...rest } = body as { data: unknown; error: { success: boolean } };
  if (data !== null) return body;
  assert.equal(rest.error.success, false, "data is null only on failures");
  return rest;
}

const EVENT_LOGS = "/shield/event-logs/{shieldZoneId}/{date}/{continuationToken}";
const ACCESS_LISTS = "/shield/shield-zone/{shieldZoneId}/access-lists";
const CONFIGURATION = "/shield/shield-zone/{shieldZoneId}/access-lists/configurations/{id}";
const BOT_DETECTION = "/shield/shield-zone/{shieldZoneId}/bot-detection";
const UPLOAD_SCANNING = "/shield/shield-zone/{shieldZoneId}/upload-scanning";
const SHIELD_ZONE = "/shield/shield-zone/{shieldZoneId}";
const BY_PULL_ZONE = "/shield/shield-zone/get-by-pullzone/{pullZoneId}";
const SHIELD_ZONES = "/shield/shield-zones";
const CREATE_OR_UPDATE = "/shield/shield-zone";
const CUSTOM_LIST = "/shield/shield-zone/{shieldZoneId}/access-lists/{id}";
const API_GUARDIAN = "/shield/shield-zone/{shieldZoneId}/api-guardian";
const CUSTOM_PAGE = "/shield/shield-zone/{shieldZoneId}/custom-page/{pageType}";
const EVENT_LOG_SEARCH = "/shield/event-logs/{shieldZoneId}/search";
const METRICS = "/shield/metrics/overview/{shieldZoneId}";
const BOT_CATEGORIZATION = "/shield/shield-zone/{shieldZoneId}/bot-categorization";

describe("emulator: answers match the OpenAPI documents", () => {
  const emulator = useEmulator();
  afterEach(() => emulator().faults.clear());

  const problemDetails = (): ValidateFunction =>
    responseValidator("shield", ACCESS_LISTS, "get", 401);

  it("reads OpenAPI 3.0 documents (nullable semantics)", () => {
    for (const document of Object.values(documents)) assert.match(document.openapi, /^3\.0\./);
  });

  it("detects extra, missing-type and wrongly-null fields (the check is strict)", () => {
    const page = responseValidator("shield", EVENT_LOGS, "get", 200);
    const good = {
      logs: null,
      hasMoreData: false,
      continuationToken: "",
      startToken: null,
      errorResponse: { statusCode: 200, success: true, message: null, errorKey: null },
    };
    assert.ok(page(good));
    assert.ok(!page({ ...good, extra: 1 }), "extra top-level field");
    assert.ok(!page({ ...good, hasMoreData: null }), "null where not nullable");
    assert.ok(
      !page({ ...good, errorResponse: { ...good.errorResponse, statusCode: 299 } }),
      "enum",
    );
    assert.ok(
      !page({
        ...good,
        logs: [{ logId: "a", timestamp: 1, log: null, labels: { asn: null, colour: "x" } }],
      }),
      "extra nested field",
    );
    const lists = responseValidator("shield", ACCESS_LISTS, "get", 200);
    assert.ok(!lists({ managedLists: [{ listId: 1 }] }), "missing required fields");
  });

  async function check(
    answer: Answer,
    status: number,
    validate: ValidateFunction,
    what: string,
    transform: (body: unknown) => unknown = (body) => body,
  ): Promise<void> {
    assert.equal(answer.status, status, `${what}: ${answer.text}`);
    assertValid(validate, transform(answer.json), what);
  }

  it("event logs: a page, window and token errors, an unknown zone, 401", async () => {
    const validate = responseValidator("shield", EVENT_LOGS, "get", 200);
    const first = await call(emulator(), `/shield/event-logs/1001/${TODAY}`);
    await check(first, 200, validate, "first page");
    const token = (first.json as { continuationToken: string }).continuationToken;
    await check(
      await call(emulator(), `/shield/event-logs/1001/${TODAY}/${token}`),
      200,
      validate,
      "next page",
    );
    await check(
      await call(emulator(), `/shield/event-logs/1001/01-01-2020`),
      200,
      validate,
      "window",
    );
    await check(
      await call(emulator(), `/shield/event-logs/1001/${YESTERDAY}/bad`),
      200,
      validate,
      "token",
    );
    // 202 is not documented for this route; the service uses the same body type.
    await check(
      await call(emulator(), `/shield/event-logs/9/${TODAY}`),
      202,
      validate,
      "unknown zone",
    );
    const unauthorised = responseValidator("shield", EVENT_LOGS, "get", 401);
    await check(
      await call(emulator(), `/shield/event-logs/1001/${TODAY}`, { key: null }),
      401,
      unauthorised,
      "401",
    );
  });

  it("access lists: the lists, an unknown zone, 401", async () => {
    const validate = responseValidator("shield", ACCESS_LISTS, "get", 200);
    for (const zone of [1001, 1002, 1003]) {
      await check(
        await call(emulator(), `/shield/shield-zone/${zone}/access-lists`),
        200,
        validate,
        `zone ${zone}`,
      );
    }
    await check(
      await call(emulator(), "/shield/shield-zone/9/access-lists"),
      202,
      validate,
      "unknown zone",
    );
    await check(
      await call(emulator(), "/shield/shield-zone/1001/access-lists", { key: null }),
      401,
      problemDetails(),
      "401",
    );
  });

  it("access list PATCH: success, 400, every 202, 401", async () => {
    const at = (status: number): ValidateFunction =>
      responseValidator("shield", CONFIGURATION, "patch", status);
    await check(
      await patchList(emulator(), 1001, 100101, { isEnabled: true, action: 2 }),
      200,
      at(200),
      "success",
    );
    await check(
      await patchList(emulator(), 1001, 100101, { isEnabled: null }),
      200,
      at(200),
      "null isEnabled",
    );
    await check(
      await patchList(emulator(), 1001, 100101, { action: -9 }),
      400,
      at(400),
      "400",
      withoutNullFailureData,
    );
    await check(
      await patchList(emulator(), 1001, 100101, "[]"),
      400,
      at(400),
      "400 body",
      withoutNullFailureData,
    );
    await check(
      await patchList(emulator(), 9, 100101, {}),
      202,
      at(202),
      "zone",
      withoutNullFailureData,
    );
    await check(
      await patchList(emulator(), 1001, 1, {}),
      202,
      at(202),
      "configuration",
      withoutNullFailureData,
    );
    await check(
      await patchList(emulator(), 1003, 100303, {}),
      202,
      at(202),
      "plan",
      withoutNullFailureData,
    );
    await check(await patchList(emulator(), 1001, 100101, {}, { key: null }), 401, at(401), "401");
  });

  it("bot detection: success, a Basic zone's 202, 404, 401", async () => {
    const at = (status: number): ValidateFunction =>
      responseValidator("shield", BOT_DETECTION, "get", status);
    for (const zone of [1001, 1002]) {
      await check(
        await call(emulator(), `/shield/shield-zone/${zone}/bot-detection`),
        200,
        at(200),
        `zone ${zone}`,
      );
    }
    // A Basic zone: the live service's 202, which the document does not list; its envelope.
    await check(
      await call(emulator(), "/shield/shield-zone/1003/bot-detection"),
      202,
      at(200),
      "zone 1003 (Basic)",
      withoutNullFailureData,
    );
    await check(
      await call(emulator(), "/shield/shield-zone/9/bot-detection"),
      404,
      at(404),
      "404",
      withoutNullFailureData,
    );
    await check(
      await call(emulator(), "/shield/shield-zone/1/bot-detection", { key: null }),
      401,
      at(401),
      "401",
    );
  });

  it("shield zones: one, by pull zone, pages, 202, 401", async () => {
    const zone = responseValidator("shield", SHIELD_ZONE, "get", 200);
    emulator().state.addZones(1);
    for (const id of [1001, 1002, 1003, 1004]) {
      await check(await call(emulator(), `/shield/shield-zone/${id}`), 200, zone, `zone ${id}`);
    }
    await check(
      await call(emulator(), "/shield/shield-zone/get-by-pullzone/501001"),
      200,
      responseValidator("shield", BY_PULL_ZONE, "get", 200),
      "by pull zone",
    );
    // The spec's 202 is an AcceptedResult, which is ASP.NET's wrapper, not what is sent: the
    // service sends the {data, error} envelope (API-NOTES.md). Checked against the envelope
    // documented for the PATCH's 202, CreateShieldZoneResponse.
    const accepted = responseValidator("shield", CREATE_OR_UPDATE, "patch", 202);
    for (const path of ["/shield/shield-zone/9", "/shield/shield-zone/get-by-pullzone/9"]) {
      await check(await call(emulator(), path), 202, accepted, path, withoutNullFailureData);
    }
    const list = responseValidator("shield", SHIELD_ZONES, "get", 200);
    for (const query of ["", "?perPage=2", "?page=2&perPage=2", "?page=5"]) {
      await check(await call(emulator(), `${SHIELD_ZONES}${query}`), 200, list, `list ${query}`);
    }
    const unauthorised: [string, string][] = [
      [SHIELD_ZONE, "/shield/shield-zone/1001"],
      [BY_PULL_ZONE, "/shield/shield-zone/get-by-pullzone/501001"],
    ];
    for (const [documented, path] of unauthorised) {
      await check(
        await call(emulator(), path, { key: null }),
        401,
        responseValidator("shield", documented, "get", 401),
        `401 ${path}`,
      );
    }
    emulator().state.removeZone(1004);
  });

  it("shield zone create and update: success, 400, 409, 202", async () => {
    const create = (status: number): ValidateFunction =>
      responseValidator("shield", CREATE_OR_UPDATE, "post", status);
    const update = (status: number): ValidateFunction =>
      responseValidator("shield", CREATE_OR_UPDATE, "patch", status);
    const send = (method: string, body: unknown): Promise<Answer> =>
      call(emulator(), CREATE_OR_UPDATE, { method, body });
    await check(
      await send("POST", {
        pullZoneId: 9001,
        shieldZone: { planType: 1, learningModeUntil: "2026-04-01T00:00:00Z" },
        accessLists: { "1": 2 },
      }),
      200,
      create(200),
      "create",
    );
    await check(await send("POST", { pullZoneId: 9002 }), 200, create(200), "create bare");
    await check(
      await send("POST", { pullZoneId: "x" }),
      400,
      create(400),
      "create 400",
      withoutNullFailureData,
    );
    await check(
      await send("POST", { pullZoneId: 9001 }),
      409,
      create(409),
      "create 409",
      withoutNullFailureData,
    );
    await check(
      await send("PATCH", { shieldZoneId: 1001, shieldZone: { wafEnabled: null, planType: 1 } }),
      200,
      update(200),
      "update",
    );
    await check(
      await send("PATCH", { shieldZoneId: 9, shieldZone: {} }),
      202,
      update(202),
      "update 202",
      withoutNullFailureData,
    );
    // 400 is not documented for the PATCH; the body is its envelope.
    await check(
      await send("PATCH", { shieldZoneId: 1001, shieldZone: { planType: -1 } }),
      400,
      update(200),
      "update 400",
      withoutNullFailureData,
    );
    for (const id of [1004, 1005]) emulator().state.removeZone(id);
  });

  it("bot detection PATCH: success, 400, 403, 404, 401", async () => {
    const at = (status: number): ValidateFunction =>
      responseValidator("shield", BOT_DETECTION, "patch", status);
    const patch = (zone: number, body: unknown, key?: null): Promise<Answer> =>
      call(emulator(), `/shield/shield-zone/${zone}/bot-detection`, {
        method: "PATCH",
        body,
        key,
      });
    await check(
      await patch(1001, { shieldZoneId: 1001, browserFingerprint: { complexEnabled: true } }),
      200,
      at(200),
      "success",
    );
    // 400 is not documented; the body is the route's envelope.
    await check(await patch(1001, { ipAddress: 1 }), 400, at(200), "400", withoutNullFailureData);
    await check(await patch(1003, {}), 403, at(403), "403", withoutNullFailureData);
    await check(await patch(9, {}), 404, at(404), "404", withoutNullFailureData);
    await check(await patch(1001, {}, null), 401, at(401), "401");
  });

  it("upload scanning: GET and PATCH, 400, 404, 401", async () => {
    const at = (method: string, status: number): ValidateFunction =>
      responseValidator("shield", UPLOAD_SCANNING, method, status);
    const path = (zone: number): string => `/shield/shield-zone/${zone}/upload-scanning`;
    for (const zone of [1001, 1002, 1003]) {
      await check(await call(emulator(), path(zone)), 200, at("get", 200), `zone ${zone}`);
    }
    await check(
      await call(emulator(), path(9)),
      404,
      at("get", 404),
      "404",
      withoutNullFailureData,
    );
    await check(await call(emulator(), path(1001), { key: null }), 401, at("get", 401), "401");
    const patch = (zone: number, body: unknown): Promise<Answer> =>
      call(emulator(), path(zone), { method: "PATCH", body });
    await check(
      await patch(1001, { shieldZoneId: 1001, isEnabled: true, csamScanningMode: 1 }),
      200,
      at("patch", 200),
      "update",
    );
    await check(await patch(9, {}), 404, at("patch", 404), "patch 404", withoutNullFailureData);
    // 400 is not documented; the body is the route's envelope.
    await check(
      await patch(1001, { isEnabled: 1 }),
      400,
      at("patch", 200),
      "patch 400",
      withoutNullFailureData,
    );
  });

  it("API Guardian: configuration, document upload and update, endpoint, 404, 401", async () => {
    const at = (path: string, method: string, status: number): ValidateFunction =>
      responseValidator("shield", `${API_GUARDIAN}${path}`, method, status);
    const base = (zone: number) => `/shield/shield-zone/${zone}/api-guardian`;
    const send = (path: string, method: string, body: unknown) =>
      call(emulator(), path, { method, body });
    await check(await call(emulator(), base(1001)), 200, at("", "get", 200), "no document yet");
    await check(
      await call(emulator(), base(9)),
      404,
      at("", "get", 404),
      "404",
      withoutNullFailureData,
    );
    await check(await call(emulator(), base(1001), { key: null }), 401, at("", "get", 401), "401");
    const content = guardianDocument("1.0.0");
    await check(
      await send(`${base(1001)}/spec`, "POST", { content }),
      200,
      at("/spec", "post", 200),
      "upload",
    );
    await check(
      await send(`${base(1001)}/spec`, "PATCH", { content: guardianDocument("1.1.0") }),
      200,
      at("/spec", "patch", 200),
      "update document",
    );
    await check(await call(emulator(), base(1001)), 200, at("", "get", 200), "with endpoints");
    await check(
      await send(base(1001), "PATCH", { isEnabled: true, executionMode: 1 }),
      200,
      at("", "patch", 200),
      "configuration",
    );
    const id = emulator().state.zone(1001)!.apiGuardian!.endpoints[0]!.apiGuardianEndpointId;
    await check(
      await send(`${base(1001)}/endpoint/${id}`, "PATCH", { rateLimitingType: "IP" }),
      200,
      at("/endpoint/{endpointId}", "patch", 200),
      "endpoint",
    );
    await check(
      await send(`${base(1001)}/endpoint/1`, "PATCH", { isEnabled: false }),
      404,
      at("/endpoint/{endpointId}", "patch", 404),
      "endpoint 404",
      withoutNullFailureData,
    );
  });

  it("custom pages: upload, get (text, and a JSON string), delete, 400, 404, 401", async () => {
    const at = (method: string, status: number): ValidateFunction =>
      responseValidator("shield", CUSTOM_PAGE, method, status);
    const page = (zone: number) => `/shield/shield-zone/${zone}/custom-page/challenge`;
    const html = "<html><body>Are you human?</body></html>";
    await check(await call(emulator(), page(1002)), 404, at("get", 404), "get 404");
    await check(
      await call(emulator(), page(1002), { method: "PUT", body: html }),
      200,
      at("put", 200),
      "upload",
    );
    // The text answer is the documented string, as is its JSON form in drift mode.
    const text = await call(emulator(), page(1002));
    assert.equal(text.status, 200);
    assertValid(at("get", 200), text.text, "get");
    emulator().drift = true;
    try {
      await check(await call(emulator(), page(1002)), 200, at("get", 200), "get as JSON");
    } finally {
      emulator().drift = false;
    }
    await check(await call(emulator(), page(1003)), 400, at("get", 400), "get on Basic");
    await check(
      await call(emulator(), page(1003), { method: "PUT", body: html }),
      400,
      at("put", 400),
      "upload on Basic",
    );
    await check(
      await call(emulator(), page(9), { method: "PUT", body: html }),
      404,
      at("put", 404),
      "upload 404",
    );
    await check(await call(emulator(), page(1002), { key: null }), 401, at("get", 401), "401");
    await check(
      await call(emulator(), page(1002), { method: "DELETE" }),
      200,
      at("delete", 200),
      "delete",
    );
    await check(
      await call(emulator(), page(1002), { method: "DELETE" }),
      404,
      at("delete", 404),
      "delete 404",
    );
    await check(
      await call(emulator(), page(1003), { method: "DELETE" }),
      400,
      at("delete", 400),
      "delete on Basic",
    );
  });

  it("bot categorization: list, category and bot actions, 400, 404, 401", async () => {
    const at = (path: string, method: string, status: number): ValidateFunction =>
      responseValidator("shield", `${BOT_CATEGORIZATION}${path}`, method, status);
    const list = `/shield/shield-zone/1001/bot-categorization`;
    const put = (path: string, body: unknown, zone = 1001) =>
      call(emulator(), `/shield/shield-zone/${zone}/bot-categorization${path}`, {
        method: "PUT",
        body,
      });
    const category = "/categories/{category}";
    const bot = "/bots/{botId}";
    await check(await call(emulator(), list), 200, at("", "get", 200), "list");
    await check(
      await call(emulator(), "/shield/shield-zone/9/bot-categorization"),
      404,
      at("", "get", 404),
      "list 404",
    );
    await check(await call(emulator(), list, { key: null }), 401, at("", "get", 401), "401");
    await check(await put("/categories/2", { action: 1 }), 200, at(category, "put", 200), "cat");
    await check(await put("/bots/201", { action: 3 }), 200, at(bot, "put", 200), "bot");
    await check(await call(emulator(), list), 200, at("", "get", 200), "list with actions");
    for (const [path, body, status, schema] of [
      ["/categories/9", { action: 1 }, 400, category],
      ["/categories/1", { action: 7 }, 400, category],
      ["/bots/201", { action: 4 }, 400, bot],
      ["/bots/999", { action: 1 }, 404, bot],
    ] as const) {
      await check(
        await put(path, body),
        status,
        at(schema, "put", status),
        `${path} ${status}`,
        withoutNullFailureData,
      );
    }
    await check(
      await put("/bots/201", { action: 1 }, 9),
      404,
      at(bot, "put", 404),
      "zone 404",
      withoutNullFailureData,
    );
    await check(await put("/bots/201", { action: 0 }), 200, at(bot, "put", 200), "cleared");
    await check(await put("/categories/2", { action: 0 }), 200, at(category, "put", 200), "0");
  });

  it("custom access lists: create, get, update, delete", async () => {
    const created = await call(emulator(), "/shield/shield-zone/1002/access-lists", {
      method: "POST",
      body: { name: "Spec check", type: 0, content: "192.0.2.1\n192.0.2.2" },
    });
    await check(created, 200, responseValidator("shield", ACCESS_LISTS, "post", 200), "create");
    const id = (created.json as { data: { id: number } }).data.id;
    const one = `/shield/shield-zone/1002/access-lists/${id}`;
    await check(
      await call(emulator(), one),
      200,
      responseValidator("shield", CUSTOM_LIST, "get", 200),
      "get",
    );
    await check(
      await call(emulator(), one, { method: "PATCH", body: { content: "192.0.2.3" } }),
      200,
      responseValidator("shield", CUSTOM_LIST, "patch", 200),
      "update",
    );
    await check(
      await call(emulator(), one, { method: "DELETE" }),
      200,
      responseValidator("shield", CUSTOM_LIST, "delete", 200),
      "delete",
    );
    // The listing still matches its schema with the list gone.
    await check(
      await call(emulator(), "/shield/shield-zone/1002/access-lists"),
      200,
      responseValidator("shield", ACCESS_LISTS, "get", 200),
      "listing",
    );
  });

  it("WAF custom rules, rate limits and the managed rule catalog", async () => {
    const condition = { variableTypes: { REQUEST_URI: "" }, operatorType: 0, value: "/admin" };
    const kinds = [
      ["/shield/waf/custom-rule", "/shield/waf/custom-rules", { ...condition, actionType: 1 }],
      [
        "/shield/rate-limit",
        "/shield/rate-limits",
        { ...condition, actionType: 1, requestCount: 10, timeframe: 60, blockTime: 300 },
      ],
    ] as const;
    for (const [rule, list, configuration] of kinds) {
      const created = await call(emulator(), rule, {
        method: "POST",
        body: {
          shieldZoneId: 1002,
          ruleName: `spec ${rule.split("/").pop()}`.replace("-", " "),
          ruleDescription: "",
          ruleConfiguration: configuration,
        },
      });
      await check(created, 200, responseValidator("shield", rule, "post", 200), `${rule} create`);
      const id = (created.json as { id: number }).id;
      // The spec gives a rate limit's GET the custom rule's schema, which has no rate-limit
      // fields; the service sends the rule it created, so it is checked as that.
      await check(
        await call(emulator(), `${rule}/${id}`),
        200,
        rule === "/shield/rate-limit"
          ? responseValidator("shield", rule, "post", 200)
          : responseValidator("shield", `${rule}/{id}`, "get", 200),
        `${rule} get`,
      );
      await check(
        await call(emulator(), `${rule}/${id}`, { method: "PATCH", body: { ruleName: "renamed" } }),
        200,
        responseValidator("shield", `${rule}/{id}`, "patch", 200),
        `${rule} update`,
      );
      // The same for the listing of rate limits: its items are checked as rate limits.
      const listing = await call(emulator(), `${list}/1002`);
      const items = (listing.json as { data: unknown[] }).data;
      assert.equal(items.length, 1);
      await check(
        listing,
        200,
        responseValidator("shield", `${list}/{shieldZoneId}`, "get", 200),
        `${list}`,
        (body) => (rule === "/shield/rate-limit" ? { ...(body as object), data: [] } : body),
      );
      if (rule === "/shield/rate-limit") {
        assertValid(responseValidator("shield", rule, "post", 200), items[0], `${list} item`);
      }
      await check(
        await call(emulator(), `${rule}/${id}`, { method: "DELETE" }),
        200,
        responseValidator("shield", `${rule}/{id}`, "delete", 200),
        `${rule} delete`,
      );
    }
    await check(
      await call(emulator(), "/shield/waf/rules/1001"),
      200,
      responseValidator("shield", "/shield/waf/rules/{shieldZoneId}", "get", 200),
      "catalog",
    );
  });

  it("search: results, empty results, 400 and 401", async () => {
    const validate = responseValidator("core", "/search", "get", 200);
    await check(await call(emulator(), "/search"), 200, validate, "all");
    await check(await call(emulator(), "/search?search=cdn&from=2&size=3"), 200, validate, "page");
    await check(await call(emulator(), "/search?search=nothing-matches"), 200, validate, "none");
    await check(await call(emulator(), "/search?size=-1"), 400, coreError, "400");
    // The subset documents 401 without a body; the emulator sends ProblemDetails like Shield.
    await check(await call(emulator(), "/search", { key: null }), 401, problemDetails(), "401");
  });

  it("event-log search: rows, groups with sparklines, window error, unknown zone, 400, 401", async () => {
    const at = (status: number) => responseValidator("shield", EVENT_LOG_SEARCH, "post", status);
    const send = (body: unknown, options: { zone?: number; key?: null } = {}) =>
      call(emulator(), `/shield/event-logs/${options.zone ?? 1001}/search`, {
        method: "POST",
        body,
        key: options.key,
      });
    const window = {
      from: Date.parse("2026-03-13T00:00:00Z"),
      to: Date.parse("2026-03-16T00:00:00Z"),
    };
    await check(await send(window), 200, at(200), "rows");
    const filters = [{ field: "ip", op: "cidr", value: ["0.0.0.0/1"] }];
    const grouped = { ...window, filters, groupBy: ["country", "ja4"], buckets: 12, pageSize: 5 };
    await check(await send(grouped), 200, at(200), "groups");
    await check(await send({ ...window, from: 0 }), 200, at(200), "window");
    // 202 is not documented for this route; the service uses the same body type.
    await check(await send(window, { zone: 9 }), 202, at(200), "unknown zone");
    await check(await send({ ...window, groupBy: ["host"] }), 400, at(400), "400");
    await check(await send(window, { key: null }), 401, at(401), "401");
  });

  it("metrics: overview, detailed series, window error, unknown zone", async () => {
    const overview = responseValidator("shield", METRICS, "get", 200);
    const detailed = responseValidator("shield", `${METRICS}/detailed`, "get", 200);
    await check(await call(emulator(), "/shield/metrics/overview/1001"), 200, overview, "overview");
    for (const query of [
      "",
      "?Resolution=6&StartDate=2026-01-01T00:00:00Z",
      "?Resolution=Hourly",
    ]) {
      await check(
        await call(emulator(), `/shield/metrics/overview/1002/detailed${query}`),
        200,
        detailed,
        `detailed${query}`,
      );
    }
    const window = "?StartDate=2026-03-15T00:00:00Z&EndDate=2026-03-14T00:00:00Z";
    await check(
      await call(emulator(), `/shield/metrics/overview/1001/detailed${window}`),
      200,
      detailed,
      "window",
      withoutNullFailureData,
    );
    for (const [path, validate] of [
      ["/shield/metrics/overview/9", overview],
      ["/shield/metrics/overview/9/detailed", detailed],
    ] as const) {
      await check(await call(emulator(), path), 202, validate, path, withoutNullFailureData);
    }
    // 401 is documented as an UnauthorizedResult ({statusCode}); the emulator answers every
    // 401 with ProblemDetails, as for the other routes documented so (shield zone list, rules).
  });

  it("the WAF's reference data, triggered rules and their review, and the PUT of a rule", async () => {
    const get = (path: string) => responseValidator("shield", path, "get", 200);
    for (const path of [
      "/shield/waf/profiles",
      "/shield/waf/engine-config",
      "/shield/waf/enums",
      "/shield/waf/rules/plan-segmentation",
      "/shield/ddos/enums",
    ]) {
      await check(await call(emulator(), path), 200, get(path), path);
    }
    const triggered = "/shield/waf/rules/review-triggered/{shieldZoneId}";
    const listing = await call(emulator(), "/shield/waf/rules/review-triggered/1002");
    await check(listing, 200, get(triggered), "triggered rules");
    const [first] = (listing.json as { triggeredRules: Array<{ ruleId: string }> }).triggeredRules;
    assert.ok(first, "the seeded logs trigger rules");
    await check(
      await call(
        emulator(),
        `/shield/waf/rules/review-triggered/ai-recommendation/1002/${first.ruleId}`,
      ),
      200,
      get("/shield/waf/rules/review-triggered/ai-recommendation/{shieldZoneId}/{ruleId}"),
      "recommendation",
    );
    await check(
      await call(emulator(), "/shield/waf/rules/review-triggered/1002", {
        method: "POST",
        body: { ruleId: first.ruleId, action: 0 },
      }),
      200,
      responseValidator("shield", triggered, "post", 200),
      "review",
    );
    const created = await call(emulator(), "/shield/waf/custom-rule", {
      method: "POST",
      body: {
        shieldZoneId: 1002,
        ruleName: "put me",
        ruleDescription: "",
        ruleConfiguration: {
          variableTypes: { REQUEST_URI: "" },
          operatorType: 0,
          value: "/a",
          actionType: 1,
        },
      },
    });
    await check(
      await call(emulator(), `/shield/waf/custom-rule/${(created.json as { id: number }).id}`, {
        method: "PUT",
        body: {
          ruleName: "put",
          ruleConfiguration: {
            variableTypes: { REQUEST_URI: "" },
            operatorType: 2,
            value: "/b",
            actionType: 2,
          },
        },
      }),
      200,
      responseValidator("shield", "/shield/waf/custom-rule/{id}", "put", 200),
      "PUT",
    );
  });

  it("shield zone defaults, the pull zone mapping, and a zone created under attack", async () => {
    for (const path of ["/shield/shield-zone/defaults", "/shield/shield-zones/pullzone-mapping"]) {
      await check(
        await call(emulator(), path),
        200,
        responseValidator("shield", path, "get", 200),
        path,
      );
    }
    const path = "/shield/shield-zone/under-attack";
    await check(
      await call(emulator(), path, { method: "POST", body: { pullZoneId: 777001, planType: 1 } }),
      200,
      responseValidator("shield", path, "post", 200),
      "under attack",
    );
    await check(
      await call(emulator(), path, { method: "POST", body: { pullZoneId: 777001, planType: 1 } }),
      409,
      responseValidator("shield", path, "post", 409),
      "under attack, again",
      withoutNullFailureData,
    );
  });

  it("metrics of features, rules, rate limits, endpoints, and overages", async () => {
    const rate = await call(emulator(), "/shield/rate-limit", {
      method: "POST",
      body: {
        shieldZoneId: 1001,
        ruleName: "metrics",
        ruleDescription: "",
        ruleConfiguration: {
          variableTypes: { REQUEST_URI: "" },
          operatorType: 0,
          value: "/",
          actionType: 1,
          requestCount: 10,
          timeframe: 60,
          blockTime: 300,
        },
      },
    });
    const rateId = (rate.json as { id: number }).id;
    const checks: Array<[string, string]> = [
      [
        "/shield/metrics/shield-zone/1001/bot-detection",
        "/shield/metrics/shield-zone/{shieldZoneId}/bot-detection",
      ],
      [
        "/shield/metrics/shield-zone/1001/upload-scanning",
        "/shield/metrics/shield-zone/{shieldZoneId}/upload-scanning",
      ],
      [
        "/shield/metrics/shield-zone/1001/api-guardian",
        "/shield/metrics/shield-zone/{shieldZoneId}/api-guardian",
      ],
      [
        "/shield/metrics/shield-zone/1001/waf-rule/942100",
        "/shield/metrics/shield-zone/{shieldZoneId}/waf-rule/{ruleId}",
      ],
      ["/shield/metrics/rate-limits/1001", "/shield/metrics/rate-limits/{shieldZoneId}"],
      [`/shield/metrics/rate-limit/${rateId}`, "/shield/metrics/rate-limit/{id}"],
      [
        "/shield/metrics/overages/1001?year=2026&month=3",
        "/shield/metrics/overages/{shieldZoneId}",
      ],
      ["/shield/metrics/overages/1001", "/shield/metrics/overages/{shieldZoneId}"],
    ];
    for (const [path, documented] of checks) {
      await check(
        await call(emulator(), path),
        200,
        responseValidator("shield", documented, "get", 200),
        path,
      );
    }
    await call(emulator(), "/shield/shield-zone/1001/api-guardian/spec", {
      method: "POST",
      body: { content: guardianDocument("1.0.0") },
    });
    const guardian = await call(emulator(), "/shield/shield-zone/1001/api-guardian");
    const endpoint = (
      guardian.json as { data: { endpoints: Array<{ apiGuardianEndpointId: number }> } }
    ).data.endpoints[0]!.apiGuardianEndpointId;
    await check(
      await call(emulator(), `/shield/metrics/shield-zone/1001/api-guardian/endpoint/${endpoint}`),
      200,
      responseValidator(
        "shield",
        "/shield/metrics/shield-zone/{shieldZoneId}/api-guardian/endpoint/{endpointId}",
        "get",
        200,
      ),
      "endpoint",
    );
  });

  it("the enums of access lists and API Guardian", async () => {
    for (const feature of ["access-lists", "api-guardian"]) {
      await check(
        await call(emulator(), `/shield/shield-zone/1001/${feature}/enums`),
        200,
        responseValidator(
          "shield",
          `/shield/shield-zone/{shieldZoneId}/${feature}/enums`,
          "get",
          200,
        ),
        feature,
      );
    }
  });

  it("unknown paths and route-constraint failures answer ProblemDetails", async () => {
    await check(await call(emulator(), "/nothing/here"), 404, problemDetails(), "404");
    await check(await patchList(emulator(), "x", 1, {}), 404, problemDetails(), "constraint");
  });

  it("fault envelopes use each route's documented body", async () => {
    emulator().faults.add({
      envelopeErrorKey: "limit_reached.waf",
      envelopeMessage: "Limit.",
      times: Infinity,
    });
    const at = (path: string, method: string): ValidateFunction =>
      responseValidator("shield", path, method, 200);
    await check(
      await call(emulator(), `/shield/event-logs/1001/${TODAY}`),
      202,
      at(EVENT_LOGS, "get"),
      "logs",
    );
    await check(
      await call(emulator(), "/shield/shield-zone/1001/access-lists"),
      202,
      at(ACCESS_LISTS, "get"),
      "lists",
    );
    await check(
      await patchList(emulator(), 1001, 100101, {}),
      202,
      at(CONFIGURATION, "patch"),
      "patch",
      withoutNullFailureData,
    );
    await check(
      await call(emulator(), "/shield/shield-zone/1001/bot-detection"),
      202,
      at(BOT_DETECTION, "get"),
      "bot",
      withoutNullFailureData,
    );
    await check(
      await call(emulator(), "/shield/event-logs/1001/search", { method: "POST", body: {} }),
      202,
      at(EVENT_LOG_SEARCH, "post"),
      "event-log search",
    );
    await check(
      await call(emulator(), "/shield/metrics/overview/1001"),
      202,
      at(METRICS, "get"),
      "metrics",
      withoutNullFailureData,
    );
    await check(
      await call(emulator(), "/shield/shield-zone/1001/bot-categorization"),
      202,
      at(BOT_CATEGORIZATION, "get"),
      "bot categorization",
    );
    await check(await call(emulator(), "/search"), 202, coreError, "search");
    emulator().faults.clear();
    emulator().faults.add({ status: 429, retryAfter: 1 });
    await check(await call(emulator(), "/search"), 429, problemDetails(), "429");
  });

  it("every seeded zone beyond the first three stays valid too", async () => {
    const extra: Emulator = emulator();
    const [zone] = extra.state.addZones(1);
    const validate = responseValidator("shield", ACCESS_LISTS, "get", 200);
    await check(
      await call(extra, `/shield/shield-zone/${zone?.shieldZoneId}/access-lists`),
      200,
      validate,
      "added zone",
    );
  });
});
