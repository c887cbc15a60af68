/**
 * Connections: the keep-alive agents every client shares, the node-fetch patch for bodies cut
 * short, the pool of AbortControllers, the attempts' timeouts, and node-fetch itself, loaded on
 * first use.
 */
import { getEventListeners } from "node:events";
import * as http from "node:http";
import * as https from "node:https";

// One keep-alive agent per protocol for the whole process: each data function call builds a
// client, and the sockets must outlive those clients to be reused.
const agents: { http?: http.Agent; https?: https.Agent } = {};
/** The shared keep-alive agent for `baseUrl`'s protocol. */
export function agentFor(baseUrl: string): http.Agent {
  // A bounded pool: a stack of hundreds of resources queues here instead of
  // opening hundreds of sockets at once.
  const options = { keepAlive: true, maxSockets: 32 };
  if (baseUrl.startsWith("http:")) {
    return (agents.http ??= failTruncatedBodies(new http.Agent(options)));
  }
  return (agents.https ??= failTruncatedBodies(new https.Agent(options)));
}

/**
 * node-fetch 2 neither ends nor fails a body whose connection closes before its
 * Content-Length arrived (node-fetch#1604), so reading it would hang until the timeout.
 * Reporting that premature close on the request makes node-fetch fail the body at once
 * (as it already does for chunked bodies), and the attempt becomes a retryable ConnectionError.
 */
function failTruncatedBodies<A extends http.Agent>(agent: A): A {
  type AddRequest = (request: http.ClientRequest, options: unknown) => void;
  const internals = agent as unknown as { addRequest: AddRequest };
  const addRequest = internals.addRequest.bind(agent);
  internals.addRequest = (request, options) => {
    // Shared listeners, not closures per request: this runs on every call.
    request.on("response", watchForPrematureClose);
    addRequest(request, options);
  };
  return agent;
}

function watchForPrematureClose(response: http.IncomingMessage): void {
  response.on("close", failIfIncomplete);
}

function failIfIncomplete(this: http.IncomingMessage): void {
  if (this.complete) return;
  const error = Object.assign(new Error("Premature close"), { code: "ERR_STREAM_PREMATURE_CLOSE" });
  // `req` is the ClientRequest of a client-side response.
  (this as http.IncomingMessage & { req: http.ClientRequest }).req.emit("error", error);
}

/**
 * AbortControllers whose signal never fired, kept for later attempts. In Node 20, making an
 * AbortSignal costs more than all the rest of the client's own work on a call (measured
 * against bare node-fetch: about +12% wall time per call with a new signal each time, nothing
 * with a reused one). A signal that never fired and has no listener left is as good as new.
 */
const idleControllers: AbortController[] = [];
const MAX_IDLE_CONTROLLERS = 64;

/** An AbortController whose signal has not fired: a kept one, or a new one. */
export function takeController(): AbortController {
  return idleControllers.pop() ?? new AbortController();
}

/** Keeps `controller` for reuse if its signal never fired and nothing listens to it any more. */
export function releaseController(controller: AbortController): void {
  const { signal } = controller;
  if (
    !signal.aborted &&
    idleControllers.length < MAX_IDLE_CONTROLLERS &&
    getEventListeners(signal, "abort").length === 0
  ) {
    idleControllers.push(controller);
  }
}

/**
 * Attempt timeouts: when each attempt in flight must be aborted (`performance.now()` time), all
 * served by one timer armed for the earliest. A timer of its own per attempt (setTimeout, then
 * clearTimeout once answered) was, with the abort signal, most of the client's own cost per call
 * against bare node-fetch (bench/client-overhead.ts; figures in bench/README.md): with calls one
 * after another, each clearTimeout empties Node's timer list and the next setTimeout builds and
 * schedules it again. The shared timer is only re-armed for an attempt that must end
 * before the one it waits for; when it fires, it aborts what is due and waits for the next.
 */
// With calls one after another, this map goes from one entry to none on each call; V8 then
// gives its table back and makes a new one at the next set, an allocation per call. An entry
// that never leaves (due never) keeps the table: the attempts in flight are the others.
const KEEP = new AbortController();
const abortAt = new Map<AbortController, number>([[KEEP, Infinity]]);
/** How many attempts are in flight (armed, not yet cancelled or aborted). */
const inFlight = () => abortAt.size - 1;
let watchdog: NodeJS.Timeout | undefined;
let watchdogAt = Infinity;

/** Aborts `controller` after `timeoutMs`, unless {@link cancelAbort} comes first. */
export function abortAfter(controller: AbortController, timeoutMs: number): void {
  const at = performance.now() + Math.max(0, timeoutMs);
  abortAt.set(controller, at);
  if (at < watchdogAt) armWatchdog(at);
  // An attempt in flight keeps the process alive until its timeout, as its own timer did.
  else if (inFlight() === 1) watchdog?.ref();
}

/** Forgets `controller`'s timeout: its attempt ended. */
export function cancelAbort(controller: AbortController): void {
  // With nothing in flight, the armed timer must not keep the process alive.
  if (abortAt.delete(controller) && inFlight() === 0) watchdog?.unref();
}

function armWatchdog(at: number): void {
  if (watchdog !== undefined) clearTimeout(watchdog);
  watchdogAt = at;
  watchdog = setTimeout(abortDue, Math.max(0, at - performance.now()));
}

function abortDue(): void {
  watchdog = undefined;
  watchdogAt = Infinity;
  // Timers may fire a little before `at` by this clock: what is not due yet is waited for again.
  const now = performance.now();
  let next = Infinity;
  for (const [controller, at] of abortAt) {
    if (at <= now) {
      abortAt.delete(controller);
      controller.abort();
    } else if (at < next) {
      next = at;
    }
  }
  if (next !== Infinity) armWatchdog(next);
}

let fetchImplementation: typeof import("node-fetch").default | undefined;
/** node-fetch, required on first use. */
export function nodeFetch(): typeof import("node-fetch").default {
  // Required lazily so that loading the package (and serializing providers) stays cheap,
  // and kept: resolving the module again costs tens of microseconds per call.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (fetchImplementation ??= require("node-fetch"));
}
