/** What a route handler gets to work with. */
import type { EmulatorState } from "../state";
import type { ApiResponse } from "../responses";

/** The request as a handler sees it; authentication has already been checked. */
export interface RouteContext {
  readonly state: EmulatorState;
  /** Path parameters, percent-decoded; numeric ones already passed their route constraint. */
  readonly params: Readonly<Record<string, string | undefined>>;
  readonly query: URLSearchParams;
  /** The request body as text ("" when there is none). */
  readonly rawBody: string;
  /** The request path, for ProblemDetails `instance`. */
  readonly path: string;
  /** The emulator clock's reading for this request. */
  readonly now: Date;
  readonly eventLogPageSize: number;
}

/** Handles one operation synchronously, so that state changes happen in arrival order. */
export type RouteHandler = (context: RouteContext) => ApiResponse;
