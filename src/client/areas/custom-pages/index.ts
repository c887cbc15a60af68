/**
 * A zone's custom response pages: `GET`, `PUT` and `DELETE
 * /shield/shield-zone/{shieldZoneId}/custom-page/{pageType}`. A page travels as its raw HTML:
 * the PUT's body is the text itself (the API declares no JSON body), and GET answers the text,
 * or the same text as a JSON string when the service picks its JSON formatter.
 */
import { z } from "zod";
import { documentText, pathOf, shieldZoneId as checkZoneId } from "../../arguments";
import { absentFrom } from "../../absence";
import { InvalidArgumentError } from "../../errors";
import { AreaClient } from "../../area-client";
import { statusEnvelopeSchema } from "../../schemas";
import { zoneRead } from "../shield-zones";

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
  /**
   * The zone's page of this type (its HTML), or undefined when the zone has none: the service
   * says so, or answers a 404 of another shape while the zone itself answers (see
   * `ShieldClient.absentFrom`). A 404 of the zone too is a NotFoundError.
   */
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
      if (await this.#absent(error, shieldZoneId)) return undefined;
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

  /** Deletes the zone's page of this type; false when there was none, decided as `get` decides it (retried where safe). */
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
      if (await this.#absent(error, shieldZoneId)) return false;
      throw error;
    }
  }

  /** Whether `error` says the zone has no such page: the client's one absence decision (absence.ts). */
  #absent(error: unknown, shieldZoneId: number): Promise<boolean> {
    return absentFrom(error, shieldZoneId, (zone) => this.requestData(zoneRead(zone)));
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
