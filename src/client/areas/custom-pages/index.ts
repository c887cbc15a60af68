/**
 * A zone's custom response pages: `GET`, `PUT` and `DELETE
 * /shield/shield-zone/{shieldZoneId}/custom-page/{pageType}`. A page travels as its raw HTML:
 * the PUT's body is the text itself (the API declares no JSON body), and GET answers the text,
 * or the same text as a JSON string when the service picks its JSON formatter.
 */
import { z } from "zod";
import { documentText, pathOf, shieldZoneId as checkZoneId } from "../../arguments";
import { InvalidArgumentError, NotFoundError } from "../../errors";
import { AreaClient } from "../../area-client";
import { statusEnvelopeSchema } from "../../schemas";

/**
 * The custom response pages a zone can have: the page shown to a blocked request, to a
 * challenged one, and to one over a rate limit. The API takes them as names (the `pageType`
 * path segment), so this is a list.
 */
export const CustomPageTypes = ["block", "challenge", "ratelimit"] as const;
/** One of {@link CustomPageTypes}. */
export type CustomPageType = (typeof CustomPageTypes)[number];

/**
 * Largest page accepted, in bytes of UTF-8: many times a real error page (a few kB, tens with
 * inlined styles and a logo), and small enough to keep in state and read back on each refresh.
 */
export const MAX_CUSTOM_PAGE_BYTES = 512 * 1024;

// The service's page types are names; one it adds later passes, but nothing that could leave
// the path segment (a dot segment, a slash) or be empty.
const PAGE_TYPE = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/;

// An empty answer reads as undefined.
const pageSchema = z.string().optional();

/** `client.customPages`: the HTML a zone shows instead of Shield's own block, challenge and rate-limit pages. */
export class CustomPagesApi extends AreaClient {
  /** The zone's page of this type (its HTML), or undefined when the zone has none. */
  async get(shieldZoneId: number, pageType: string): Promise<string | undefined> {
    try {
      const html = await this.request({
        operation: "getCustomPage",
        method: "GET",
        path: pagePath(shieldZoneId, pageType),
        answerKind: "text",
        schema: pageSchema,
      });
      // A page is never empty (a client empties one with DELETE): an empty answer is none.
      return html || undefined;
    } catch (error) {
      if (noSuchPage(error)) return undefined;
      throw error;
    }
  }

  /** Sets the zone's page of this type to `html` (the same page twice is the same state: retried where safe). */
  async upload(shieldZoneId: number, pageType: string, html: string): Promise<void> {
    const path = pagePath(shieldZoneId, pageType);
    await this.request({
      operation: "uploadCustomPage",
      method: "PUT",
      path,
      body: documentText(html, "html", MAX_CUSTOM_PAGE_BYTES),
      bodyKind: "text",
      idempotent: true,
      schema: statusEnvelopeSchema,
    });
  }

  /** Deletes the zone's page of this type; false when there was none (retried where safe). */
  async delete(shieldZoneId: number, pageType: string): Promise<boolean> {
    try {
      await this.request({
        operation: "deleteCustomPage",
        method: "DELETE",
        path: pagePath(shieldZoneId, pageType),
        idempotent: true,
        schema: statusEnvelopeSchema,
      });
      return true;
    } catch (error) {
      if (noSuchPage(error)) return false;
      throw error;
    }
  }
}

function pagePath(shieldZoneId: number, pageType: string): string {
  if (typeof pageType !== "string" || !PAGE_TYPE.test(pageType)) {
    throw new InvalidArgumentError(
      "pageType",
      pageType,
      `expected a page type: ${CustomPageTypes.join(", ")}`,
    );
  }
  return pathOf("shield", "shield-zone", checkZoneId(shieldZoneId), "custom-page", pageType);
}

/**
 * True when the service itself says there is no such page: a `not_found…` errorKey, or a 404
 * carrying its status envelope (it may leave the key out). A 404 without that envelope (a
 * router's ProblemDetails, a proxy's page) confirms nothing.
 */
function noSuchPage(error: unknown): boolean {
  if (!(error instanceof NotFoundError)) return false;
  if (error.errorKey?.startsWith("not_found")) return true;
  const body = error.body as { success?: unknown } | null | undefined;
  return error.status === 404 && typeof body === "object" && body?.success === false;
}
