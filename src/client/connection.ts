/**
 * Connections: the keep-alive agents every client shares, one exchange of a request and its
 * whole answer over them (Node's own `http`), and the attempts' timeouts.
 */
import * as http from "node:http";
import * as https from "node:https";
import * as zlib from "node:zlib";

// One keep-alive agent per protocol for the whole process: each data function call builds a
// client, and the sockets must outlive those clients to be reused.
const agents: { http?: http.Agent; https?: https.Agent } = {};
/** The shared keep-alive agent for `baseUrl`'s protocol. */
function agentFor(baseUrl: string): http.Agent {
  // A bounded pool: a stack of hundreds of resources queues here instead of
  // opening hundreds of sockets at once.
  const options = { keepAlive: true, maxSockets: 32 };
  if (baseUrl.startsWith("http:")) {
    return (agents.http ??= new http.Agent(options));
  }
  return (agents.https ??= new https.Agent(options));
}

/**
 * Attempt timeouts: when each attempt in flight must be aborted (`performance.now()` time), all
 * served by one timer armed for the earliest. A timer of its own per attempt (setTimeout, then
 * clearTimeout once answered) was, with the abort signal node-fetch listened to, most of the
 * client's own cost per call (bench/client-overhead.ts; figures in bench/README.md): with calls one
 * after another, each clearTimeout empties Node's timer list and the next setTimeout builds and
 * schedules it again. The shared timer is only re-armed for an attempt that must end
 * before the one it waits for; when it fires, it aborts what is due and waits for the next.
 *
 * The timer never keeps the process alive (it is unref'd): an attempt in flight already does,
 * by its socket, its connection or its DNS lookup, so holding the process only while attempts
 * are in flight would cost a ref and an unref on every call for nothing.
 */
// With calls one after another, this map goes from one entry to none on each call; V8 then
// gives its table back and makes a new one at the next set, an allocation per call. An entry
// that never leaves (due never) keeps the table: the attempts in flight are the others.
const KEEP: Abortable = { destroy: () => undefined };
const abortAt = new Map<Abortable, number>([[KEEP, Infinity]]);
let watchdog: NodeJS.Timeout | undefined;
let watchdogAt = Infinity;

/** What a timeout ends: a request, destroyed with a {@link TimedOut} error. */
interface Abortable {
  destroy(error: Error): unknown;
}

/** The error a request is destroyed with, and its exchange fails with, when its time ran out. */
class TimedOut extends Error {
  override readonly name = "AbortError";
}

/** Destroys `request` after `timeoutMs`, unless {@link cancelAbort} comes first. */
function abortAfter(request: Abortable, timeoutMs: number): void {
  const at = performance.now() + Math.max(0, timeoutMs);
  abortAt.set(request, at);
  if (at < watchdogAt) armWatchdog(at);
}

/** Forgets `request`'s timeout: its attempt ended. */
function cancelAbort(request: Abortable): void {
  abortAt.delete(request);
}

function armWatchdog(at: number): void {
  if (watchdog !== undefined) clearTimeout(watchdog);
  watchdogAt = at;
  watchdog = setTimeout(abortDue, Math.max(0, at - performance.now())).unref();
}

function abortDue(): void {
  watchdog = undefined;
  watchdogAt = Infinity;
  // Timers may fire a little before `at` by this clock: what is not due yet is waited for again.
  const now = performance.now();
  let next = Infinity;
  for (const [request, at] of abortAt) {
    if (at <= now) {
      abortAt.delete(request);
      request.destroy(new TimedOut("The attempt's time ran out."));
    } else if (at < next) {
      next = at;
    }
  }
  if (next !== Infinity) armWatchdog(next);
}

/** One request to send: its target on the base URL's host, and what it carries. */
export interface Outgoing {
  method: string;
  /** The path and query, from the host's root. */
  path: string;
  headers: http.OutgoingHttpHeaders;
  /** The body, already encoded; none for undefined. */
  body?: string;
}

/** A whole answer: its status, headers and body, decoded from its content coding. */
export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

/** Where a base URL's requests go: what `http.request` takes, made once per client. */
export type Target = Pick<http.RequestOptions, "protocol" | "hostname" | "port" | "agent"> & {
  /** The base URL's own path ("" for the root), which every request's path follows. */
  prefix: string;
};

/** The target of `baseUrl` (normalized, without a trailing slash), on the shared agent. */
export function targetOf(baseUrl: string): Target {
  const url = new URL(baseUrl);
  return {
    protocol: url.protocol,
    // A bracketed IPv6 literal is given to the socket without its brackets.
    hostname: url.hostname.replace(/^\[(.*)\]$/, "$1"),
    port: url.port === "" ? undefined : Number(url.port),
    agent: agentFor(baseUrl),
    prefix: url.pathname === "/" ? "" : url.pathname,
  };
}

/** Decodes a whole body, on Node's thread pool. */
type Decoder = (raw: Buffer, done: (error: Error | null, decoded: Buffer) => void) => void;
// As node-fetch did: a body whose last block is not flushed still gives what it holds.
const LENIENT = { finishFlush: zlib.constants.Z_SYNC_FLUSH };
const gunzip: Decoder = (raw, done) => zlib.gunzip(raw, LENIENT, done);
/** The content codings an answer may come in, and their decoders. */
const DECODERS: Record<string, Decoder> = {
  gzip: gunzip,
  "x-gzip": gunzip,
  deflate: (raw, done) => zlib.inflate(raw, LENIENT, done),
  br: (raw, done) => zlib.brotliDecompress(raw, done),
};
/** The content codings a request accepts (node-fetch 2, which the transport used before, said gzip and deflate). */
export const ACCEPT_ENCODING = "gzip, deflate, br";

/**
 * Sends `outgoing` to `target` and reads its whole answer, within `timeoutMs`. Never follows a
 * redirect (the key would go to whatever host it names): a 3xx is an answer like any other.
 * Fails with what Node reports (a lost or reset connection, a body cut short before its
 * length) or, when the time ran out, with {@link TimedOut}.
 *
 * Node's `http` itself, not a fetch library over it: bare node-fetch 2 took 397k instructions
 * a call to read a zone's bot detection, where the whole client now takes 248k (its Request,
 * Headers and Response objects, a URL parsed twice, the body piped through a stream of its
 * own), and it missed bodies cut short (node-fetch#1604), which Node reports.
 */
export function exchange(target: Target, outgoing: Outgoing, timeoutMs: number): Promise<Answer> {
  return new Promise<Answer>((resolve, reject) => {
    const request = (target.protocol === "https:" ? https : http).request({
      protocol: target.protocol,
      hostname: target.hostname,
      port: target.port,
      agent: target.agent,
      method: outgoing.method,
      path: target.prefix + outgoing.path,
      headers: outgoing.headers,
    });
    abortAfter(request, timeoutMs);
    const fail = (error: Error) => {
      cancelAbort(request);
      // A destroyed request reports its error before its response reports being cut short.
      reject(error);
    };
    request.on("error", fail);
    request.on("response", (response) => {
      const chunks: Buffer[] = [];
      // A body cut short (its connection closed before the end) fails the response itself.
      response.on("error", fail);
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => {
        // The whole answer is here: decoding it is this process's own work, not the attempt's.
        cancelAbort(request);
        const raw = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
        const answer = (body: Buffer) =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            text: body.toString(),
          });
        const coding = response.headers["content-encoding"]?.trim().toLowerCase();
        const decode = coding === undefined ? undefined : DECODERS[coding];
        // An empty body (a 204, say) is empty in any coding.
        if (decode === undefined || raw.length === 0) return answer(raw);
        decode(raw, (error, decoded) => (error ? reject(error) : answer(decoded)));
      });
    });
    request.end(outgoing.body);
  });
}
