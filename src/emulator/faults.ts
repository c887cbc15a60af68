/**
 * Programmable faults: which requests go wrong and how. A fault matches requests by route,
 * may let the first few through (`skip`), fires a bounded number of times (`times`) and, with
 * `probability`, only on some of them (drawn from a seeded PRNG, so runs repeat exactly).
 * How a fault is put on the wire lives in fault-responses.ts.
 */
import { hashInts, mulberry32, type Random } from "./prng";
import { isRouteName, type RouteName } from "./route-names";

/** The wire-level misbehaviours a fault can produce. */
export const FAULT_KINDS = [
  "malformed-json",
  "truncated-body",
  "html",
  "maintenance",
  "empty-body",
  "reset-before-response",
  "reset-mid-body",
  "apply-then-reset",
] as const;

/** One of {@link FAULT_KINDS}. */
export type FaultKind = (typeof FAULT_KINDS)[number];

/** What goes wrong, and for which requests. */
export interface FaultSpec {
  /** Route the fault applies to; default "*" (every request outside `/_emulator/`). */
  route?: RouteName | "*";
  /** How many matching requests it applies to; default 1; `Infinity` = always. */
  times?: number;
  /** Let the first N matching requests through first; default 0. */
  skip?: number;
  /** Chance (0..1) that a matching request is hit, from a seeded PRNG. Default 1. */
  probability?: number;
  /**
   * Seed of this fault's PRNG (for `probability`). The default is the same for every fault, so
   * a fault hits the same matching requests in every run, whatever was added before it.
   */
  seed?: number;
  /** Delay before the answer. Alone, the request is then handled normally. */
  latencyMs?: number;
  /**
   * Handle the request normally, but leave `page.nextPage` out of a paged listing's answer, as
   * the live service's answers may: a client must then page by `page.totalPages`. Like
   * `latencyMs`, it combines with other faults instead of replacing the answer.
   */
  omitNextPage?: boolean;
  /**
   * Handle the request as if these fields of its JSON body (dotted paths, `*` for every element
   * of an array) had not been sent, as a service that does not take them (any more) would: the
   * write succeeds without them. Like `latencyMs`, it combines with other faults.
   */
  ignoreFields?: readonly string[];
  /** Answer with this status; the body is a ProblemDetails unless `body` is given. */
  status?: number;
  /** `Retry-After` header: seconds, an HTTP date, or raw text. */
  retryAfter?: number | Date | string;
  /** Raw body to send (a string as is, anything else as JSON). */
  body?: string | object;
  /** Content-Type of `body`; default JSON for objects, text/plain for strings. */
  contentType?: string;
  /** Answer (HTTP 202 unless `status`) with the route's own envelope, success false, this key. */
  envelopeErrorKey?: string;
  /** Message of that envelope; default null. */
  envelopeMessage?: string;
  /** A wire-level misbehaviour instead of an ordinary answer. */
  kind?: FaultKind;
}

/** A fault that was added. */
export interface FaultHandle {
  /** Identifies the fault (also in `/_emulator/faults`). */
  readonly id: number;
  /** How many requests it has hit so far. */
  readonly hits: number;
  /** Withdraws the fault (no-op once spent). */
  remove(): void;
}

/** Adds and removes faults. */
export interface FaultInjector {
  /** Adds a fault after the existing ones; throws on an inconsistent spec. */
  add(spec: FaultSpec): FaultHandle;
  /** Removes every fault. */
  clear(): void;
  /** Faults not yet spent, in matching order. */
  readonly active: readonly FaultSpec[];
}

/** What to do with one request, decided when it arrives. */
export interface FaultDecision {
  /** Extra delay from every latency-only fault that hit, plus the deciding fault's own. */
  readonly latencyMs: number;
  /** True when a fault that hit asks for a paged answer without `page.nextPage`. */
  readonly omitNextPage: boolean;
  /** The body fields that faults which hit make the request go without (`ignoreFields`). */
  readonly ignoreFields: readonly string[];
  /** The fault that replaces the normal answer, if any. */
  readonly fault?: Readonly<FaultSpec>;
}

/** A fault as listed by `/_emulator/faults`. */
export interface FaultStatus {
  readonly id: number;
  readonly hits: number;
  readonly spec: Readonly<FaultSpec>;
}

interface Entry {
  readonly id: number;
  readonly spec: Readonly<FaultSpec>;
  readonly times: number;
  skipLeft: number;
  hits: number;
  readonly random: Random;
}

const FAULT_SEED = 0x5eed_fa17;

/** The emulator's {@link FaultInjector}. */
export class FaultRegistry implements FaultInjector {
  private entries: Entry[] = [];
  private lastId = 0;

  add(spec: FaultSpec): FaultHandle {
    validate(spec);
    const id = ++this.lastId;
    const entry: Entry = {
      id,
      spec: Object.freeze({ ...spec }),
      times: spec.times ?? 1,
      skipLeft: spec.skip ?? 0,
      hits: 0,
      // One generator per fault, so adding a fault never changes another's draws.
      random: mulberry32(hashInts(FAULT_SEED, spec.seed ?? 0)),
    };
    this.entries.push(entry);
    return {
      id,
      get hits() {
        return entry.hits;
      },
      remove: () => this.remove(id),
    };
  }

  clear(): void {
    this.entries = [];
  }

  get active(): readonly FaultSpec[] {
    return this.entries.map((entry) => entry.spec);
  }

  /** Active faults with their ids and hit counts. */
  list(): FaultStatus[] {
    return this.entries.map(({ id, hits, spec }) => ({ id, hits, spec }));
  }

  /** Withdraws one fault; false if it was not active. */
  remove(id: number): boolean {
    const before = this.entries.length;
    this.entries = this.entries.filter((entry) => entry.id !== id);
    return this.entries.length < before;
  }

  /**
   * Decides the fate of a request (route null: a path that is no API route). Faults are tried
   * in the order added; latency-only, `omitNextPage` and `ignoreFields` faults add up and
   * matching goes on, the first fault that changes the answer ends it. Spent faults are dropped.
   */
  decide(route: RouteName | null): FaultDecision {
    let latencyMs = 0;
    let omitNextPage = false;
    const ignoreFields: string[] = [];
    for (const entry of [...this.entries]) {
      const target = entry.spec.route ?? "*";
      if (target !== "*" && target !== route) continue;
      if (entry.skipLeft > 0) {
        entry.skipLeft--;
        continue;
      }
      const probability = entry.spec.probability;
      if (probability !== undefined && entry.random() >= probability) continue;
      entry.hits++;
      if (entry.hits >= entry.times) this.remove(entry.id);
      latencyMs += entry.spec.latencyMs ?? 0;
      omitNextPage ||= entry.spec.omitNextPage === true;
      ignoreFields.push(...(entry.spec.ignoreFields ?? []));
      if (changesAnswer(entry.spec)) {
        return { latencyMs, omitNextPage, ignoreFields, fault: entry.spec };
      }
    }
    return { latencyMs, omitNextPage, ignoreFields };
  }
}

/**
 * False for a fault that lets the request be handled normally: pure latency, or an answer
 * only trimmed (`omitNextPage`).
 */
function changesAnswer(spec: FaultSpec): boolean {
  return (
    spec.kind !== undefined ||
    spec.status !== undefined ||
    spec.body !== undefined ||
    spec.envelopeErrorKey !== undefined
  );
}

function validate(spec: FaultSpec): void {
  const fail = (message: string): never => {
    throw new RangeError(`Invalid fault: ${message}`);
  };
  if (typeof spec !== "object" || spec === null) fail("expected an object");
  const { route, times, skip, probability, latencyMs, status, retryAfter, kind } = spec;
  if (route !== undefined && route !== "*" && !isRouteName(route)) {
    fail(`unknown route ${JSON.stringify(route)}`);
  }
  if (times !== undefined && times !== Infinity && !(Number.isInteger(times) && times >= 1)) {
    fail("times must be a positive integer or Infinity");
  }
  if (skip !== undefined && !(Number.isInteger(skip) && skip >= 0)) {
    fail("skip must be a non-negative integer");
  }
  if (probability !== undefined && !(probability >= 0 && probability <= 1)) {
    fail("probability must be between 0 and 1");
  }
  if (spec.seed !== undefined && !Number.isSafeInteger(spec.seed)) {
    fail("seed must be an integer");
  }
  if (latencyMs !== undefined && !(Number.isFinite(latencyMs) && latencyMs >= 0)) {
    fail("latencyMs must be a non-negative number");
  }
  if (status !== undefined && !(Number.isInteger(status) && status >= 100 && status <= 599)) {
    fail("status must be an integer from 100 to 599");
  }
  if (kind !== undefined && !(FAULT_KINDS as readonly string[]).includes(kind)) {
    fail(`unknown kind ${JSON.stringify(kind)}`);
  }
  if (spec.body !== undefined && typeof spec.body !== "string" && typeof spec.body !== "object") {
    fail("body must be a string or an object");
  }
  if (spec.envelopeErrorKey !== undefined && (kind !== undefined || spec.body !== undefined)) {
    fail("envelopeErrorKey cannot be combined with kind or body");
  }
  if (spec.envelopeMessage !== undefined && spec.envelopeErrorKey === undefined) {
    fail("envelopeMessage needs envelopeErrorKey");
  }
  if (spec.omitNextPage !== undefined) {
    if (typeof spec.omitNextPage !== "boolean") fail("omitNextPage must be true or false");
    // It trims the normal answer; a fault that replaces the answer leaves nothing to trim.
    if (changesAnswer(spec))
      fail("omitNextPage cannot be combined with status, body, kind or envelopeErrorKey");
  }
  if (spec.ignoreFields !== undefined) {
    const { ignoreFields } = spec;
    if (
      !Array.isArray(ignoreFields) ||
      !ignoreFields.every((f) => typeof f === "string" && /^[^.]+(\.[^.]+)*$/.test(f))
    ) {
      fail('ignoreFields must be an array of dotted field paths, like "ruleConfiguration.value"');
    }
    // It changes the request; a fault that replaces the answer never handles the request.
    if (changesAnswer(spec))
      fail("ignoreFields cannot be combined with status, body, kind or envelopeErrorKey");
  }
  if (retryAfter !== undefined) {
    if (!changesAnswer(spec)) fail("retryAfter needs status, body, envelopeErrorKey or kind");
    if (retryAfter instanceof Date && Number.isNaN(retryAfter.getTime())) {
      fail("retryAfter is an invalid Date");
    }
    if (typeof retryAfter === "number" && !(Number.isFinite(retryAfter) && retryAfter >= 0)) {
      fail("retryAfter seconds must be a non-negative number");
    }
  }
}
