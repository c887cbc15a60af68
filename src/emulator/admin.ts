/**
 * Admin routes under `/_emulator/`, for driving an emulator that runs in another process
 * (e2e tests, the example stack). They need the same AccessKey, are never recorded, and are
 * exempt from latency and faults.
 */
import { z } from "zod";
import type { EmulatorState } from "./state";
import { FAULT_KINDS, type FaultRegistry, type FaultSpec } from "./faults";
import type { RecordedRequest } from "./request-log";
import { json, problem, type ApiResponse } from "./responses";
import { ROUTE_NAMES } from "./route-names";

/** Path prefix of the admin routes. */
const ADMIN_PREFIX = "/_emulator";

/** True for a path the admin routes own. */
export function isAdminPath(pathname: string): boolean {
  return pathname === ADMIN_PREFIX || pathname.startsWith(`${ADMIN_PREFIX}/`);
}

/** What the admin routes act on. */
export interface AdminContext {
  readonly state: EmulatorState;
  readonly faults: FaultRegistry;
  readonly requests: RecordedRequest[];
  /** Empties the request log. */
  clearRequests(): void;
  readonly connectionsOpened: number;
  /** Saves the state file, if there is one. */
  persist(): void;
  /** Whether drift mode is on, and how to switch it. */
  readonly drift: boolean;
  setDrift(on: boolean): void;
}

/** An admin request; the caller has already checked the key. */
export interface AdminRequest {
  readonly method: string;
  readonly pathname: string;
  readonly rawBody: string;
}

const NO_CONTENT: ApiResponse = { status: 204, contentType: "text/plain", body: "" };

/** Answers one admin request. */
export function handleAdmin(context: AdminContext, request: AdminRequest): ApiResponse {
  const { method, pathname } = request;
  const path = pathname.slice(ADMIN_PREFIX.length).replace(/\/$/, "");
  const faultId = /^\/faults\/(\d+)$/.exec(path)?.[1];

  if (path === "/requests" && method === "GET") return json(200, context.requests);
  if (path === "/requests" && method === "DELETE") {
    context.clearRequests();
    return NO_CONTENT;
  }
  if (path === "/faults" && method === "GET") return json(200, context.faults.list());
  if (path === "/faults" && method === "POST") return addFault(context, request);
  if (path === "/faults" && method === "DELETE") {
    context.faults.clear();
    return NO_CONTENT;
  }
  if (faultId !== undefined && method === "DELETE") {
    return context.faults.remove(Number(faultId))
      ? NO_CONTENT
      : problem(404, pathname, `No active fault ${faultId}.`);
  }
  if (path === "/state" && method === "GET") return json(200, context.state.toJSON());
  if (path === "/state" && method === "PUT") return replaceState(context, request);
  if (path === "/drift" && method === "GET") return json(200, { enabled: context.drift });
  if (path === "/drift" && method === "PUT") return setDrift(context, request);
  if (path === "/stats" && method === "GET") {
    return json(200, {
      connectionsOpened: context.connectionsOpened,
      requests: context.requests.length,
    });
  }
  return problem(404, pathname);
}

function addFault(context: AdminContext, { pathname, rawBody }: AdminRequest): ApiResponse {
  const parsed = faultSpecJson.safeParse(parseJson(rawBody));
  if (!parsed.success) return problem(400, pathname, describe(parsed.error));
  try {
    const handle = context.faults.add(parsed.data);
    return json(201, { id: handle.id });
  } catch (error) {
    return problem(400, pathname, (error as Error).message);
  }
}

const driftJson = z.strictObject({ enabled: z.boolean() });

function setDrift(context: AdminContext, { pathname, rawBody }: AdminRequest): ApiResponse {
  const parsed = driftJson.safeParse(parseJson(rawBody));
  if (!parsed.success) return problem(400, pathname, describe(parsed.error));
  context.setDrift(parsed.data.enabled);
  return NO_CONTENT;
}

function replaceState(context: AdminContext, { pathname, rawBody }: AdminRequest): ApiResponse {
  try {
    context.state.load(parseJson(rawBody));
  } catch (error) {
    return problem(400, pathname, (error as Error).message);
  }
  context.persist();
  return NO_CONTENT;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined; // reported by the schema as "expected object"
  }
}

function describe(error: z.ZodError): string {
  return error.issues.map((i) => `${i.path.join(".") || "(body)"}: ${i.message}`).join("; ");
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * A FaultSpec as JSON: `times` may be null or "Infinity" for "always", and an ISO date in
 * `retryAfter` becomes a Date (sent as an HTTP date).
 */
const faultSpecJson = z.strictObject({
  route: z.enum([...ROUTE_NAMES, "*"]).optional(),
  times: z
    .union([z.number(), z.literal("Infinity"), z.null()])
    .optional()
    .transform((times) => (times === null || times === "Infinity" ? Infinity : times)),
  skip: z.number().optional(),
  probability: z.number().optional(),
  seed: z.number().optional(),
  latencyMs: z.number().optional(),
  status: z.number().optional(),
  retryAfter: z
    .union([z.number(), z.string()])
    .optional()
    .transform((value) =>
      typeof value === "string" && ISO_DATE.test(value) ? new Date(value) : value,
    ),
  body: z.union([z.string(), z.record(z.string(), z.unknown()), z.array(z.unknown())]).optional(),
  contentType: z.string().optional(),
  envelopeErrorKey: z.string().optional(),
  envelopeMessage: z.string().optional(),
  kind: z.enum(FAULT_KINDS).optional(),
}) satisfies z.ZodType<FaultSpec, unknown>;
