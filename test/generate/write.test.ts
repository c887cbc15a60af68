/** writeProgram: a program's files written all at once, into a new or empty folder, or with force. */
import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import * as path from "node:path";
import { writeProgram } from "../../src/generate";
import { readFolder, temporaryFolder } from "./zone";

const FILES = { "index.ts": "// program\n", "block.html": "<p>no</p>\n" };

describe("writeProgram", () => {
  it("makes the folder, or fills an empty one", async () => {
    const root = temporaryFolder();
    await writeProgram(FILES, path.join(root, "new", "program"));
    assert.deepEqual(readFolder(path.join(root, "new", "program")), FILES);
    fs.mkdirSync(path.join(root, "empty"));
    await writeProgram(FILES, path.join(root, "empty"));
    assert.deepEqual(readFolder(path.join(root, "empty")), FILES);
    assert.deepEqual(fs.readdirSync(root).sort(), ["empty", "new"], "no staging folder left");
  });

  it("refuses a folder that holds files, and leaves it as it was", async () => {
    const out = path.join(temporaryFolder(), "out");
    fs.mkdirSync(out);
    fs.writeFileSync(path.join(out, "index.ts"), "// mine\n");
    await assert.rejects(writeProgram(FILES, out), /is not empty; pass --force/);
    assert.deepEqual(readFolder(out), { "index.ts": "// mine\n" });
    assert.deepEqual(fs.readdirSync(path.dirname(out)), [path.basename(out)]);
  });

  it("with force, replaces the program's files and keeps the folder's others", async () => {
    const out = temporaryFolder();
    fs.writeFileSync(path.join(out, "index.ts"), "// mine\n");
    fs.writeFileSync(path.join(out, "Pulumi.dev.yaml"), "config: {}\n");
    await writeProgram(FILES, out, { force: true });
    assert.deepEqual(readFolder(out), { ...FILES, "Pulumi.dev.yaml": "config: {}\n" });
  });

  it("removes what it staged when a file cannot be moved into place", async () => {
    const out = path.join(temporaryFolder(), "out");
    fs.mkdirSync(out);
    fs.mkdirSync(path.join(out, "block.html")); // a folder where a file must go
    fs.writeFileSync(path.join(out, "block.html", "keep"), "x");
    await assert.rejects(writeProgram(FILES, out, { force: true }));
    assert.deepEqual(fs.readdirSync(path.dirname(out)), [path.basename(out)]);
  });

  it("leaves no partial program when a file cannot be written", async () => {
    const out = path.join(temporaryFolder(), "program");
    const files = {
      "index.ts": "// program\n",
      [`${"x".repeat(300)}.html`]: "<p>too long a name</p>\n",
    };
    await assert.rejects(writeProgram(files, out));
    assert.equal(fs.existsSync(out), false);
    assert.deepEqual(fs.readdirSync(path.dirname(out)), []);
  });

  it("refuses a file name that would leave the folder", async () => {
    const out = path.join(temporaryFolder(), "p");
    await assert.rejects(writeProgram({ "../evil.ts": "" }, out), /refusing to write a file named/);
    assert.equal(fs.existsSync(out), false);
  });
});
