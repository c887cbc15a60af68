/**
 * `CustomPage` on the kit: one of a zone's custom response pages, owned by Pulumi. A zone has at
 * most one page of each type, so the type is the natural key and the id is
 * `<shieldZoneId>/<pageType>`; a page already there is taken over only with `adoptExisting`.
 * The PUT sets the whole page, so the client may repeat it after a lost answer. State keeps the
 * whole HTML (pages are small) and compares it exactly: a page changed outside Pulumi shows on
 * refresh, and a preview's diff shows the text that changes.
 */
import { inputSchemaOf } from "../kit/check";
import { declaration } from "./declaration";
import { withContext } from "../../client/error-context";
import { PlanRestrictionError, ShieldError } from "../../client/errors";
import type { ShieldClient } from "../../client/shield-client";
import { ownedLifecycle } from "../kit/owned";
import { planNameOf } from "../kit/plans";

const KIND = declaration.kind;

/** The schemas of its inputs, from the declaration. */
export const inputSchema = inputSchemaOf(declaration);

/** A page as the service has it. */
interface Page {
  shieldZoneId: number;
  pageType: string;
  html: string;
}

async function pageOf(
  client: ShieldClient,
  shieldZoneId: number,
  pageType: string,
): Promise<Page | undefined> {
  const html = await client.customPages.get(shieldZoneId, pageType);
  return html === undefined ? undefined : { shieldZoneId, pageType, html };
}

async function upload(client: ShieldClient, page: Page): Promise<Page> {
  await client.customPages.upload(page.shieldZoneId, page.pageType, page.html);
  return page;
}

function idParts(id: string, outputs: Record<string, unknown>): Omit<Page, "html"> {
  if (outputs.shieldZoneId !== undefined && outputs.pageType !== undefined) {
    return { shieldZoneId: Number(outputs.shieldZoneId), pageType: String(outputs.pageType) };
  }
  const match = /^(\d+)\/([a-z]+)$/.exec(id);
  if (!match) {
    throw new ShieldError(
      `${KIND}: the id ${JSON.stringify(id)} is not <shieldZoneId>/<pageType>.`,
    );
  }
  return { shieldZoneId: Number(match[1]), pageType: match[2]! };
}

/** The lifecycle `dispatch` runs for this kind. */
export const lifecycle = ownedLifecycle<Page>({
  declaration,
  inputs: inputSchema,
  naturalKey: "pageType",
  find: pageOf,
  create: (client, inputs) =>
    upload(client, {
      shieldZoneId: Number(inputs.shieldZoneId),
      pageType: String(inputs.pageType),
      html: String(inputs.html),
    }),
  async read(client, id, outputs) {
    const { shieldZoneId, pageType } = idParts(id, outputs);
    return pageOf(client, shieldZoneId, pageType);
  },
  async update(client, id, current, inputs) {
    await upload(client, { ...idParts(id, current), html: String(inputs.html) });
  },
  async delete(client, id, outputs) {
    const { shieldZoneId, pageType } = idParts(id, outputs);
    try {
      // false: the page is gone already, which is what delete wants.
      await client.customPages.delete(shieldZoneId, pageType);
    } catch (error) {
      if (!(error instanceof PlanRestrictionError)) throw error;
      throw withContext(
        error,
        "the zone's plan no longer has custom response pages, so the page cannot be deleted; upgrade the plan and run again, or stop managing the page with `pulumi state delete <urn>`",
      );
    }
  },
  id: (page) => `${page.shieldZoneId}/${page.pageType}`,
  outputs: (page) => ({ ...page }),
  async limitMessage(client, inputs) {
    const plan = await planNameOf(client, Number(inputs.shieldZoneId));
    return `the zone's ${plan === undefined ? "" : `${plan} `}Shield plan has no custom response pages; upgrade the plan in the bunny.net dashboard, or remove this ${KIND}`;
  },
});
