/**
 * A tiny HTTP stand-in for the API, for operations the emulator does not serve and for
 * answers shaped precisely by a test: it records every request (method, path, query, body)
 * and answers from a queue of replies, in order. A request with no reply left gets a 599,
 * so that a test never passes on an answer it did not set.
 */
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { API_KEY } from "./helpers";

/** A request as the stub received it. */
export interface StubRequest {
  method: string;
  /** The path, still percent-encoded, without the query. */
  path: string;
  query: Record<string, string>;
  /** The parsed JSON body, the text of one that is not JSON, or undefined when there was none. */
  body: unknown;
  headers: IncomingHttpHeaders;
}

/** How the stub answers one request. */
export type StubReply =
  | {
      status?: number;
      /** Sent as JSON; `text` is sent as it is instead (give its Content-Type in `headers`). */
      body?: unknown;
      text?: string | Buffer;
      headers?: Record<string, string>;
      delayMs?: number;
    }
  /** Closes the connection without an answer. */
  | { reset: true }
  /** Sends a 200 with `headers` and this start of its body, then nothing more. */
  | { stall: string; headers?: Record<string, string> };

/** The stub, as a test uses it. */
export interface Stub {
  readonly url: string;
  readonly apiKey: string;
  /** Every request since the last `reset`, in order. */
  readonly requests: StubRequest[];
  /** Queues replies for the next requests. */
  reply(...replies: StubReply[]): void;
  /** Forgets requests and queued replies. */
  reset(): void;
}

/** Starts a stub before the describe's tests, resets it before each, and closes it after them. */
export function useStub(): () => Stub {
  let server: Server | undefined;
  const requests: StubRequest[] = [];
  const queue: StubReply[] = [];
  let url = "";
  const stub: Stub = {
    get url() {
      return url;
    },
    apiKey: API_KEY,
    requests,
    reply: (...replies) => void queue.push(...replies),
    reset: () => {
      requests.length = 0;
      queue.length = 0;
    },
  };
  before(async () => {
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (chunk: Buffer) => chunks.push(chunk));
      req.on("end", () => {
        const parsed = new URL(req.url ?? "/", "http://stub");
        const text = Buffer.concat(chunks).toString("utf8");
        requests.push({
          method: req.method ?? "",
          path: parsed.pathname,
          query: Object.fromEntries(parsed.searchParams),
          body: text.length > 0 ? jsonOrText(text) : undefined,
          headers: req.headers,
        });
        const reply = queue.shift() ?? { status: 599, body: { title: "No reply queued." } };
        if ("reset" in reply) {
          req.socket.destroy();
          return;
        }
        if ("stall" in reply) {
          res.writeHead(200, reply.headers);
          res.write(reply.stall);
          return;
        }
        const send = () => {
          const body = reply.text ?? (reply.body === undefined ? "" : JSON.stringify(reply.body));
          res.writeHead(reply.status ?? 200, {
            ...(reply.body === undefined ? {} : { "Content-Type": "application/json" }),
            ...reply.headers,
          });
          res.end(body);
        };
        if (reply.delayMs) setTimeout(send, reply.delayMs);
        else send();
      });
    });
    await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  beforeEach(() => stub.reset());
  after(async () => {
    server?.closeAllConnections();
    await new Promise<void>((resolve) => server?.close(() => resolve()));
  });
  return () => stub;
}

function jsonOrText(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** The method, path and body of every request the stub received. */
export function sent(stub: Stub): Array<[string, string, unknown?]> {
  return stub.requests.map((r) =>
    r.body === undefined ? [r.method, r.path] : [r.method, r.path, r.body],
  );
}
