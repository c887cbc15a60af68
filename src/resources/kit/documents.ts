/**
 * The write-only documents of an adopted kind (an OpenAPI document): the service takes them
 * but never shows them back, so each is compared through a SHA-256 digest kept in the outputs.
 * Before a digest is recorded (a first adoption, or a document declared for the first time),
 * a kind may say that the live object already yields the declared document: it is then not
 * uploaded again, and its digest is recorded as if it had been.
 */
import { createHash } from "node:crypto";
import type { ShieldClient } from "../../client/shield-client";
import { containsUnknown } from "./values";

type Values = Record<string, unknown>;

/** How one write-only document of an adopted kind is uploaded. */
export interface DocumentSpec<Live> {
  /** The output holding the digest of the document last uploaded. */
  readonly digestField: string;
  /** Uploads `text` to the object `keys` name, `live` as it is now; returns it afterwards. */
  upload(client: ShieldClient, keys: Values, text: string, live: Live): Promise<Live>;
  /**
   * How `live` differs from what `text` yields on the service, in a few words; undefined when
   * it already yields it, so that a first adoption need not upload it. Without it, a document
   * with no recorded digest is always uploaded.
   */
  differs?(live: Live, text: string): string | undefined;
}

/** The digest a document is compared by. */
export const documentDigest = (text: string): string =>
  createHash("sha256").update(text).digest("hex");

/** What the lifecycle asks of a kind's documents. */
export function documentsOf<Live>(specs: Readonly<Record<string, DocumentSpec<Live>>> = {}) {
  const documents = Object.entries(specs);
  return {
    /** The documents `inputs` give whose digest is not the one `outputs` recorded. */
    staleDocuments: (outputs: Values, inputs: Values) =>
      documents.filter(
        ([field, d]) =>
          inputs[field] !== undefined &&
          (containsUnknown(inputs[field]) ||
            documentDigest(String(inputs[field])) !== outputs[d.digestField]),
      ),
    /**
     * The documents of {@link staleDocuments} that must be uploaded: those whose recorded digest
     * differs, and those with none that `live` does not already yield.
     */
    toUpload: (outputs: Values, inputs: Values, live: Live) =>
      documents.filter(
        ([field, d]) =>
          inputs[field] !== undefined &&
          (containsUnknown(inputs[field]) ||
            (documentDigest(String(inputs[field])) !== outputs[d.digestField] &&
              (outputs[d.digestField] !== undefined ||
                d.differs?.(live, String(inputs[field])) !== undefined))),
      ),
    /** The digests `outputs` record, by digest field. */
    digestsIn: (outputs: Values | undefined): Values =>
      Object.fromEntries(documents.map(([, d]) => [d.digestField, outputs?.[d.digestField]])),
  };
}
