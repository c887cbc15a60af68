/**
 * `exportEventLogs`: every event of a window that a query and filters select, as the service's
 * CSV export, and as rows a program can use (one object per line, keyed by the header's names).
 */
import type * as pulumi from "@pulumi/pulumi";
import { shieldZoneId } from "../client/arguments";
import {
  eventLogSearchBody,
  type EventLogSearchBody,
  type EventLogSearchRequest,
} from "../client/areas/event-log-search";
import type { Integer } from "../client/arguments";
import {
  argumentsRecord,
  FunctionInputs,
  FunctionSpec,
  invokeFunction,
  outputOf,
  ShieldFunctionOptions,
} from "./common";

/** Arguments of {@link exportEventLogs}: the zone and a search's window, query and filters. */
export interface ExportEventLogsArgs extends Pick<
  EventLogSearchRequest,
  "from" | "to" | "query" | "filters"
> {
  /** The shield zone's id. */
  shieldZoneId: Integer;
}

/** The result of {@link exportEventLogs}. */
export interface ExportEventLogsResult {
  /** The zone asked about. */
  shieldZoneId: Integer;
  /** The CSV's column names, as its header line gives them. */
  columns: string[];
  /** One object per event, its values by column name, newest first. */
  rows: Array<Record<string, string>>;
  /** The CSV as the service sent it, e.g. to write to a file. */
  csv: string;
}

/** The records of a CSV text (RFC 4180: quoted fields may hold commas, quotes and line breaks). */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = "";
  let quoted = false;
  const endField = () => {
    record.push(field);
    field = "";
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c !== '"') field += c;
      else if (text[i + 1] === '"') field += text[++i];
      else quoted = false;
    } else if (c === '"') quoted = true;
    else if (c === ",") endField();
    else if (c === "\n" || c === "\r") {
      if (c === "\r" && text[i + 1] === "\n") i++;
      endField();
      records.push(record);
      record = [];
    } else field += c;
  }
  if (field !== "" || record.length > 0) {
    endField();
    records.push(record);
  }
  return records;
}

const exportSpec: FunctionSpec<
  { shieldZoneId: number; body: EventLogSearchBody },
  ExportEventLogsResult
> = {
  name: "exportEventLogs",
  validate(args) {
    const record = argumentsRecord(
      args,
      ["shieldZoneId", "from", "to", "query", "filters"],
      "expected { shieldZoneId, from, to, query?, filters? }",
    );
    return {
      shieldZoneId: shieldZoneId(record.shieldZoneId),
      body: eventLogSearchBody(record, ""),
    };
  },
  zoneOf: (args) => args.shieldZoneId,
  async run(client, { shieldZoneId: zone, body }) {
    const csv = await client.eventLogSearch.export(zone, body);
    const [columns = [], ...lines] = parseCsv(csv);
    return {
      shieldZoneId: zone,
      columns,
      rows: lines.map((values) =>
        Object.fromEntries(columns.map((name, i) => [name, values[i] ?? ""])),
      ),
      csv,
    };
  },
};

/**
 * Exports every event of a window (within the three days the service keeps) that a query and
 * filters select, newest first: the CSV, and its rows as objects.
 *
 * @example
 * ```ts
 * const day = Date.now() - 86_400_000;
 * const sqli = await exportEventLogs({
 *   shieldZoneId: 12345,
 *   from: day,
 *   to: Date.now(),
 *   filters: [{ field: "ruleId", op: "eq", value: ["942100"] }],
 * });
 * console.log(sqli.rows.length, sqli.rows[0]?.url);
 * ```
 */
export function exportEventLogs(
  args: ExportEventLogsArgs,
  options?: ShieldFunctionOptions,
): Promise<ExportEventLogsResult> {
  return invokeFunction(exportSpec, args, options);
}

/** {@link exportEventLogs} for `pulumi.Input`s. */
export function exportEventLogsOutput(
  args: FunctionInputs<ExportEventLogsArgs>,
  options?: ShieldFunctionOptions,
): pulumi.Output<ExportEventLogsResult> {
  return outputOf(exportEventLogs, args, options);
}
