/**
 * The API key never shows anywhere a run leaves traces: in errors (every error the suite
 * produces is scanned, see tally.ts), in console output (captured for the whole suite and
 * scanned by the summary), in the `__provider` text of an installed copy, in provider
 * outputs, in the emulator's state file and request log, nor in the data functions'
 * results, whether the key came as an option or from the stack config.
 */
import { strict as assert } from "node:assert";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import * as path from "node:path";
import * as util from "node:util";
import * as pulumi from "@pulumi/pulumi";
import { InvalidArgumentError, ShieldError } from "../../src/client";
import type { Emulator } from "../../src/emulator";
import {
  getBotDetection,
  getBotDetectionOutput,
  getEventLogs,
  getEventLogsOutput,
  search,
  searchOutput,
} from "../../src/functions";
import type {
  AccessListConfigurationInputs,
  AccessListConfigurationOutputs,
} from "../../src/resources/access-list-configuration-lifecycle";
import {
  installPackedPackage,
  runInProgram,
  serializedProviderText,
} from "../support/packed-package";
import {
  clientFor,
  collect,
  configuredProvider,
  emulator,
  failure,
  isolateEnvironment,
  TODAY,
} from "./harness";
import { API_KEY, scanText, useWatchers } from "./tally";

/** Scans `text` and fails at once on a leak, naming where. */
function assertClean(text: string, where: string): void {
  const leaks = scanText(text, where);
  assert.deepEqual(leaks, [], `the key leaked into ${where}`);
}

/**
 * What an Output holds, through the SDK's internals (as Pulumi's own tests read it). Every
 * part is awaited, as the engine does with an Output it consumes: a failed Output rejects
 * its value and its `isKnown`/`isSecret` promises alike.
 */
async function settle<T>(output: pulumi.Output<T>): Promise<T> {
  const o = output as unknown as {
    promise(): Promise<T>;
    isKnown: Promise<boolean>;
    isSecret: Promise<boolean>;
    allResources(): Promise<Set<pulumi.Resource>>;
  };
  const [value] = await Promise.all([o.promise(), o.isKnown, o.isSecret, o.allResources()]);
  return value;
}

describe("reliability: the API key never leaks", function () {
  this.timeout(180_000);
  useWatchers();
  isolateEnvironment();

  describe("through the provider, the client and the emulator", () => {
    let dir: string;
    let stateFile: string;
    let emu: Emulator;
    before(async () => {
      dir = await mkdtemp(path.join(tmpdir(), "shield-reliability-"));
      stateFile = path.join(dir, "state.json");
      emu = await emulator({ stateFile });
    });
    after(async () => {
      await emu?.close();
      await rm(dir, { recursive: true, force: true });
    });

    it("provider outputs, diffs and check results of a whole lifecycle (key from configure)", async () => {
      const provider = await configuredProvider(emu);
      const inputs: AccessListConfigurationInputs = {
        shieldZoneId: 1001,
        configurationId: 100102,
        isEnabled: true,
        action: "Block",
      };
      const seen: unknown[] = [];
      seen.push(await provider.check({}, { ...inputs }));
      const created = await provider.create(inputs);
      seen.push(created);
      const outs = created.outs as AccessListConfigurationOutputs;
      seen.push(await provider.diff(created.id, outs, { ...inputs, isEnabled: false }));
      const updated = await provider.update(created.id, outs, { ...inputs, isEnabled: false });
      seen.push(updated);
      seen.push(await provider.read(created.id, updated.outs as AccessListConfigurationOutputs));
      await provider.delete(created.id, updated.outs as AccessListConfigurationOutputs);
      // Failures on the way, too.
      emu.faults.add({ route: "listAccessLists", status: 503, times: Infinity });
      await failure(provider.read(created.id, outs), ShieldError, "read under 503");
      emu.faults.clear();
      await failure(
        provider.create({ ...inputs, configurationId: 999 }),
        ShieldError,
        "create of a missing configuration",
      );
      for (const [i, value] of seen.entries()) {
        assertClean(JSON.stringify(value), `provider result #${i}`);
        assertClean(util.inspect(value, { depth: Infinity, showHidden: true }), `inspect #${i}`);
      }
    });

    it("the recorded requests carry the key nowhere (not in a header, path, query or body)", async () => {
      const client = clientFor(emu);
      await client.getBotDetection(1001);
      await client.search({ query: "cdn" });
      await collect(client.eventLogs(1001, TODAY, { limit: 3 }));
      await client.updateAccessListConfiguration(1001, 100101, { action: 2 });
      await failure(client.getBotDetection(4242), ShieldError, "unknown zone");
      assert.ok(emu.requests.length >= 5);
      for (const request of emu.requests) {
        assert.ok(request.authenticated, "the key was sent");
        assert.ok(!("accesskey" in request.headers));
        for (const [name, value] of Object.entries(request.headers)) {
          assertClean(`${name}: ${value}`, `recorded header ${name}`);
        }
        assertClean(
          JSON.stringify([request.path, request.query, request.body]),
          "recorded request",
        );
      }
      assertClean(JSON.stringify(emu.requests), "the request log");
      // And the log as the admin route serves it to another process.
      const served = await fetch(`${emu.url}/_emulator/requests`, {
        headers: { AccessKey: emu.apiKey },
      });
      assert.equal(served.status, 200);
      assertClean(await served.text(), "GET /_emulator/requests");
    });

    it("the emulator's state file (and anything else in its folder)", async () => {
      const client = clientFor(emu);
      await client.updateAccessListConfiguration(1001, 100104, { isEnabled: true, action: 3 });
      await emu.close();
      const files = await readdir(dir);
      assert.ok(files.includes("state.json"), files.join(", "));
      for (const file of files) {
        assertClean(await readFile(path.join(dir, file), "utf8"), `state folder: ${file}`);
      }
      emu = await emulator({ stateFile });
      assert.equal(emu.state.accessList(1001, 100104)!.action, 3, "the state file was written");
    });
  });

  describe("through the data functions and their Output variants", () => {
    let emu: Emulator;
    let savedConfig: Record<string, string>;
    before(async () => {
      emu = await emulator();
      savedConfig = pulumi.runtime.allConfig();
    });
    after(async () => {
      pulumi.runtime.setAllConfig(savedConfig);
      await emu?.close();
    });

    it("results, with the key as an option", async () => {
      const options = { apiKey: API_KEY, apiUrl: emu.url };
      const results = [
        await getBotDetection({ shieldZoneId: 1001 }, options),
        await getEventLogs({ shieldZoneId: 1001, date: TODAY, limit: 5 }, options),
        await search({ query: "cdn", all: true }, options),
      ];
      for (const result of results) assertClean(JSON.stringify(result), "function result");
    });

    it("a key read from the stack config never appears in results or Outputs", async () => {
      pulumi.runtime.setConfig("bunnynet:apiKey", API_KEY);
      pulumi.runtime.setConfig("bunnynet:apiUrl", emu.url);
      const plain = await getBotDetection({ shieldZoneId: 1002 });
      assert.equal(plain.shieldZoneId, 1002);
      assertClean(JSON.stringify(plain), "function result (stack config key)");
      const outputs = [
        await settle(getBotDetectionOutput({ shieldZoneId: pulumi.output(1001) })),
        await settle(getEventLogsOutput({ shieldZoneId: 1001, date: TODAY, limit: 2 })),
        await settle(searchOutput({ query: pulumi.secret("shop") })),
      ];
      for (const value of outputs) assertClean(JSON.stringify(value), "Output value");
      // A wrong key from the config: the error names neither key.
      pulumi.runtime.setConfig("bunnynet:apiKey", `${API_KEY}_WRONG`);
      await failure(getBotDetection({ shieldZoneId: 1001 }), ShieldError, "wrong config key");
    });

    it("a secret Output given as the apiKey option is refused without showing it", async () => {
      const output = getBotDetectionOutput(
        { shieldZoneId: 1001 },
        // The options are plain values; an Output there is a mistake the function must name.
        { apiKey: pulumi.secret(API_KEY) as unknown as string, apiUrl: emu.url },
      );
      const error = await failure(settle(output), InvalidArgumentError, "secret apiKey option");
      assert.equal(error.argument, "options.apiKey");
      assert.match(error.message, /\(an Output\)/);
      assert.match(error.message, /set the stack config instead/);
      emu.resetRequests();
    });
  });

  describe("in the __provider text of an installed copy", () => {
    it("as the test support captures it", async () => {
      const program = await installPackedPackage();
      const text = await serializedProviderText(program);
      assert.match(text, /^exports\.handler = /);
      assertClean(text, "__provider text");
    });

    it("with the key in the stack config and the environment while the program runs", async () => {
      const program = await installPackedPackage();
      const stdout = await runInProgram(
        program,
        `
        const pulumi = require("@pulumi/pulumi");
        const seen = [];
        pulumi.runtime.setMocks({
          newResource: (a) => { seen.push(a.inputs); return { id: "x", state: a.inputs }; },
          call: () => ({}),
        }, "project", "stack", false);
        const { AccessListConfiguration, getBotDetectionOutput } = require(${JSON.stringify(program.packageName)});
        new AccessListConfiguration("probe", { shieldZoneId: 1001, configurationId: 100101, isEnabled: true });
        new AccessListConfiguration("probe2", { shieldZoneId: 1002, configurationId: 100201, isEnabled: false, onDelete: "keep" });
        setTimeout(() => process.stdout.write(JSON.stringify(seen)), 500);
      `,
        {
          PATH: process.env.PATH ?? "",
          BUNNYNET_API_KEY: API_KEY,
          PULUMI_CONFIG: JSON.stringify({
            "bunnynet:apiKey": API_KEY,
            "bunnynet:apiUrl": "http://127.0.0.1:9",
          }),
          PULUMI_CONFIG_SECRET_KEYS: JSON.stringify(["bunnynet:apiKey"]),
        },
      );
      const inputs = JSON.parse(stdout) as Array<Record<string, unknown>>;
      assert.equal(inputs.length, 2);
      for (const bag of inputs) {
        assert.match(String(bag.__provider), /^exports\.handler = /);
        assertClean(
          JSON.stringify(bag),
          "resource inputs incl. __provider (key in config and env)",
        );
      }
    });
  });
});
