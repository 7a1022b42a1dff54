import type { InferRequestType, InferResponseType } from "hono/client";
import { atom } from "jotai";
import { atomWithMutation, queryClientAtom } from "jotai-tanstack-query";
import { queryOfParam } from "../../lib/query-of-param";
import { client, unwrap } from "../../lib/api";
import { passPartQuery } from "../pass/queries";

export type DocumentView = InferResponseType<(typeof client.api.documents)[":id"]["$get"], 200>;
export type PaymentDocuments = InferResponseType<(typeof client.api.passes)[":secret"]["documents"]["$get"], 200>;
export type InvoiceBuyer = InferRequestType<(typeof client.api.passes)[":secret"]["invoice"]["$post"]>["json"]["buyer"];

export const documentIdAtom = atom<string | null>(null);

export const documentQueryAtom = queryOfParam(documentIdAtom, (id) => ["document", id], (id) => unwrap(client.api.documents[":id"].$get({ param: { id } })), { retry: false });

/** The documents of the pass's payment (receipt, invoice, credit notes) and whether an invoice may be asked. */
export const passDocumentsQueryAtom = passPartQuery("documents", (secret) => unwrap(client.api.passes[":secret"].documents.$get({ param: { secret } })));

export const requestInvoiceAtom = atomWithMutation((get) => ({
  mutationFn: ({ secret, buyer }: { secret: string; buyer: InvoiceBuyer }) => unwrap(client.api.passes[":secret"].invoice.$post({ param: { secret }, json: { buyer } })),
  onSuccess: () => get(queryClientAtom).invalidateQueries({ queryKey: ["pass"] }),
}));

/** A document's own page. */
export const documentPath = (id: string) => `/ricevuta/${id}`;
/** Its FatturaPA file (invoices and credit notes). */
export const documentXmlUrl = (id: string) => `/api/documents/${id}/xml`;
