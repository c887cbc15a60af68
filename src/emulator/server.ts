/**
 * The emulator's HTTP server: routing, authentication, request recording, latency, faults and
 * state-file saving around the route handlers. Built on node:http alone.
 */
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { handleAdmin, isAdminPath } from "./admin";
import { isAuthenticated } from "./auth";
import { sendFault } from "./fault-responses";
import { FaultRegistry, type FaultInjector } from "./faults";
import { withoutNextPage } from "./paging";
import { readStateFile, writeJsonFileAtomically } from "./persistence";
import {
  recordRequest,
  RequestLog,
  type RecordedRequest,
  type RequestLogLimits,
} from "./request-log";
import { driftBody } from "./drift";
import {
  ABSENCE_STYLES,
  bareNotFound,
  json,
  problem,
  routeErrorBody,
  TEXT_TYPE,
  type AbsenceStyle,
  type ApiResponse,
} from "./responses";
import { withoutFields } from "./request-body";
import type { RouteContext, RouteDefinition } from "./route";
import { matchRoute, type RouteMatch } from "./router";
import type { SeedOptions } from "./seed";
import { EmulatorState } from "./state";

/** How to start an emulator. */
export interface EmulatorOptions {
  /** Interface to listen on; default "127.0.0.1". */
  host?: string;
  /** Port; default 0 (an ephemeral port, see {@link Emulator.url}). */
  port?: number;
  /** The only key accepted; default a random "emu_" + 32 hex chars. */
  apiKey?: string;
  /** Load state from this file if it exists; save it there (atomically) after every change. */
  stateFile?: string;
  /** Sizes of the seeded data (ignored when the state file exists). */
  seed?: SeedOptions;
  /** Clock for the event-log window and `lastUpdated`; default `() => new Date()`. */
  now?: () => Date;
  /** Added to every API response, in ms; default 0. */
  latencyMs?: number;
  /** Event log entries per page; default 100. */
  eventLogPageSize?: number;
  /**
   * Answer like a live service that drifted from its spec (see drift.ts). Default: on when
   * the environment has `SHIELD_EMULATOR_DRIFT=1`, so that whole test suites can run drifting.
   */
  drift?: boolean;
  /**
   * How "no such object" is answered (a custom page, list, configuration, rule, endpoint or bot
   * a request names): `"envelope"`, the route's own error envelope with the feature's
   * `not_found.*` errorKey; `"problem"`, a bare ProblemDetails 404 as ASP.NET's `NotFound()`
   * sends (`{"type":null,"title":"Not Found","status":404,"traceId":…}`, no errorKey). A missing
   * zone keeps its envelope. Default: `"problem"` when the environment has
   * `SHIELD_EMULATOR_ABSENCE=problem`, else `"envelope"`.
   */
  absence?: AbsenceStyle;
  /**
   * Fail a write to a zone that arrives while another write to it is being handled, with a
   * 500 in the route's envelope, as the service does. Default true.
   */
  zoneWriteConflicts?: boolean;
  /**
   * Bounds of {@link Emulator.requests}: most requests and bytes kept, the oldest dropped past
   * either; default 50,000 requests and 32 MiB.
   */
  requestLog?: RequestLogLimits;
  /**
   * Refuse request properties the service does not know with 400 `validation.<field>`. The live
   * service ignores them, and so does the emulator by default; a client's own tests turn this
   * on to catch a misspelt field, which the service would silently drop. Default false.
   */
  strictBodies?: boolean;
}

/** A running emulator. */
export interface Emulator {
  /** Base URL without a trailing slash, e.g. `http://127.0.0.1:PORT`. */
  readonly url: string;
  readonly apiKey: string;
  /** The live data; tests may change it directly to simulate drift. */
  readonly state: EmulatorState;
  readonly faults: FaultInjector;
  /**
   * Live list of API requests in arrival order (admin routes excluded), within
   * {@link EmulatorOptions.requestLog}'s bounds; no body of an unauthenticated request.
   */
  readonly requests: RecordedRequest[];
  /** TCP connections accepted so far. */
  readonly connectionsOpened: number;
  /** Drift mode (see {@link EmulatorOptions.drift}); may be switched at any time. */
  drift: boolean;
  /** How "no such object" is answered (see {@link EmulatorOptions.absence}); may be switched at any time. */
  absence: AbsenceStyle;
  /** Empties {@link requests} in place. */
  resetRequests(): void;
  /** Closes the server and every socket (idle keep-alive ones too), then saves the state file. */
  close(): Promise<void>;
}

const MAX_BODY_BYTES = 1024 * 1024;

/** Starts an emulator and resolves once it listens. */
export async function startEmulator(options: EmulatorOptions = {}): Promise<Emulator> {
  const emulator = new EmulatorServer(options);
  await emulator.listen(options.host ?? "127.0.0.1", options.port ?? 0);
  return emulator;
}

class EmulatorServer implements Emulator {
  readonly apiKey: string;
  readonly state: EmulatorState;
  readonly faults = new FaultRegistry();
  url = "";
  drift: boolean;
  #absence: AbsenceStyle = "envelope";

  private opened = 0;
  private closing: Promise<void> | undefined;
  private readonly server: Server;
  private readonly sockets = new Set<Socket>();
  /** Pending latency timers and how to wake their requests when the emulator closes. */
  private readonly timers = new Map<NodeJS.Timeout, () => void>();
  private readonly stateFile: string | undefined;
  private readonly now: () => Date;
  private readonly latencyMs: number;
  private readonly eventLogPageSize: number;
  private readonly zoneWriteConflicts: boolean;
  private readonly strictBodies: boolean;
  /** Zones with a write being handled (between its arrival and its answer), and by which. */
  private readonly writing = new Map<number, object>();
  private readonly log: RequestLog;

  constructor(options: EmulatorOptions) {
    this.apiKey = options.apiKey ?? `emu_${randomBytes(16).toString("hex")}`;
    if (this.apiKey === "") throw new RangeError("apiKey must not be empty");
    this.latencyMs = nonNegative("latencyMs", options.latencyMs ?? 0);
    this.eventLogPageSize = options.eventLogPageSize ?? 100;
    if (!Number.isInteger(this.eventLogPageSize) || this.eventLogPageSize < 1) {
      throw new RangeError("eventLogPageSize must be a positive integer");
    }
    this.now = options.now ?? (() => new Date());
    this.drift = options.drift ?? process.env.SHIELD_EMULATOR_DRIFT === "1";
    this.absence =
      options.absence ??
      (process.env.SHIELD_EMULATOR_ABSENCE === "problem" ? "problem" : "envelope");
    this.zoneWriteConflicts = options.zoneWriteConflicts ?? true;
    this.strictBodies = options.strictBodies ?? false;
    this.log = new RequestLog(options.requestLog);
    this.stateFile = options.stateFile;
    const saved = this.stateFile === undefined ? undefined : readStateFile(this.stateFile);
    this.state =
      saved === undefined ? EmulatorState.seeded(options.seed) : EmulatorState.fromJSON(saved);

    this.server = createServer((req, res) => void this.onRequest(req, res));
    // Clients keep connections alive; 5 s is ASP.NET Kestrel-like and outlives typical pauses.
    this.server.keepAliveTimeout = 5_000;
    this.server.on("connection", (socket: Socket) => {
      this.opened++;
      this.sockets.add(socket);
      socket.on("close", () => this.sockets.delete(socket));
    });
  }

  get absence(): AbsenceStyle {
    return this.#absence;
  }

  set absence(style: AbsenceStyle) {
    if (!ABSENCE_STYLES.includes(style)) {
      throw new RangeError(
        `absence must be ${ABSENCE_STYLES.map((s) => JSON.stringify(s)).join(" or ")}, not ${JSON.stringify(style)}`,
      );
    }
    this.#absence = style;
  }

  get requests(): RecordedRequest[] {
    return this.log.records;
  }

  get connectionsOpened(): number {
    return this.opened;
  }

  listen(host: string, port: number): Promise<void> {
    return new Promise((resolve, reject) => {
      this.server.once("error", reject);
      this.server.listen(port, host, () => {
        this.server.off("error", reject);
        const address = this.server.address() as AddressInfo;
        const hostPart = address.family === "IPv6" ? `[${address.address}]` : address.address;
        this.url = `http://${hostPart}:${address.port}`;
        resolve();
      });
    });
  }

  resetRequests(): void {
    this.log.clear();
  }

  close(): Promise<void> {
    this.closing ??= this.shutDown();
    return this.closing;
  }

  private async shutDown(): Promise<void> {
    for (const [timer, wake] of this.timers) {
      clearTimeout(timer);
      wake();
    }
    this.timers.clear();
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    // server.close() alone would wait for idle keep-alive sockets to time out.
    for (const socket of this.sockets) socket.destroy();
    await closed;
    // Saved last, so that direct test mutations and every answered change are in the file.
    this.persist();
  }

  private async onRequest(req: IncomingMessage, res: ServerResponse): Promise<void> {
    try {
      const url = new URL(req.url ?? "/", "http://emulator.invalid");
      if (isAdminPath(url.pathname)) {
        await this.onAdminRequest(req, res, url);
      } else {
        await this.onApiRequest(req, res, url);
      }
    } catch (error) {
      // A bug (or an aborted upload): answer like the service does, 500 without a body, and
      // say why in a header so that a failing test shows the cause.
      if (res.headersSent) {
        res.destroy();
        return;
      }
      const reason = String(error instanceof Error ? error.message : error);
      res
        .writeHead(500, {
          "Content-Length": "0",
          "X-Emulator-Error": reason.replace(/[^\x20-\x7e]/g, " ").slice(0, 200),
        })
        .end();
    }
  }

  private async onApiRequest(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const method = req.method ?? "GET";
    const match = matchRoute(method, url.pathname);
    const route = match.kind === "route" ? match.route : undefined;
    const authenticated = isAuthenticated(req.headers, this.apiKey, route?.name === "search");
    const record = recordRequest(route?.name ?? null, method, url, req.headers, authenticated);
    this.log.add(record);
    // Decide faults on arrival (not after the body), so "skip 2" means the 3rd to arrive.
    const decision = this.faults.decide(route?.name ?? null);

    const rawBody = await readBody(req);
    if (rawBody !== undefined) this.log.setBody(record, rawBody);
    const context =
      match.kind === "route" && rawBody !== undefined
        ? this.context(match, url, withoutFields(rawBody, decision.ignoreFields))
        : undefined;
    const zone = authenticated && context ? route?.writes?.(context) : undefined;
    const conflict = zone !== undefined && this.zoneWriteConflicts && this.writing.has(zone);
    const hold = {};
    const release = () => {
      if (zone !== undefined && this.writing.get(zone) === hold) this.writing.delete(zone);
    };
    if (zone !== undefined && !conflict) {
      this.writing.set(zone, hold);
      // A client that gave up (a timeout) may retry at once: its abandoned write still
      // happens, but no longer counts as overlapping.
      res.once("close", release);
    }
    try {
      if (!(await this.sleep(this.latencyMs + decision.latencyMs))) return;

      const fault = decision.fault;
      if (fault && fault.kind !== "apply-then-reset") {
        record.status = sendFault(res, fault, route?.envelope ?? null, url.pathname);
        return;
      }
      let response: ApiResponse;
      if (rawBody === undefined) {
        response = problem(
          413,
          url.pathname,
          `Request bodies are limited to ${MAX_BODY_BYTES} bytes.`,
        );
      } else if (conflict && route) {
        response = json(500, routeErrorBody(route.envelope, 500, ...ZONE_WRITE_CONFLICT));
      } else {
        response = this.answer(match, authenticated, url, context);
        // The one place where "no such object" takes the style asked for.
        if (response.absence && this.#absence === "problem") response = bareNotFound();
      }
      if (decision.omitNextPage) response = withoutNextPage(response);
      if (response.mutated) this.persist();
      if (fault) {
        // apply-then-reset: the change is made and saved, but its answer is lost.
        res.socket?.destroy();
        return;
      }
      record.status = send(res, this.drift && route ? drifted(response, route) : response);
    } finally {
      release();
    }
  }

  private context(
    match: Extract<RouteMatch, { kind: "route" }>,
    url: URL,
    rawBody: string,
  ): RouteContext {
    return {
      state: this.state,
      params: match.params,
      query: url.searchParams,
      rawBody,
      path: url.pathname,
      now: this.now(),
      eventLogPageSize: this.eventLogPageSize,
      drift: this.drift,
      strictBodies: this.strictBodies,
    };
  }

  private answer(
    match: RouteMatch,
    authenticated: boolean,
    url: URL,
    context: RouteContext | undefined,
  ): ApiResponse {
    // Routing comes before authentication, as in ASP.NET: unknown paths are 404 without a key.
    if (match.kind === "method-not-allowed") {
      return { ...problem(405, url.pathname), headers: { Allow: match.allow.join(", ") } };
    }
    if (match.kind === "not-found" || context === undefined) return problem(404, url.pathname);
    if (!authenticated) {
      return problem(401, url.pathname, "A valid API key is required in the AccessKey header.");
    }
    return match.route.handler(context);
  }

  private async onAdminRequest(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const rawBody = await readBody(req);
    let response: ApiResponse;
    if (!isAuthenticated(req.headers, this.apiKey, false)) {
      response = problem(401, url.pathname, "A valid API key is required in the AccessKey header.");
    } else if (rawBody === undefined) {
      response = problem(413, url.pathname);
    } else {
      response = handleAdmin(
        {
          state: this.state,
          faults: this.faults,
          requests: this.requests,
          clearRequests: () => this.resetRequests(),
          connectionsOpened: this.opened,
          persist: () => this.persist(),
          setDrift: (on) => {
            this.drift = on;
          },
          drift: this.drift,
        },
        { method: req.method ?? "GET", pathname: url.pathname, rawBody },
      );
    }
    send(res, response);
  }

  private persist(): void {
    if (this.stateFile !== undefined) writeJsonFileAtomically(this.stateFile, this.state.toJSON());
  }

  /** Waits `ms`; resolves false if the emulator closed meanwhile. */
  private sleep(ms: number): Promise<boolean> {
    if (ms <= 0) return Promise.resolve(this.closing === undefined);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        resolve(this.closing === undefined);
      }, ms);
      this.timers.set(timer, () => resolve(false));
    });
  }
}

/** The answer of a write that overlapped another write to its zone. */
const ZONE_WRITE_CONFLICT = [
  "internal_error.concurrent_modification",
  "The Shield Zone is being updated by another request. Please try again.",
] as const;

/** An answer as drift mode sends it: JSON drifted, a text as a JSON string, others unchanged. */
function drifted(response: ApiResponse, route: RouteDefinition): ApiResponse {
  if (response.contentType === TEXT_TYPE) {
    // The service's other documented formatter: the same text, as a JSON string.
    return { ...response, contentType: "application/json", body: JSON.stringify(response.body) };
  }
  if (!response.contentType.startsWith("application/json") || response.body === "") return response;
  return { ...response, body: JSON.stringify(driftBody(JSON.parse(response.body), route)) };
}

/** Reads the whole body as UTF-8; undefined when it exceeds {@link MAX_BODY_BYTES}. */
async function readBody(req: IncomingMessage): Promise<string | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size <= MAX_BODY_BYTES) chunks.push(chunk);
  }
  return size > MAX_BODY_BYTES ? undefined : Buffer.concat(chunks).toString("utf8");
}

/** Writes a complete answer; returns the status, or 0 if the client was already gone. */
function send(res: ServerResponse, response: ApiResponse): number {
  if (res.destroyed || res.socket === null || res.socket.destroyed) return 0;
  if (response.status === 204) {
    res.writeHead(204, response.headers).end();
    return 204;
  }
  res.writeHead(response.status, {
    ...response.headers,
    "Content-Type": response.contentType,
    "Content-Length": String(Buffer.byteLength(response.body)),
  });
  res.end(response.body);
  return response.status;
}

function nonNegative(name: string, value: number): number {
  if (!Number.isFinite(value) || value < 0) throw new RangeError(`${name} must be >= 0`);
  return value;
}
