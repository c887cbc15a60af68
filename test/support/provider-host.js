// Rebuilds a dynamic provider from its `__provider` text alone, as Pulumi's plugin
// does, and serves its methods over stdin/stdout, one JSON line per call:
// {"method": "create", "args": [...]} -> {"ok": true, "result": ...} | {"ok": false, "error": {...}}.
// Run with the program folder as working directory and the text's path as argument.
"use strict";
const fs = require("node:fs");
const readline = require("node:readline");
const path = require("node:path");

const requireFromString = require(
  require.resolve("require-from-string", {
    paths: [
      path.dirname(require.resolve("@pulumi/pulumi/package.json", { paths: [process.cwd()] })),
    ],
  }),
);
const text = fs.readFileSync(process.argv[2], "utf8");
const provider = requireFromString(text).handler();

const lines = readline.createInterface({ input: process.stdin });
lines.on("line", async (line) => {
  const { method, args } = JSON.parse(line);
  try {
    let result;
    if (method === "configure") {
      const values = args[0];
      result = await provider.configure({
        config: { get: (k) => values[k], require: (k) => values[k] },
      });
    } else {
      result = await provider[method](...args);
    }
    process.stdout.write(JSON.stringify({ ok: true, result: result ?? null }) + "\n");
  } catch (error) {
    const { name, message, id, properties, reasons } = error;
    process.stdout.write(
      JSON.stringify({ ok: false, error: { name, message, id, properties, reasons } }) + "\n",
    );
  }
});
