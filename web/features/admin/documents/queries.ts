import type { InferRequestType, InferResponseType } from "hono/client";
import { atom } from "jotai";
import { atomWithMutation, atomWithQuery, queryClientAtom } from "jotai-tanstack-query";
import { client, unwrap } from "../../../lib/api";
import { todayInRome } from "../../../lib/format";
import { queryKeys } from "../../../lib/query-keys";

export type AdminDocument = InferResponseType<typeof client.api.admin.documents.$get, 200>["documents"][number];
export type FiscalIdentityInput = InferRequestType<(typeof client.api.admin)["fiscal-identity"]["$put"]>["json"];

/** "YYYY-MM", this month (Rome) at first. */
export const documentsMonthAtom = atom(todayInRome().slice(0, 7));

export const documentsQueryAtom = atomWithQuery((get) => {
  const month = get(documentsMonthAtom);
  return {
    queryKey: queryKeys.admin.documents(month),
    queryFn: () => unwrap(client.api.admin.documents.$get({ query: { month } })),
    enabled: /^\d{4}-\d\d$/.test(month),
  };
});

export const fiscalIdentityQueryAtom = atomWithQuery(() => ({
  queryKey: queryKeys.admin.fiscalIdentity,
  queryFn: () => unwrap(client.api.admin["fiscal-identity"].$get()),
}));

export const saveFiscalIdentityAtom = atomWithMutation((get) => ({
  mutationFn: (json: FiscalIdentityInput) => unwrap(client.api.admin["fiscal-identity"].$put({ json })),
  onSuccess: () => get(queryClientAtom).invalidateQueries({ queryKey: queryKeys.admin.fiscalIdentity }),
}));

type ResendInput = { id: string; buyer: InferRequestType<(typeof client.api.admin.documents)[":id"]["resend"]["$post"]>["json"]["buyer"] };

/** A discarded document, corrected, to SdI again under its number and date. */
export const resendDocumentAtom = atomWithMutation((get) => ({
  mutationFn: ({ id, buyer }: ResendInput) => unwrap(client.api.admin.documents[":id"].resend.$post({ param: { id }, json: { buyer } })),
  onSuccess: () => get(queryClientAtom).invalidateQueries({ queryKey: ["admin", "documents"] }),
}));

export const exportUrl = (month: string) => `/api/admin/documents/export?${new URLSearchParams({ month })}`;
export const adminXmlUrl = (id: string) => `/api/admin/documents/${id}/xml`;
