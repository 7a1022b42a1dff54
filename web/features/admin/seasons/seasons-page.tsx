import { useAtomValue } from "jotai";
import { formatEuro } from "../../../../shared/lifecycle/money";
import { useState, type ReactNode } from "react";
import { Temporal } from "temporal-polyfill";
import { AppLink } from "../../../components/app-link";
import { Button } from "../../../components/button";
import { cardClass } from "../../../components/card";
import { notify } from "../../../components/notify";
import { LoadingState } from "../../../components/spinner";
import { itAdmin } from "../../../i18n/it-admin";
import { errorMessage } from "../../../lib/api";
import { formatShortDateTime } from "../../../lib/format";
import { ConfirmDialog } from "../components/confirm-dialog";
import { sessionQueryAtom } from "../../../entities/staff/session";
import {
  adminSeasonsQueryAtom,
  adminVouchersQueryAtom,
  disableVoucherAtom,
  refundHolderAtom,
  releaseHolderMatchAtom,
  type AdminHolder,
  type AdminSeason,
  type AdminVoucher,
} from "./queries";
import { HolderDialog, SeasonDialog, VoucherDialog, VoucherUsesDialog } from "./season-dialogs";
import { romeDayOf } from "./season-form";

const t = itAdmin.seasons;
const ta = itAdmin.seasonAdmin;

const holderTone: Record<AdminHolder["status"], string> = {
  active: "bg-emerald-100 text-emerald-900",
  pending: "bg-blue-100 text-blue-900",
  cancelled: "bg-red-100 text-red-900",
  expired: "bg-slate-200 text-slate-800",
};

type Pending = { kind: "release"; holder: AdminHolder; eventId: number; title: string } | { kind: "refund"; holder: AdminHolder };

/** A holder: their matches (reserved, released, entered…), releasing one, and refunding or revoking the pass. */
function HolderCard({ holder, onAsk }: { holder: AdminHolder; onAsk: (p: Pending) => void }) {
  const [open, setOpen] = useState(false);
  const live = holder.status === "active";
  return (
    <li className="rounded-xl border border-slate-200 p-3 text-sm" data-testid="admin-holder">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <p className="min-w-0 font-semibold break-words text-slate-900">
          {holder.customerName} {holder.assigned ? <span className="ml-1 rounded bg-amber-100 px-1.5 py-0.5 text-xs text-amber-900">{t.assigned}</span> : null}
        </p>
        <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${holderTone[holder.status]}`}>{ta.holderStatus[holder.status]}</span>
      </div>
      <p className="font-mono break-all text-slate-800">
        {holder.licensePlate} · {holder.code}
      </p>
      <p className="break-all text-slate-600">{holder.customerEmail}</p>
      <p className="text-slate-600">{t.reserved(holder.reserved, holder.released)}</p>
      <div className="mt-2 flex flex-wrap gap-2">
        {holder.matches.length ? (
          <Button variant="secondary" size="sm" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
            {open ? ta.hideMatches : ta.showMatches(holder.matches.length)}
          </Button>
        ) : null}
        {live && (holder.refundable || holder.assigned) ? (
          <Button variant="danger" size="sm" onClick={() => onAsk({ kind: "refund", holder })}>
            {holder.assigned ? ta.revoke : ta.refund}
          </Button>
        ) : null}
      </div>
      {open ? (
        <ul className="mt-2 space-y-1.5" data-testid="holder-matches">
          {holder.matches.map((m) => (
            <li key={m.eventId} className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-slate-50 p-2">
              <span className="min-w-0 break-words">
                <span className="font-medium text-slate-900">{m.title}</span>
                {m.datetime ? <span className="text-slate-600"> · {formatShortDateTime(m.datetime)}</span> : null}
              </span>
              <span className="flex items-center gap-2">
                <span className="rounded-full bg-white px-2 py-0.5 text-xs font-semibold text-slate-800 ring-1 ring-slate-200">{ta.matchState[m.state]}</span>
                {live && m.canRelease ? (
                  <Button variant="secondary" size="sm" aria-label={ta.releaseLabel(m.title)} onClick={() => onAsk({ kind: "release", holder, eventId: m.eventId, title: m.title })}>
                    {ta.release}
                  </Button>
                ) : null}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}

function SeasonCard({ season, isOwner, onEdit, onAssign, onAsk }: { season: AdminSeason & { holderList: AdminHolder[] }; isOwner: boolean; onEdit: () => void; onAssign: () => void; onAsk: (p: Pending) => void }) {
  return (
    <article data-testid="admin-season" className={`${cardClass} min-w-0 space-y-3 p-4`}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 className="min-w-0 text-lg font-bold break-words text-slate-900">{season.name}</h2>
        <span
          className={`rounded-full px-2.5 py-1 text-xs font-semibold ${!season.isOnSale ? "bg-slate-200 text-slate-800" : season.sellable ? "bg-emerald-100 text-emerald-900" : "bg-amber-100 text-amber-900"}`}
        >
          {!season.isOnSale ? t.offSale : season.sellable ? t.onSale : t.onSaleBlocked}
        </span>
      </div>
      <p className="text-sm text-slate-700">
        {t.price}: {formatEuro(season.price, "it")}
        {season.sellable && season.salePrice !== season.price ? ` (${t.salePrice(formatEuro(season.salePrice, "it"))})` : ""} · {t.seats(season.seatsLeft, season.spots)} ·{" "}
        {t.matches(season.matches.filter((m) => m.state === "on_sale").length)}
      </p>
      {season.matches.some((m) => m.state !== "on_sale") ? (
        <ul className="space-y-0.5 text-sm" data-testid="season-missing-matches">
          {season.matches
            .filter((m) => m.state !== "on_sale")
            .map((m) => (
              <li key={m.id} className="break-words text-amber-900">
                {m.title}: {t.matchState[m.state]}
              </li>
            ))}
        </ul>
      ) : null}
      <div className="flex flex-wrap items-center gap-2">
        {isOwner ? (
          <Button variant="secondary" size="sm" onClick={onEdit}>
            {ta.editSeason}
          </Button>
        ) : null}
        <Button variant="secondary" size="sm" onClick={onAssign} disabled={season.seatsLeft === 0}>
          {ta.assign}
        </Button>
        <AppLink to={`/abbonamenti/${season.id}`} className="text-sm font-semibold text-blue-700 underline">
          {t.publicLink}
        </AppLink>
      </div>
      {season.events.length ? (
        <>
          <h3 className="font-semibold text-slate-900">{ta.matchesTitle}</h3>
          <ul className="space-y-1 text-sm" data-testid="season-matches">
            {season.events.map((e) => (
              <li key={e.id} className="flex flex-wrap justify-between gap-x-3 gap-y-0.5">
                <span className="min-w-0 break-words text-slate-800">
                  {e.title}
                  {e.datetime ? <span className="text-slate-600"> · {formatShortDateTime(e.datetime)}</span> : null}
                </span>
                <span className="font-semibold text-slate-900">{ta.reservedAt(e.reserved)}</span>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <h3 className="font-semibold text-slate-900">{t.holders}</h3>
      {season.holderList.length === 0 ? (
        <p className="text-sm text-slate-600">{t.noHolders}</p>
      ) : (
        <ul className="space-y-2">
          {season.holderList.map((h) => (
            <HolderCard key={h.id} holder={h} onAsk={onAsk} />
          ))}
        </ul>
      )}
    </article>
  );
}

function VoucherCard({ voucher, onEdit, onUses, onDisable }: { voucher: AdminVoucher; onEdit: () => void; onUses: () => void; onDisable: () => void }) {
  return (
    <li data-testid="admin-voucher" className={`${cardClass} min-w-0 space-y-1 p-4 text-sm`}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <p className="min-w-0 font-mono text-base font-bold tracking-wider break-all text-slate-900">{voucher.code}</p>
        {voucher.expired ? <span className="rounded-full bg-slate-200 px-2 py-0.5 text-xs font-semibold text-slate-800">{ta.expired}</span> : null}
      </div>
      <p className="text-slate-800">{t.kind[voucher.kind](voucher.value)}</p>
      <p className="text-slate-600">
        {t.uses(voucher.uses, voucher.maxUses)} · {ta.validUntil(Temporal.PlainDate.from(romeDayOf(voucher.expiresAt, true)).toLocaleString("it-IT", { day: "numeric", month: "long", year: "numeric" }))}
      </p>
      <p className="text-slate-600">{voucher.eventIds?.length ? ta.eventsCount(voucher.eventIds.length) : ta.allEvents}</p>
      {voucher.note ? <p className="break-words text-slate-600">{voucher.note}</p> : null}
      <div className="flex flex-wrap gap-2 pt-2">
        <Button variant="secondary" size="sm" onClick={onEdit}>
          {ta.editVoucher}
        </Button>
        <Button variant="secondary" size="sm" onClick={onUses}>
          {ta.showUses}
        </Button>
        {voucher.expired ? null : (
          <Button variant="danger" size="sm" onClick={onDisable}>
            {ta.disable}
          </Button>
        )}
      </div>
    </li>
  );
}

/** /admin/abbonamenti — seasons (create, edit, assign, holders' matches, release, refund) and vouchers (create, edit, uses, disable). */
/** A list once loaded, or the line that says it is empty. */
function Listing<T>({ items, empty, children }: { items: T[] | undefined; empty: string; children: (items: T[]) => ReactNode }) {
  if (!items) return <LoadingState text={t.loading} />;
  return items.length === 0 ? <p className="text-slate-600">{empty}</p> : children(items);
}

export function SeasonsPage() {
  const seasons = useAtomValue(adminSeasonsQueryAtom);
  const vouchers = useAtomValue(adminVouchersQueryAtom);
  const session = useAtomValue(sessionQueryAtom);
  const release = useAtomValue(releaseHolderMatchAtom);
  const refund = useAtomValue(refundHolderAtom);
  const disable = useAtomValue(disableVoucherAtom);
  const isOwner = session.data?.authenticated === true && session.data.staff.role === "owner";
  // One dialog at a time; `key` gives each opening a fresh form.
  const [dialog, setDialog] = useState<
    | { kind: "season"; season: AdminSeason | null; key: number }
    | { kind: "holder"; season: AdminSeason; key: number }
    | { kind: "voucher"; voucher: AdminVoucher | null; key: number }
    | { kind: "uses"; voucher: AdminVoucher; key: number }
    | null
  >(null);
  const [asking, setAsking] = useState<Pending | null>(null);
  const [disabling, setDisabling] = useState<AdminVoucher | null>(null);
  const close = () => setDialog(null);
  const open = (d: NonNullable<typeof dialog> extends infer D ? (D extends { key: number } ? Omit<D, "key"> : never) : never) => setDialog({ ...d, key: Date.now() } as NonNullable<typeof dialog>);

  const confirmAsked = () => {
    if (!asking) return;
    if (asking.kind === "release") {
      release.mutate(
        { holderId: asking.holder.id, eventId: asking.eventId },
        { onSuccess: () => notify.success(ta.released), onError: (err) => notify.error(ta.releaseFailed, errorMessage(err, ta.releaseFailed)), onSettled: () => setAsking(null) },
      );
    } else {
      const assigned = asking.holder.assigned;
      refund.mutate(asking.holder.id, {
        onSuccess: () => notify.success(assigned ? ta.revoked : ta.refunded),
        onError: (err) => notify.error(ta.refundFailed, errorMessage(err, ta.refundFailed)),
        onSettled: () => setAsking(null),
      });
    }
  };

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-black tracking-tight text-slate-900">{t.title}</h1>
        {isOwner ? <Button onClick={() => open({ kind: "season", season: null })}>{ta.newSeason}</Button> : null}
      </div>
      <Listing items={seasons.data} empty={t.empty}>
        {(list) => (
          <div className="grid gap-4 lg:grid-cols-2">
            {list.map((s) => (
              <SeasonCard
                key={s.id}
                season={s}
                isOwner={isOwner}
                onEdit={() => open({ kind: "season", season: s })}
                onAssign={() => open({ kind: "holder", season: s })}
                onAsk={setAsking}
              />
            ))}
          </div>
        )}
      </Listing>
      <section className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 className="text-xl font-bold text-slate-900">{t.vouchers}</h2>
          <Button onClick={() => open({ kind: "voucher", voucher: null })}>{ta.newVoucher}</Button>
        </div>
        <Listing items={vouchers.data} empty={t.noVouchers}>
          {(list) => (
            <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
              {list.map((v) => (
                <VoucherCard
                  key={v.id}
                  voucher={v}
                  onEdit={() => open({ kind: "voucher", voucher: v })}
                  onUses={() => open({ kind: "uses", voucher: v })}
                  onDisable={() => setDisabling(v)}
                />
              ))}
            </ul>
          )}
        </Listing>
      </section>

      {dialog?.kind === "season" ? <SeasonDialog key={dialog.key} open season={dialog.season} onClose={close} /> : null}
      {dialog?.kind === "holder" ? <HolderDialog key={dialog.key} open season={dialog.season} onClose={close} /> : null}
      {dialog?.kind === "voucher" ? <VoucherDialog key={dialog.key} open voucher={dialog.voucher} onClose={close} /> : null}
      {dialog?.kind === "uses" ? <VoucherUsesDialog key={dialog.key} voucher={dialog.voucher} onClose={close} /> : null}
      <ConfirmDialog
        open={asking != null}
        title={asking?.kind === "release" ? ta.releaseTitle : asking?.holder.assigned ? ta.revokeTitle : ta.refundTitle}
        message={
          asking?.kind === "release"
            ? ta.releaseMessage(asking.holder.customerName, asking.title)
            : asking
              ? asking.holder.assigned
                ? ta.revokeMessage(asking.holder.customerName)
                : ta.refundMessage(asking.holder.customerName)
              : ""
        }
        confirmLabel={asking?.kind === "release" ? ta.release : asking?.holder.assigned ? ta.revoke : ta.refund}
        cancelLabel={ta.cancel}
        busy={release.isPending || refund.isPending}
        onConfirm={confirmAsked}
        onCancel={() => setAsking(null)}
      />
      <ConfirmDialog
        open={disabling != null}
        title={ta.disableTitle}
        message={disabling ? ta.disableMessage(disabling.code) : ""}
        confirmLabel={ta.disable}
        cancelLabel={ta.cancel}
        busy={disable.isPending}
        onConfirm={() =>
          disabling &&
          disable.mutate(disabling.id, {
            onSuccess: () => notify.success(ta.disabled),
            onError: (err) => notify.error(ta.disableFailed, errorMessage(err, ta.disableFailed)),
            onSettled: () => setDisabling(null),
          })
        }
        onCancel={() => setDisabling(null)}
      />
    </div>
  );
}
