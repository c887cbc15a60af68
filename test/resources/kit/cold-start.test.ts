/**
 * A kind's `check` and `diff` (all that a preview asks, and every resource's first call) load
 * neither the client nor its transport: the plugin's cold start stays the kind's own code.
 */
import { strict as assert } from "node:assert";
import { execFile } from "node:child_process";
import * as path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);
const REPO = path.resolve(__dirname, "../../..");

describe("kit: cold start", function () {
  this.timeout(60_000);

  it("check and diff of every kind load no client; the first read does", async () => {
    // A fresh process: this one has long loaded the client.
    const script = `
      const { KINDS, dispatch } = require("./src/resources/kit/registry");
      const loaded = () => Object.keys(require.cache).filter((m) =>
        /[\\\\/]src[\\\\/]client[\\\\/](shield-client|transport)\\.ts$/.test(m));
      (async () => {
        for (const kind of KINDS) {
          await dispatch(kind, "check", {}, {}, {});
          await dispatch(kind, "diff", {}, "1", {}, {});
        }
        const afterCheck = loaded();
        // A refused address fails before anything is sent, after the client is loaded.
        await dispatch("BotDetection", "read", { apiKey: "k", apiUrl: "ftp://x" }, "1001", {
          shieldZoneId: 1001,
        }).catch(() => undefined);
        process.stdout.write(JSON.stringify({ afterCheck, afterRead: loaded() }));
      })();
    `;
    const { stdout } = await run(
      process.execPath,
      ["-r", "ts-node/register/transpile-only", "-e", script],
      { cwd: REPO },
    );
    const { afterCheck, afterRead } = JSON.parse(stdout) as Record<string, string[]>;
    assert.deepEqual(afterCheck, []);
    assert.equal(afterRead!.length, 2, "the client, once a request is to be sent");
  });

  it("ApiGuardian loads the YAML reader only for a YAML document", async () => {
    const script = `
      const { dispatch } = require("./src/resources/kit/registry");
      const yaml = () => Object.keys(require.cache).some((m) => /[\\/]node_modules[\\/]yaml[\\/]/.test(m));
      const json = JSON.stringify({ openapi: "3.0.0", info: { title: "t", version: "1" }, paths: {} });
      (async () => {
        await dispatch("ApiGuardian", "check", {}, {}, { shieldZoneId: 1, isEnabled: true });
        await dispatch("ApiGuardian", "check", {}, {}, { shieldZoneId: 1, openApiSpec: json });
        const afterJson = yaml();
        await dispatch("ApiGuardian", "check", {}, {}, {
          shieldZoneId: 1,
          openApiSpec: "openapi: 3.0.0\\ninfo: {title: t, version: '1'}\\npaths: {}\\n",
        });
        process.stdout.write(JSON.stringify({ afterJson, afterYaml: yaml() }));
      })();
    `;
    const { stdout } = await run(
      process.execPath,
      ["-r", "ts-node/register/transpile-only", "-e", script],
      { cwd: REPO },
    );
    assert.deepEqual(JSON.parse(stdout), { afterJson: false, afterYaml: true });
  });
});
