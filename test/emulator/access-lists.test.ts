import { strict as assert } from "node:assert";
import type { AccessListsDetailsResponse, UpdateAccessListConfiguration } from "../../src/emulator";
import { ERRORS } from "../../src/emulator";
import { NotFoundError, PlanRestrictionError, ShieldClient } from "../../src/client";
import { API_KEY, call, NOW, patchList, SUCCESS, useEmulator } from "./helpers";

interface PatchAnswer {
  data: UpdateAccessListConfiguration | null;
  error:
    | typeof SUCCESS
    | { statusCode: number; success: false; message: string | null; errorKey: string };
}

describe("emulator: access lists", () => {
  const emulator = useEmulator();

  describe("GET /shield/shield-zone/{id}/access-lists", () => {
    it("lists the seeded managed and custom lists with counts and limits", async () => {
      const answer = await call(emulator(), "/shield/shield-zone/1001/access-lists");
      assert.equal(answer.status, 200);
      assert.equal(answer.headers.get("content-type"), "application/json; charset=utf-8");
      const body = answer.json as AccessListsDetailsResponse;
      assert.deepEqual(
        body.managedLists?.map((l) => [l.configurationId, l.listId, l.name]),
        [
          [100101, 1001001, "Tor exit nodes"],
          [100102, 1001002, "VPN providers"],
          [100103, 1001003, "Known bad bots"],
          [100104, 1001004, "Abusive ASNs"],
        ],
      );
      assert.deepEqual(
        body.customLists?.map((l) => [l.configurationId, l.listId, l.name]),
        [
          [100111, 1001011, "Office IPs"],
          [100112, 1001012, "Partner CIDRs"],
        ],
      );
      assert.equal(body.customListCount, 2);
      assert.equal(body.customEntryCount, 16);
      assert.equal(body.customListLimit, 5);
      assert.equal(body.customEntryLimit, 5_000);
      assert.deepEqual(body.error, SUCCESS);
      const enabled = [...(body.managedLists ?? []), ...(body.customLists ?? [])].map(
        (l) => l.isEnabled,
      );
      assert.ok(enabled.includes(true) && enabled.includes(false), "some lists on, some off");
    });

    it("marks the list above a Basic zone's plan", async () => {
      const body = (await call(emulator(), "/shield/shield-zone/1003/access-lists"))
        .json as AccessListsDetailsResponse;
      const locked = body.managedLists?.filter((l) => l.requiredPlan > 0) ?? [];
      assert.deepEqual(
        locked.map((l) => [l.configurationId, l.requiredPlan, l.isEnabled]),
        [[100303, 1, false]],
      );
      assert.equal(body.customListLimit, 1);
      assert.deepEqual(
        body.customLists?.map((l) => l.name),
        ["Office IPs"],
        "a Basic zone is seeded with the one custom list its plan allows",
      );
    });

    it("answers an unknown zone with HTTP 202 and a null-data envelope", async () => {
      const answer = await call(emulator(), "/shield/shield-zone/999/access-lists");
      assert.equal(answer.status, 202);
      assert.deepEqual(answer.json, {
        managedLists: null,
        customLists: null,
        customEntryCount: null,
        customEntryLimit: null,
        customListCount: null,
        customListLimit: null,
        error: { statusCode: 202, success: false, ...ERRORS.zoneNotFound },
      });
    });

    it("reflects direct state changes (drift) and removed configurations", async () => {
      const list = emulator().state.accessList(1002, 100204);
      assert.ok(list);
      list.action = 5;
      emulator().state.removeAccessList(1002, 100212);
      const body = (await call(emulator(), "/shield/shield-zone/1002/access-lists"))
        .json as AccessListsDetailsResponse;
      assert.equal(body.managedLists?.find((l) => l.configurationId === 100204)?.action, 5);
      assert.deepEqual(
        body.customLists?.map((l) => l.configurationId),
        [100211],
      );
    });
  });

  describe("PATCH /shield/shield-zone/{id}/access-lists/configurations/{id}", () => {
    it("updates isEnabled and action, and lastUpdated from the emulator clock", async () => {
      const answer = await patchList(emulator(), 1001, 100102, { isEnabled: true, action: 2 });
      assert.equal(answer.status, 200);
      assert.deepEqual(answer.json, { data: { isEnabled: true, action: 2 }, error: SUCCESS });
      const list = emulator().state.accessList(1001, 100102);
      assert.equal(list?.isEnabled, true);
      assert.equal(list?.action, 2);
      assert.equal(list?.lastUpdated, NOW.toISOString());
    });

    it("keeps the current state for isEnabled null and omitted fields", async () => {
      const before = { ...emulator().state.accessList(1001, 100104) };
      const answer = await patchList(emulator(), 1001, 100104, { isEnabled: null });
      assert.equal(answer.status, 200);
      const data = (answer.json as PatchAnswer).data;
      assert.deepEqual(data, { isEnabled: before.isEnabled, action: before.action });
      assert.equal(emulator().state.accessList(1001, 100104)?.lastUpdated, before.lastUpdated);

      const onlyAction = await patchList(emulator(), 1001, 100104, { action: 3 });
      assert.deepEqual((onlyAction.json as PatchAnswer).data, {
        isEnabled: before.isEnabled,
        action: 3,
      });
      const empty = await patchList(emulator(), 1001, 100104, {});
      assert.deepEqual((empty.json as PatchAnswer).data, {
        isEnabled: before.isEnabled,
        action: 3,
      });
    });

    it("accepts a custom list's configuration id", async () => {
      const answer = await patchList(emulator(), 1002, 100211, { isEnabled: false });
      assert.equal(answer.status, 200);
      assert.equal(emulator().state.accessList(1002, 100211)?.isEnabled, false);
    });

    const invalid: [string, unknown, string][] = [
      ["an empty body", "", "validation.body"],
      ["invalid JSON", "{isEnabled: true", "validation.body"],
      ["an array", [true], "validation.body"],
      ["null", "null", "validation.body"],
      ["a string", '"on"', "validation.body"],
      ["isEnabled as a string", { isEnabled: "true" }, "validation.isEnabled"],
      ["isEnabled as a number", { isEnabled: 1 }, "validation.isEnabled"],
      ["a negative action", { action: -1 }, "validation.action"],
      ["an action beyond int32", { action: 2 ** 31 }, "validation.action"],
      ["a fractional action", { action: 1.5 }, "validation.action"],
      ["action null", { action: null }, "validation.action"],
      ["action by name", { action: "Block" }, "validation.action"],
    ];
    for (const [what, body, errorKey] of invalid) {
      it(`rejects ${what} with 400 ${errorKey}`, async () => {
        const before = { ...emulator().state.accessList(1001, 100101) };
        const answer = await patchList(emulator(), 1001, 100101, body);
        assert.equal(answer.status, 400);
        const json = answer.json as PatchAnswer;
        assert.equal(json.data, null);
        assert.equal(json.error.statusCode, 400);
        assert.equal(json.error.success, false);
        assert.equal(json.error.errorKey, errorKey);
        assert.match(json.error.message ?? "", /\w/);
        assert.deepEqual(emulator().state.accessList(1001, 100101), before);
      });
    }

    it("answers an unknown zone with 202 not_found_or_unauthorised_access.shieldzone", async () => {
      const answer = await patchList(emulator(), 4242, 424201, { isEnabled: true });
      assert.equal(answer.status, 202);
      assert.deepEqual(answer.json, {
        data: null,
        error: { statusCode: 202, success: false, ...ERRORS.zoneNotFound },
      });
    });

    it("answers an unknown configuration with 202 not_found.access_list_configuration", async () => {
      // 100201 exists, but in zone 1002, not in 1001.
      const answer = await patchList(emulator(), 1001, 100201, { isEnabled: true });
      assert.equal(answer.status, 202);
      assert.deepEqual(answer.json, {
        data: null,
        error: {
          statusCode: 202,
          success: false,
          errorKey: "not_found.access_list_configuration",
          message: "Access list configuration not found.",
        },
      });
    });

    it("refuses a list above the zone's plan with 202 not_available.access_list", async () => {
      const answer = await patchList(emulator(), 1003, 100303, { isEnabled: true });
      assert.equal(answer.status, 202);
      assert.deepEqual(answer.json, {
        data: null,
        error: {
          statusCode: 202,
          success: false,
          errorKey: "not_available.access_list",
          message: "This access list is not available on the Shield Zone's current plan.",
        },
      });
      assert.equal(emulator().state.accessList(1003, 100303)?.isEnabled, false);
      // The Basic zone's other lists can be changed.
      assert.equal((await patchList(emulator(), 1003, 100301, { action: 3 })).status, 200);
    });

    for (const [zone, id] of [
      ["abc", "100101"],
      ["1001", "x1"],
      ["2147483648", "100101"], // above int32
      ["1001", "9223372036854775808"], // above int64
      ["1.5", "100101"],
      ["", "100101"],
    ]) {
      it(`answers 404 ProblemDetails when route constraints fail (${zone || "empty"}/${id})`, async () => {
        const answer = await patchList(emulator(), zone as string, id as string, {
          isEnabled: true,
        });
        assert.equal(answer.status, 404);
        assert.match(answer.headers.get("content-type") ?? "", /^application\/problem\+json/);
        assert.equal((answer.json as { status: number }).status, 404);
      });
    }

    it("treats a negative but well-formed zone id as an unknown zone (202), like int parsing", async () => {
      const answer = await patchList(emulator(), "-5", "100101", { isEnabled: true });
      assert.equal(answer.status, 202);
    });

    it("answers another method on the route with 405 and Allow", async () => {
      const answer = await call(
        emulator(),
        "/shield/shield-zone/1001/access-lists/configurations/100101",
      );
      assert.equal(answer.status, 405);
      assert.equal(answer.headers.get("allow"), "PATCH");
    });
  });
});

for (const drift of [false, true]) {
  describe(`emulator: custom access lists through the client${drift ? " (drifting)" : ""}`, () => {
    const emulator = useEmulator({ drift });
    const client = () => new ShieldClient({ apiKey: API_KEY, baseUrl: emulator().url });

    it("creates, reads, changes and deletes a custom list, with its configuration", async () => {
      const created = await client().accessLists.create(1001, {
        name: "Blocked hosts",
        description: "from a test",
        type: 0,
        content: "192.0.2.1\n192.0.2.2",
      });
      assert.equal(created.entryCount, 2);
      const zone = emulator().state.zone(1001)!;
      const record = zone.customLists.find((l) => l.listId === created.id)!;
      assert.deepEqual([record.name, record.isEnabled, record.action], ["Blocked hosts", true, 2]);
      const listed = await client().accessLists.list(1001);
      assert.ok(listed.customLists.some((l) => l.listId === created.id));

      await client().accessLists.update(1001, created.id, { content: "192.0.2.9" });
      const read = await client().accessLists.get(1001, created.id);
      assert.deepEqual([read.content, read.entryCount], ["192.0.2.9", 1]);
      assert.notEqual(read.checksum, created.checksum);

      await client().accessLists.delete(1001, created.id);
      assert.equal(emulator().state.customList(1001, created.id), undefined);
      const gone = await client()
        .accessLists.get(1001, created.id)
        .catch((e: unknown) => e);
      assert.ok(gone instanceof NotFoundError && gone.errorKey === "not_found.access_list");
    });

    it("keeps content without trailing line breaks, as the live service does", async () => {
      const created = await client().accessLists.create(1001, {
        name: "Trailing",
        type: 0,
        content: "192.0.2.1\n192.0.2.2\n\n",
      });
      assert.equal(created.content, "192.0.2.1\n192.0.2.2");
      assert.equal(created.entryCount, 2);
      await client().accessLists.update(1001, created.id, { content: "192.0.2.3\r\n" });
      const read = await client().accessLists.get(1001, created.id);
      assert.equal(read.content, "192.0.2.3");
      // A content differing only by its line break at the end is no change.
      const record = emulator().state.customList(1001, created.id)!;
      record.lastUpdated = "2020-01-01T00:00:00.000Z";
      await client().accessLists.update(1001, created.id, { content: "192.0.2.3\n" });
      assert.equal(record.lastUpdated, "2020-01-01T00:00:00.000Z", "not touched");
      await client().accessLists.delete(1001, created.id);
    });

    it("serves the seeded custom lists' entries, as many as their count", async () => {
      const seeded = emulator().state.zone(1002)!.customLists[0]!;
      const list = await client().accessLists.get(1002, seeded.listId);
      assert.equal(list.content!.split("\n").length, seeded.entryCount);
    });

    it("refuses a list past the plan's limits, naming the limit", async () => {
      // Zone 1003 is Basic: one custom list, which the seed already has.
      const full = await client()
        .accessLists.create(1003, { name: "x", type: 0, content: "192.0.2.1" })
        .catch((e: unknown) => e);
      assert.ok(full instanceof PlanRestrictionError, String(full));
      assert.equal(full.errorKey, "limit_reached.access_list");
      const many = Array.from({ length: 20_000 }, (_, i) => `AS${i + 1}`).join("\n");
      const entries = await client()
        .accessLists.create(1002, { name: "many", type: 2, content: many })
        .catch((e: unknown) => e);
      assert.ok(entries instanceof PlanRestrictionError);
      assert.equal(entries.errorKey, "limit_reached.access_list_entries");
    });
  });
}

describe("emulator: custom access lists, refusals", () => {
  const emulator = useEmulator();

  it("refuses a body without its type, naming the field", async () => {
    const noType = await call(emulator(), "/shield/shield-zone/1001/access-lists", {
      method: "POST",
      body: { name: "x", content: "" },
    });
    assert.equal(noType.status, 400);
    assert.match(noType.text, /validation\.type/);
  });
});

/**
 * A custom list without a single entry, which the live service refuses: octorules-bunny (written
 * against it) lints it as an error, tests/test_validate.py TestAccessList::test_bn301_empty_content
 * and ::test_bn301_whitespace_only; ::test_trailing_newlines_handled is taken.
 */
describe("emulator: custom access lists without entries", () => {
  const emulator = useEmulator();
  const lists = "/shield/shield-zone/1001/access-lists";
  const create = (content: string) =>
    call(emulator(), lists, { method: "POST", body: { name: "Empty", type: 3, content } });

  it("refuses a create or an update whose content holds no entry, with 400 validation.content", async () => {
    const before = emulator().state.zone(1001)!.customLists.length;
    for (const content of ["", "  \n  ", "\n\n"]) {
      const answer = await create(content);
      assert.equal(answer.status, 400, JSON.stringify(content));
      assert.match(answer.text, /validation\.content/);
    }
    assert.equal(emulator().state.zone(1001)!.customLists.length, before, "nothing created");

    const created = await create("US\n\nDE\n");
    assert.equal(created.status, 200, created.text);
    const id = (created.json as { data: { id: number } }).data.id;
    for (const content of ["", " \n "]) {
      const answer = await call(emulator(), `${lists}/${id}`, {
        method: "PATCH",
        body: { content },
      });
      assert.equal(answer.status, 400, JSON.stringify(content));
      assert.match(answer.text, /validation\.content/);
    }
    const kept = await call(emulator(), `${lists}/${id}`);
    assert.equal((kept.json as { data: { content: string } }).data.content, "US\n\nDE");
  });
});
