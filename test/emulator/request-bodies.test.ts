/**
 * Request properties the service does not know: the live service drops them (a misspelt or
 * retired field is silently lost), and so does the emulator by default; `strictBodies` refuses
 * them with 400 and the field's errorKey, at any depth, so that a client's tests catch them.
 */
import { strict as assert } from "node:assert";
import type { Emulator } from "../../src/emulator";
import { call, useEmulator } from "./helpers";

/** A name no route knows, so that finding it anywhere in the state means it was kept. */
const UNKNOWN = "misspeltField";

interface Case {
  what: string;
  method: string;
  path: string;
  body: unknown;
  /** The errorKey a strict emulator answers. */
  errorKey: string;
  /** True when the known part of the body was applied. */
  applied(emu: Emulator): boolean;
}

const condition = { variableTypes: { REQUEST_URI: "" }, operatorType: 0, value: "/admin" };
const ruleNamed = (emu: Emulator, name: string) =>
  [...emu.state.rules.wafCustomRules.values()].find((r) => r.ruleName === name);

const CASES: Case[] = [
  {
    what: "an access list configuration's PATCH, at the top",
    method: "PATCH",
    path: "/shield/shield-zone/1001/access-lists/configurations/100101",
    body: { isEnabled: false, [UNKNOWN]: true },
    errorKey: `validation.${UNKNOWN}`,
    applied: (emu) => emu.state.accessList(1001, 100101)?.isEnabled === false,
  },
  {
    what: "a shield zone's PATCH, in the settings",
    method: "PATCH",
    path: "/shield/shield-zone",
    body: { shieldZoneId: 1001, shieldZone: { wafEnabled: false, [UNKNOWN]: "red" } },
    errorKey: `validation.shieldZone.${UNKNOWN}`,
    applied: (emu) => emu.state.zone(1001)?.settings.wafEnabled === false,
  },
  {
    what: "a custom WAF rule's POST, in a chained condition (and Terraform's ruleJson)",
    method: "POST",
    path: "/shield/waf/custom-rule",
    body: {
      shieldZoneId: 1001,
      ruleName: "kept",
      ruleDescription: "",
      ruleConfiguration: {
        ...condition,
        actionType: 1,
        chainedRuleConditions: [{ ...condition, value: "/wp", [UNKNOWN]: 1 }],
      },
      // Terraform sends the rule's rendering back; the service ignores it.
      ruleJson: `{"${UNKNOWN}":1}`,
    },
    errorKey: `validation.ruleConfiguration.chainedRuleConditions.0.${UNKNOWN}`,
    applied: (emu) => ruleNamed(emu, "kept") !== undefined,
  },
  {
    what: "upload scanning's PATCH",
    method: "PATCH",
    path: "/shield/shield-zone/1001/upload-scanning",
    body: { isEnabled: true, [UNKNOWN]: true },
    errorKey: `validation.${UNKNOWN}`,
    applied: (emu) => emu.state.zone(1001)?.uploadScanning?.isEnabled === true,
  },
];

describe("emulator: request properties the service does not know", () => {
  describe("by default, like the live service: dropped, and the rest applied", () => {
    const emulator = useEmulator();
    for (const c of CASES) {
      it(c.what, async () => {
        const answer = await call(emulator(), c.path, { method: c.method, body: c.body });
        assert.ok(answer.status >= 200 && answer.status < 300, `${answer.status} ${answer.text}`);
        assert.ok(c.applied(emulator()), "the known fields were applied");
        assert.ok(!answer.text.includes(UNKNOWN), "the answer does not show it");
        assert.ok(!JSON.stringify(emulator().state.toJSON()).includes(UNKNOWN), "nothing kept");
      });
    }

    it("searches event logs with an unknown property and filter member", async () => {
      const to = Date.parse("2026-03-15T12:00:00Z");
      const answer = await call(emulator(), "/shield/event-logs/1001/search", {
        method: "POST",
        body: {
          from: to - 3_600_000,
          to,
          size: 3,
          filters: [{ field: "country", op: "eq", value: ["SG"], [UNKNOWN]: 1 }],
        },
      });
      assert.equal(answer.status, 200, answer.text);
    });
  });

  describe("with strictBodies: refused with 400 validation.<field>, nothing changed", () => {
    const emulator = useEmulator({ strictBodies: true });
    for (const c of CASES) {
      it(c.what, async () => {
        const before = JSON.stringify(emulator().state.toJSON());
        const answer = await call(emulator(), c.path, { method: c.method, body: c.body });
        assert.equal(answer.status, 400, answer.text);
        const { error } = answer.json as { error: { errorKey: string; message: string } };
        assert.equal(error.errorKey, c.errorKey);
        assert.match(error.message, new RegExp(`Unknown property '${c.errorKey.slice(11)}'`));
        assert.equal(JSON.stringify(emulator().state.toJSON()), before);
      });
    }

    it("refuses an unknown event-log filter member with a 400 ProblemDetails", async () => {
      const to = Date.parse("2026-03-15T12:00:00Z");
      const answer = await call(emulator(), "/shield/event-logs/1001/search", {
        method: "POST",
        body: { from: to - 3_600_000, to, filters: [{ field: "ip", [UNKNOWN]: 1 }] },
      });
      assert.equal(answer.status, 400);
      assert.match((answer.json as { detail: string }).detail, /filters\.0\.misspeltField/);
    });
  });
});
