/** The command line of `shield-emulator`, parsed with node:util's parseArgs. */
import { parseArgs } from "node:util";
import { ABSENCE_STYLES, type AbsenceStyle } from "./responses";
import type { EmulatorOptions } from "./server";

/** Help text, also shown after a usage error. */
export const USAGE = `Usage: shield-emulator [options]

  --host <host>               interface to listen on (default 127.0.0.1)
  --port <port>               port, 0 for an ephemeral one (default 0)
  --api-key <key>             accepted API key (default $SHIELD_EMULATOR_API_KEY, else random)
  --state-file <path>         load state from and save it to this JSON file
  --ready-file <path>         write {"url","apiKey","pid"} there once listening
  --latency-ms <ms>           delay added to every API response (default 0)
  --zones <n>                 seeded zones (default 3)
  --event-logs-per-day <n>    seeded event log entries per zone and day (default 250)
  --event-log-page-size <n>   event log entries per page (default 100)
  --drift                     answer like a drifting live service: fields the spec does not
                              have, unread fields with other types (default
                              $SHIELD_EMULATOR_DRIFT=1)
  --absence <style>           how "no such object" is answered: envelope (the route's
                              not_found.* envelope) or problem (a bare ProblemDetails 404,
                              as ASP.NET's NotFound()) (default $SHIELD_EMULATOR_ABSENCE,
                              else envelope)
  --no-write-conflicts        never fail overlapping writes to one zone
  --strict-bodies             refuse request properties the service does not know (400),
                              instead of ignoring them as the service does
  --log-requests <n>          most requests the request log keeps, the oldest dropped
                              (default 50000)
  --log-bytes <n>             most bytes of paths, headers and bodies it keeps (default
                              33554432, 32 MiB)
  -h, --help                  show this help
`;

/** A bad command line; the message says what is wrong. */
export class UsageError extends Error {}

/** What the command line asks for. */
export interface CliOptions {
  emulator: EmulatorOptions;
  readyFile: string | undefined;
}

/**
 * Parses the arguments (without `node` and the script); "help" for -h/--help. Throws
 * {@link UsageError} for unknown flags, stray arguments and bad numbers.
 */
export function parseCommandLine(
  args: readonly string[],
  env: Readonly<Record<string, string | undefined>> = {},
): CliOptions | "help" {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...args],
      strict: true,
      allowPositionals: false,
      options: {
        host: { type: "string" },
        port: { type: "string" },
        "api-key": { type: "string" },
        "state-file": { type: "string" },
        "ready-file": { type: "string" },
        "latency-ms": { type: "string" },
        zones: { type: "string" },
        "event-logs-per-day": { type: "string" },
        "event-log-page-size": { type: "string" },
        drift: { type: "boolean" },
        absence: { type: "string" },
        "no-write-conflicts": { type: "boolean" },
        "strict-bodies": { type: "boolean" },
        "log-requests": { type: "string" },
        "log-bytes": { type: "string" },
        help: { type: "boolean", short: "h" },
      },
    }));
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  if (values.help) return "help";

  const apiKey = values["api-key"] ?? env.SHIELD_EMULATOR_API_KEY;
  if (values["api-key"] === "") throw new UsageError("--api-key must not be empty");
  const seed = {
    zones: integer("--zones", values.zones, 0, 100_000),
    eventLogsPerDay: integer("--event-logs-per-day", values["event-logs-per-day"], 0, 10_000_000),
  };
  const absence = values.absence;
  if (absence !== undefined && !(ABSENCE_STYLES as readonly string[]).includes(absence)) {
    throw new UsageError(
      `--absence must be ${ABSENCE_STYLES.join(" or ")}, got ${JSON.stringify(absence)}`,
    );
  }
  const requestLog = {
    maxRequests: integer("--log-requests", values["log-requests"], 1, 10_000_000),
    maxBytes: integer("--log-bytes", values["log-bytes"], 1, 2 ** 40),
  };
  return {
    readyFile: values["ready-file"],
    emulator: {
      host: values.host,
      port: integer("--port", values.port, 0, 65_535),
      // An empty environment variable counts as unset.
      apiKey: apiKey || undefined,
      stateFile: values["state-file"],
      latencyMs: integer("--latency-ms", values["latency-ms"], 0, 600_000),
      eventLogPageSize: integer("--event-log-page-size", values["event-log-page-size"], 1, 100_000),
      drift: values.drift === true || env.SHIELD_EMULATOR_DRIFT === "1",
      zoneWriteConflicts: values["no-write-conflicts"] !== true,
      strictBodies: values["strict-bodies"] === true,
      ...(absence === undefined ? {} : { absence: absence as AbsenceStyle }),
      // Unset sizes must be absent, not undefined, so that the seed defaults apply.
      seed: Object.fromEntries(Object.entries(seed).filter(([, value]) => value !== undefined)),
      // Only when a flag sets one, so that the options say what the command line said.
      ...(requestLog.maxRequests === undefined && requestLog.maxBytes === undefined
        ? {}
        : {
            requestLog: Object.fromEntries(
              Object.entries(requestLog).filter(([, value]) => value !== undefined),
            ),
          }),
    },
  };
}

function integer(
  flag: string,
  text: string | undefined,
  min: number,
  max: number,
): number | undefined {
  if (text === undefined) return undefined;
  const value = Number(text);
  if (!/^\d+$/.test(text) || value < min || value > max) {
    throw new UsageError(`${flag} must be an integer from ${min} to ${max}, got "${text}"`);
  }
  return value;
}
