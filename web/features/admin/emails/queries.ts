import type { InferRequestType } from "hono/client";
import { atom } from "jotai";
import { atomWithMutation, atomWithQuery, queryClientAtom } from "jotai-tanstack-query";
import { client, unwrap } from "../../../lib/api";
import { queryKeys } from "../../../lib/query-keys";

type EmailStatus = NonNullable<InferRequestType<typeof client.api.admin.emails.$get>["query"]["status"]>;

export type EmailFilters = { status: EmailStatus | "" };

export const emailFiltersAtom = atom<EmailFilters>({ status: "" });

function fetchEmails(filters: { status?: EmailStatus | ""; bookingId?: string }) {
  const query: { status?: EmailStatus; bookingId?: string } = {};
  if (filters.status) query.status = filters.status;
  if (filters.bookingId) query.bookingId = filters.bookingId;
  return unwrap(client.api.admin.emails.$get({ query }));
}

/** The outbox, newest first; refreshed every few seconds while messages are on their way. */
export const emailsQueryAtom = atomWithQuery((get) => {
  const filters = get(emailFiltersAtom);
  return {
    queryKey: queryKeys.admin.emails(filters),
    queryFn: () => fetchEmails(filters),
    refetchInterval: (q: { state: { data?: { status: string }[] } }) => (q.state.data?.some((e) => e.status === "queued" || e.status === "sending") ? 2000 : false),
  };
});

/** What waits to be sent and since when; refreshed while anything waits. */
export const emailBacklogQueryAtom = atomWithQuery(() => ({
  queryKey: queryKeys.admin.emails({ backlog: true }),
  queryFn: () => unwrap(client.api.admin.emails.backlog.$get()),
  refetchInterval: (q: { state: { data?: { waiting: number } } }) => ((q.state.data?.waiting ?? 0) > 0 ? 5000 : false),
}));

/** One booking's messages (the bookings tab's "E-mail" dialog). */
export const bookingEmailsQueryAtom = (bookingId: string) =>
  atomWithQuery(() => ({
    queryKey: queryKeys.admin.emails({ bookingId }),
    queryFn: () => fetchEmails({ bookingId }),
    refetchInterval: (q: { state: { data?: { status: string }[] } }) => (q.state.data?.some((e) => e.status === "queued" || e.status === "sending") ? 2000 : false),
  }));

export const emailPreviewQueryAtom = (id: number) =>
  atomWithQuery(() => ({
    queryKey: queryKeys.admin.emailPreview(id),
    queryFn: () => unwrap(client.api.admin.emails[":id"].preview.$get({ param: { id: String(id) } })),
  }));

export const resendEmailAtom = atomWithMutation((get) => ({
  mutationFn: (id: number) => unwrap(client.api.admin.emails[":id"].resend.$post({ param: { id: String(id) } })),
  onSuccess: () => get(queryClientAtom).invalidateQueries({ queryKey: queryKeys.admin.emails() }),
}));

export const resendConfirmationAtom = atomWithMutation((get) => ({
  mutationFn: (bookingId: string) => unwrap(client.api.admin.emails.bookings[":id"].resend.$post({ param: { id: bookingId } })),
  onSuccess: () => get(queryClientAtom).invalidateQueries({ queryKey: queryKeys.admin.emails() }),
}));
