import type { ReactNode } from "react";
import { Alert } from "../../components/alert";
import { AppLink } from "../../components/app-link";
import { Button, buttonClass } from "../../components/button";
import { cardClass } from "../../components/card";
import { LoadingState } from "../../components/spinner";
import { useT } from "../../i18n/lang";
import { ApiError } from "../../lib/api";
import { formatLongDateTime } from "../../lib/format";
import { garage } from "../../../shared/garage";
import { PublicLayout } from "../../components/layout/public-layout";
import { documentIdAtom, documentPath, documentQueryAtom, documentXmlUrl, type DocumentView } from "../../entities/document/queries";
import { useRouteQuery } from "../../lib/query-of-param";

// On paper only the document: the site's header, footer and buttons stay on screen.
const PRINT_CSS = "@media print { header, footer, nav, [data-print-hide] { display: none !important; } body { background: #fff; } [data-document] { box-shadow: none !important; border: 0 !important; } }";

const dayOf = (iso: string, locale: string) => new Intl.DateTimeFormat(locale, { timeZone: "Europe/Rome", day: "2-digit", month: "2-digit", year: "numeric" }).format(new Date(iso));

function Row({ label, children, strong }: { label: string; children: ReactNode; strong?: boolean }) {
  return (
    <div className={`flex justify-between gap-4 py-1 ${strong ? "text-base font-bold text-slate-900" : "text-sm text-slate-700"}`}>
      <dt>{label}</dt>
      <dd className="text-right">{children}</dd>
    </div>
  );
}

type Party = { ragioneSociale?: string; denominazione?: string; nome?: string; cognome?: string; partitaIva?: string; codiceFiscale?: string; indirizzo?: string; cap?: string; comune?: string; provincia?: string | null };

function PartyBlock({ title, party, fallbackName }: { title: string; party: Party; fallbackName?: string }) {
  const d = useT().documents;
  const name = party.ragioneSociale ?? party.denominazione ?? (party.nome ? `${party.nome} ${party.cognome}` : fallbackName);
  return (
    <div className="text-sm text-slate-700">
      <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{title}</p>
      <p className="font-semibold text-slate-900">{name}</p>
      {party.indirizzo ? <p>{`${party.indirizzo}, ${party.cap} ${party.comune}${party.provincia ? ` (${party.provincia})` : ""}`}</p> : null}
      {party.partitaIva ? <p>{`${d.partitaIva} ${party.partitaIva}`}</p> : null}
      {party.codiceFiscale && party.codiceFiscale !== party.partitaIva ? <p>{`${d.codiceFiscale} ${party.codiceFiscale}`}</p> : null}
    </div>
  );
}

function DocumentCard({ doc }: { doc: DocumentView }) {
  const tr = useT();
  const d = tr.documents;
  const seller = doc.seller as Party;
  const sellerShown: Party = seller.ragioneSociale ? seller : { ragioneSociale: garage.name };
  const isCredit = doc.kind === "credit_note";
  return (
    <article data-document data-testid="document" className={`${cardClass} space-y-5 p-5 sm:p-6`}>
      <header className="flex flex-wrap items-baseline justify-between gap-2 border-b border-slate-200 pb-3">
        <h2 className="text-xl font-black text-slate-900">{d.kindTitle[doc.kind]}</h2>
        <p className="text-sm text-slate-700">
          <span className="font-semibold" data-testid="document-number">{`${d.number} ${doc.number}`}</span>
          {` · ${d.date} ${dayOf(doc.issuedAt, tr.dates.locale)}`}
        </p>
      </header>
      <div className="grid gap-4 sm:grid-cols-2">
        <PartyBlock title={d.seller} party={sellerShown} />
        {doc.buyer ? <PartyBlock title={d.buyer} party={doc.buyer as Party} /> : <PartyBlock title={d.customer} party={{}} fallbackName={doc.customerName} />}
      </div>
      {doc.invoiceNumber ? <p className="text-sm font-medium text-slate-800">{d.corrects(doc.invoiceNumber)}</p> : null}
      <dl className="divide-y divide-slate-100">
        <Row label={d.what}>{`${doc.item.bookingKind === "season" ? d.seasonPass : d.parking}: ${doc.item.title}`}</Row>
        {doc.item.eventAt ? <Row label={d.eventDate}>{formatLongDateTime(doc.item.eventAt, tr.dates)}</Row> : null}
        {doc.item.rateName ? <Row label={d.rate}>{doc.item.rateName}</Row> : null}
        <Row label={d.plate}>{doc.item.plate}</Row>
        {doc.item.voucherCode && doc.item.discount !== "0.00" ? <Row label="">{d.voucher(doc.item.voucherCode, tr.money(doc.item.discount))}</Row> : null}
      </dl>
      <dl className="rounded-xl bg-slate-50 px-4 py-3">
        <Row label={d.taxable}>{tr.money(doc.taxable)}</Row>
        <Row label={d.vat(doc.vatRate)}>{tr.money(doc.vat)}</Row>
        <Row label={isCredit ? d.creditTotal : d.total} strong>
          <span data-testid="document-total">{tr.money(doc.total)}</span>
        </Row>
      </dl>
      <p className="text-xs text-slate-600">{d.vatIncluded}</p>
      {doc.paidAt ? (
        <dl>
          <Row label={d.payment}>{d.paidByCard(formatLongDateTime(doc.paidAt, tr.dates))}</Row>
        </dl>
      ) : null}
      {doc.kind === "receipt" ? (
        <section>
          <h3 className="text-sm font-semibold text-slate-900">{d.refunds}</h3>
          {doc.refunds.length ? (
            <ul data-testid="document-refunds" className="mt-1 space-y-1 text-sm text-slate-700">
              {doc.refunds.map((r) => (
                <li key={`${r.at}-${r.amount}`}>{d.refunded(tr.money(r.amount), dayOf(r.at, tr.dates.locale))}</li>
              ))}
            </ul>
          ) : (
            <p className="mt-1 text-sm text-slate-600">{d.noRefunds}</p>
          )}
        </section>
      ) : null}
    </article>
  );
}

/** /ricevuta/:id — a receipt, invoice or credit note at its own page: printable, saved as PDF by the browser. */
export function DocumentPage() {
  const tr = useT();
  const d = tr.documents;
  const [query] = useRouteQuery("id", documentIdAtom, documentQueryAtom);
  const doc = query.data;
  const label = (k: DocumentView["kind"]) => (k === "receipt" ? d.openReceipt : k === "invoice" ? d.openInvoice : d.openCreditNote);
  return (
    <PublicLayout>
      <style>{PRINT_CSS}</style>
      <div className="mx-auto max-w-2xl space-y-6 px-4 py-8">
        {doc ? (
          <>
            <DocumentCard doc={doc} />
            <div data-print-hide className="flex flex-col gap-3 sm:flex-row">
              <Button type="button" onClick={() => window.print()} className="w-full sm:w-auto">
                {d.print}
              </Button>
              {doc.kind !== "receipt" ? (
                <a href={documentXmlUrl(doc.id)} download className={`${buttonClass("secondary", "md")} w-full sm:w-auto`}>
                  {d.downloadXml}
                </a>
              ) : null}
            </div>
            {doc.related.length ? (
              <section data-print-hide className="space-y-2">
                <h3 className="text-sm font-semibold text-slate-900">{d.related}</h3>
                <ul className="space-y-1">
                  {doc.related.map((r) => (
                    <li key={r.id}>
                      <AppLink to={documentPath(r.id)} className="text-sm font-medium text-blue-700 underline">
                        {label(r.kind)(r.number)}
                      </AppLink>
                    </li>
                  ))}
                </ul>
              </section>
            ) : null}
          </>
        ) : query.isError ? (
          <Alert tone="error" role="alert">
            {query.error instanceof ApiError && query.error.status < 500 ? d.notFound : tr.common.loadError}
          </Alert>
        ) : (
          <LoadingState text={d.loading} />
        )}
      </div>
    </PublicLayout>
  );
}
