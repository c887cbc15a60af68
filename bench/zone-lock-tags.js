// Preloaded (NODE_OPTIONS=--require) into the Node processes the Pulumi CLI starts for
// bench/plugin-stack.ts: the provider plugin and the dynamic provider's host. Like
// stack.ts's tagLockedRequests, which patches this process only, it marks every request sent
// under a zone's write lock with the zone (the header the emulator records and
// concurrentLowerBound reads): here the lock module is patched as it loads, whichever copy
// (the sources, or an installed package's dist). Measurement only: nothing of it is in the package.
"use strict";
const Module = require("node:module");
const http = require("node:http");
const { AsyncLocalStorage } = require("node:async_hooks");

const HEADER = process.env.BENCH_LOCK_HEADER || "x-bench-zone-lock";

// The program's own process (the language host runs @pulumi/pulumi/cmd/run) is left as a user's
// is: its resources' requests are sent by the providers' processes, and a hook in its module
// loader would be one more frame in the stack trace the Node SDK records in state with every
// resource (the pluginState figure), a frame no user's program has.
const isProgram = /[\\/]@pulumi[\\/]pulumi[\\/]cmd[\\/]run([\\/]|$)/.test(process.argv[1] || "");
if (!isProgram) tagLockedRequests();

function tagLockedRequests() {
  const holder = new AsyncLocalStorage();
  const patched = new WeakSet();

  const load = Module._load;
  Module._load = function (request, ...rest) {
    const exports = load.call(this, request, ...rest);
    // Callers look the member up at each call (CommonJS output of TypeScript), so replacing it works.
    if (
      /(^|\/)zone-lock(\.[jt]s)?$/.test(request) &&
      exports &&
      typeof exports.withZoneLock === "function" &&
      !patched.has(exports)
    ) {
      const lock = exports.withZoneLock;
      exports.withZoneLock = (zone, locked) => lock(zone, () => holder.run(zone, locked));
      patched.add(exports);
    }
    return exports;
  };

  const request = http.request;
  http.request = function (...args) {
    const zone = holder.getStore();
    // node-fetch passes one options object, made for this request.
    const options = args.find((a) => typeof a === "object" && a !== null && !(a instanceof URL));
    if (zone !== undefined && options)
      options.headers = { ...options.headers, [HEADER]: String(zone) };
    return request.apply(this, args);
  };
}
