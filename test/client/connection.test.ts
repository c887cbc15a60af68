/**
 * Connections: keep-alive within and across clients, the headers every request carries, and the
 * timer behind the attempts' timeouts.
 */
import { strict as assert } from "node:assert";
import { execFile } from "node:child_process";
import { once } from "node:events";
import * as net from "node:net";
import * as path from "node:path";
import { promisify } from "node:util";
import * as zlib from "node:zlib";
import { ConnectionError, TimeoutError } from "../../src/client";
import { botDetectionBody, clientFor, rejection, useEmulator } from "./helpers";
import { useStub } from "./stub";

describe("client: keep-alive", () => {
  const emu = useEmulator();

  it("reuses connections across many sequential calls", async () => {
    const client = clientFor(emu());
    const before = emu().connectionsOpened;
    // Zones 1001 and 1002: a Basic zone's read (1003) is refused.
    for (let i = 0; i < 50; i++) await client.getBotDetection(1001 + (i % 2));
    assert.equal(emu().requests.length, 50);
    assert.ok(
      emu().connectionsOpened - before <= 2,
      `${emu().connectionsOpened - before} connections for 50 calls`,
    );
  });

  it("shares the pool between clients, as each data function call builds one", async () => {
    const before = emu().connectionsOpened;
    for (let i = 0; i < 20; i++) await clientFor(emu()).search({ query: "api" });
    assert.ok(emu().connectionsOpened - before <= 2);
  });

  it("sends the key, JSON Accept and a User-Agent", async () => {
    emu().resetRequests();
    await clientFor(emu(), { userAgent: "tests/1.0" }).getBotDetection(1001);
    await clientFor(emu()).getBotDetection(1001);
    const [custom, standard] = emu().requests;
    assert.equal(custom.authenticated, true);
    assert.equal(custom.headers["user-agent"], "tests/1.0");
    assert.match(custom.headers.accept ?? "", /application\/json/);
    assert.match(standard.headers["user-agent"] ?? "", /^pulumi-bunnynet-shield\/\d/);
    assert.equal(custom.headers["content-type"], undefined, "a GET has no body");
  });
});

describe("client: the attempts' timer", () => {
  const emu = useEmulator();
  const timers = () => process.getActiveResourcesInfo().filter((kind) => kind === "Timeout").length;

  it("never keeps the process alive, during a call or after it", async () => {
    const client = clientFor(emu());
    // The first call leaves the emulator's own keep-alive timer for its socket.
    await client.botDetection.get(1001);
    const before = timers();
    const call = client.botDetection.get(1001);
    const during = timers();
    await call;
    assert.equal(during, before, "a timer held the process during the call");
    assert.equal(timers(), before, "a timer held the process after the call");
  });

  it("still ends a stalled call in a process with nothing else to do: the socket holds it", async function () {
    this.timeout(30_000);
    // Accepts the connection and never answers.
    const server = net.createServer((socket) => socket.resume());
    server.listen(0, "127.0.0.1");
    await once(server, "listening");
    const { port } = server.address() as net.AddressInfo;
    const script = `
      const { ShieldClient } = require(${JSON.stringify(path.resolve(__dirname, "../../src/client"))});
      new ShieldClient({ apiKey: "k", baseUrl: "http://127.0.0.1:${port}", timeoutMs: 300, maxRetries: 0 })
        .botDetection.get(1001)
        .then(() => console.log("answered"), (error) => console.log(error.constructor.name));`;
    try {
      const { stdout } = await promisify(execFile)(process.execPath, [
        "-r",
        "ts-node/register/transpile-only",
        "-e",
        script,
      ]);
      assert.equal(stdout.trim(), "TimeoutError");
    } finally {
      server.close();
    }
  });
});

describe("client: answers as they travel", () => {
  const stub = useStub();
  const encoders: Record<string, (body: Buffer) => Buffer> = {
    gzip: (body) => zlib.gzipSync(body),
    deflate: (body) => zlib.deflateSync(body),
    br: (body) => zlib.brotliCompressSync(body),
  };
  for (const [coding, encode] of Object.entries(encoders)) {
    it(`decodes an answer in ${coding}, which it says it accepts`, async () => {
      stub().reply({
        text: encode(Buffer.from(JSON.stringify(botDetectionBody()))),
        headers: { "Content-Type": "application/json", "Content-Encoding": coding },
      });
      const data = await clientFor(stub()).botDetection.get(1001);
      assert.equal(data.ipAddress.sensitivity, 3);
      assert.match(
        stub().requests[0]!.headers["accept-encoding"] ?? "",
        new RegExp(`\\b${coding}\\b`),
      );
    });
  }

  for (const coding of Object.keys(encoders)) {
    it(`takes an empty body in ${coding} as empty`, async () => {
      stub().reply({ status: 204, text: "", headers: { "Content-Encoding": coding } });
      await clientFor(stub()).accessLists.delete(1001, 7);
      assert.equal(stub().requests[0]!.method, "DELETE");
    });
  }

  it("fails a body that is not what its coding says as a ConnectionError", async () => {
    stub().reply({
      text: "not gzip",
      headers: { "Content-Type": "application/json", "Content-Encoding": "gzip" },
    });
    const error = await rejection(
      clientFor(stub(), { maxRetries: 0 }).botDetection.get(1001),
      ConnectionError,
    );
    assert.ok(!(error instanceof TimeoutError), String(error));
  });

  it("gives a TimeoutError when the body stalls after the headers came", async () => {
    stub().reply({
      stall: '{"data":',
      headers: { "Content-Type": "application/json", "Content-Length": "1000" },
    });
    const started = Date.now();
    const client = clientFor(stub(), { timeoutMs: 200, maxRetries: 0 });
    const error = await rejection(client.botDetection.get(1001), TimeoutError);
    assert.match(error.message, /No answer within 200 ms/);
    assert.ok(Date.now() - started < 2000);
  });
});
