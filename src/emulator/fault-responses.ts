/**
 * Puts a fault on the wire: odd bodies, HTML error pages, and sockets dropped before or in the
 * middle of an answer. Each function returns the status to record, 0 when the client got no
 * complete answer.
 */
import { STATUS_CODES, type ServerResponse } from "node:http";
import type { FaultSpec } from "./faults";
import { JSON_TYPE, PROBLEM_TYPE, problemDetails, routeErrorBody, TEXT_TYPE } from "./responses";
import type { ErrorEnvelope } from "./responses";

const HTML_TYPE = "text/html; charset=utf-8";

/**
 * Answers a request with a fault instead of handling it (every fault except
 * "apply-then-reset", which the server handles because it needs the normal answer first).
 */
export function sendFault(
  res: ServerResponse,
  fault: Readonly<FaultSpec>,
  envelope: ErrorEnvelope | null,
  path: string,
): number {
  const headers: Record<string, string> = {};
  if (fault.retryAfter !== undefined) headers["Retry-After"] = retryAfterValue(fault.retryAfter);

  switch (fault.kind) {
    case "reset-before-response":
    case "apply-then-reset":
      res.socket?.destroy();
      return 0;
    case "truncated-body":
      return sendPartial(res, fault.status ?? 200, headers, faultBody(fault, envelope, path), true);
    case "reset-mid-body":
      return sendPartial(
        res,
        fault.status ?? 200,
        headers,
        faultBody(fault, envelope, path),
        false,
      );
    case "malformed-json":
      return send(res, fault.status ?? 200, headers, {
        contentType: fault.contentType ?? JSON_TYPE,
        body: typeof fault.body === "string" ? fault.body : malformedJson(),
      });
    case "html": {
      const status = fault.status ?? 502;
      return sendHtml(res, status, headers, fault, htmlErrorPage(status));
    }
    case "maintenance":
      // The live service answers with status 200 and an HTML page while under maintenance.
      return sendHtml(res, fault.status ?? 200, headers, fault, MAINTENANCE_PAGE);
    case "empty-body":
      return send(res, fault.status ?? 200, headers, {
        contentType: fault.contentType ?? JSON_TYPE,
        body: "",
      });
    case undefined:
      return send(
        res,
        fault.status ?? defaultStatus(fault),
        headers,
        faultBody(fault, envelope, path),
      );
  }
}

function defaultStatus(fault: Readonly<FaultSpec>): number {
  return fault.envelopeErrorKey !== undefined ? 202 : 200;
}

interface Body {
  contentType: string;
  body: string;
}

/** The body of an ordinary fault answer: the given body, an envelope, or ProblemDetails. */
function faultBody(fault: Readonly<FaultSpec>, envelope: ErrorEnvelope | null, path: string): Body {
  const status = fault.status ?? defaultStatus(fault);
  if (typeof fault.body === "string") {
    return { contentType: fault.contentType ?? TEXT_TYPE, body: fault.body };
  }
  if (fault.body !== undefined) {
    return { contentType: fault.contentType ?? JSON_TYPE, body: JSON.stringify(fault.body) };
  }
  if (fault.envelopeErrorKey !== undefined && envelope !== null) {
    const message = fault.envelopeMessage ?? null;
    return {
      contentType: fault.contentType ?? JSON_TYPE,
      body: JSON.stringify(routeErrorBody(envelope, status, fault.envelopeErrorKey, message)),
    };
  }
  const detail = fault.envelopeErrorKey ?? "Injected fault.";
  return {
    contentType: fault.contentType ?? PROBLEM_TYPE,
    body: JSON.stringify(problemDetails(status, path, detail)),
  };
}

function send(
  res: ServerResponse,
  status: number,
  headers: Record<string, string>,
  { contentType, body }: Body,
): number {
  res.writeHead(status, {
    ...headers,
    "Content-Type": contentType,
    "Content-Length": String(Buffer.byteLength(body)),
  });
  res.end(body);
  return status;
}

/** An HTML page: the fault's own body, or `page`. */
function sendHtml(
  res: ServerResponse,
  status: number,
  headers: Record<string, string>,
  fault: Readonly<FaultSpec>,
  page: string,
): number {
  return send(res, status, headers, {
    contentType: fault.contentType ?? HTML_TYPE,
    body: typeof fault.body === "string" ? fault.body : page,
  });
}

/**
 * Sends the headers and half the body, then drops the connection. With `fixedLength` the
 * headers promise the full Content-Length; otherwise the body goes out chunked.
 */
function sendPartial(
  res: ServerResponse,
  status: number,
  headers: Record<string, string>,
  { contentType, body }: Body,
  fixedLength: boolean,
): number {
  const bytes = Buffer.from(body);
  const half = bytes.subarray(0, Math.max(1, Math.floor(bytes.length / 2)));
  res.writeHead(status, {
    ...headers,
    "Content-Type": contentType,
    ...(fixedLength ? { "Content-Length": String(bytes.length) } : {}),
  });
  // Destroy only once the half is handed to the kernel, so the client really receives it.
  res.write(half, () => res.socket?.destroy());
  return 0;
}

function retryAfterValue(value: number | Date | string): string {
  if (value instanceof Date) return value.toUTCString();
  if (typeof value === "number") return String(Math.ceil(value));
  return value;
}

/** Starts like a Shield answer and then breaks off into invalid JSON. */
function malformedJson(): string {
  return '{"data":{"isEnabled":true,"action":2},"error":{"statusCode":200,"success":tru';
}

/** A maintenance page, such as the live service sends with HTTP 200. */
const MAINTENANCE_PAGE = [
  "<!DOCTYPE html>",
  "<html>",
  "<head><title>bunny.net - Down for maintenance</title></head>",
  "<body>",
  "<h1>We'll be back shortly</h1>",
  "<p>The API is undergoing scheduled maintenance. Please try again in a few minutes.</p>",
  "</body>",
  "</html>",
  "",
].join("\n");

/** The kind of page a CDN edge serves when the origin is down. */
function htmlErrorPage(status: number): string {
  const title = `${status} ${STATUS_CODES[status] ?? "Error"}`;
  return [
    "<!DOCTYPE html>",
    "<html>",
    `<head><title>${title}</title></head>`,
    "<body>",
    `<center><h1>${title}</h1></center>`,
    "<hr><center>BunnyCDN</center>",
    "</body>",
    "</html>",
    "",
  ].join("\n");
}
