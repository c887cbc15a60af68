/** Connections: keep-alive within and across clients, and the headers every request carries. */
import { strict as assert } from "node:assert";
import { clientFor, useEmulator } from "./helpers";

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
