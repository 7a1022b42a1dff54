import type { Translations } from "../../../../shared/translations";
import type { InferResponseType } from "hono/client";
import { atomWithMutation, atomWithQuery, queryClientAtom } from "jotai-tanstack-query";
import { client, unwrap } from "../../../lib/api";

export type NoticeItem = InferResponseType<(typeof client.api.admin.events)[":id"]["notices"]["$get"], 200>[number];

const noticesKey = (eventId: number) => ["admin", "notices", eventId] as const;

/** An event's notices; refetched every few seconds while some messages are still on their way. */
export const noticesQueryAtom = (eventId: number) =>
  atomWithQuery(() => ({
    queryKey: noticesKey(eventId),
    queryFn: () => unwrap(client.api.admin.events[":id"].notices.$get({ param: { id: String(eventId) } })),
    refetchInterval: (query: { state: { data?: NoticeItem[] } }) => (query.state.data?.some((n) => n.pending > 0) ? 3000 : false),
  }));

/** How many bookings the notice would reach, for the rates chosen (none: every rate). */
export const audienceQueryAtom = (eventId: number, rateIds: number[] | null) =>
  atomWithQuery(() => ({
    queryKey: [...noticesKey(eventId), "audience", rateIds] as const,
    queryFn: () =>
      unwrap(client.api.admin.events[":id"].notices.audience.$get({ param: { id: String(eventId) }, query: rateIds ? { rateIds: rateIds.join(",") } : {} })),
  }));

export type NoticeDraft = { subject: string; body: string; subjectTranslations: Translations; bodyTranslations: Translations; rateIds: number[] | null };

type SendVars = { eventId: number; draft: NoticeDraft; key: string };

export const sendNoticeAtom = atomWithMutation<NoticeItem, SendVars>((get) => ({
  mutationFn: ({ eventId, draft, key }: SendVars): Promise<NoticeItem> =>
    // 201 for a new notice, 200 for a replay of the same key: the same body either way.
    unwrap(client.api.admin.events[":id"].notices.$post({ param: { id: String(eventId) }, header: { "idempotency-key": key }, json: draft })),
  onSuccess: (_n: NoticeItem, { eventId }: SendVars) => get(queryClientAtom).invalidateQueries({ queryKey: noticesKey(eventId) }),
}));

export const retryNoticeAtom = atomWithMutation((get) => ({
  mutationFn: ({ noticeId }: { noticeId: string; eventId: number }) => unwrap(client.api.admin.notices[":id"].retry.$post({ param: { id: noticeId } })),
  onSuccess: (_n, { eventId }) => get(queryClientAtom).invalidateQueries({ queryKey: noticesKey(eventId) }),
}));

const reminderKey = ["admin", "reminder-settings"] as const;

export const reminderSettingsQueryAtom = atomWithQuery(() => ({
  queryKey: reminderKey,
  queryFn: () => unwrap(client.api.admin["reminder-settings"].$get()),
}));

export const saveReminderSettingsAtom = atomWithMutation((get) => ({
  mutationFn: (input: { isEnabled: boolean; sendAt: string; gateOpensMinutesBefore: number }) => unwrap(client.api.admin["reminder-settings"].$put({ json: input })),
  onSuccess: () => get(queryClientAtom).invalidateQueries({ queryKey: reminderKey }),
}));
