import type { BookingState, PassStatus } from "../../../shared/lifecycle/booking";
import { decimalToCentsExact } from "../../../shared/lifecycle/money";
import type { Catalogue } from "../../i18n/catalogue";

/** What the server says happened after the sale (worker/services/my-bookings.ts AfterSale). */
type AfterSaleFacts = {
  passStatus: PassStatus;
  state: BookingState;
  eventCancelled: boolean;
  refundPending: boolean;
} & (
  | {
      /** Money that went back, decimal. */
      refunded: string;
      /** What was paid, decimal. */
      amount: string;
    }
  | { refunded?: undefined; amount?: undefined }
);

type AfterSaleView = {
  /** The key of the badge in myBookings.status. */
  label: keyof Catalogue["myBookings"]["status"];
  /** The sentences that say what happened, in order; empty for a plain valid pass. */
  notes: string[];
  /** Whether any screen may show the pass (QR, "Vedi il pass"): only the server's "valid". */
  showPass: boolean;
};

const LABELS: Record<BookingState, AfterSaleView["label"]> = {
  hold: "pending",
  expired: "other",
  paid: "paid",
  partly_refunded: "partlyRefunded",
  refunded: "refunded",
  cancelled: "cancelled",
  freed: "freed",
};

/** The customer's words for a booking after the sale: the same on the banner, Le Mie Prenotazioni and the pass. */
export function afterSaleView(b: AfterSaleFacts, tr: Catalogue): AfterSaleView {
  const t = tr.myBookings;
  const a = t.afterSale;
  const notes: string[] = [];
  if (b.eventCancelled) notes.push(a.eventCancelled);
  // The pass page carries no amounts (anyone with the link reads it): it says what happened without them.
  const wentBack = b.refunded === undefined ? b.state === "refunded" : decimalToCentsExact(b.refunded) > 0;
  if (b.state === "refunded" && wentBack && !b.refundPending) notes.push(b.refunded === undefined ? a.refundedNoAmount : a.refunded(tr.money(b.refunded)));
  else if (b.state === "partly_refunded" && b.refunded !== undefined) notes.push(a.partlyRefunded(tr.money(b.refunded), tr.money(b.amount)));
  else if (b.state === "freed") notes.push(a.freed);
  else if (b.state === "cancelled" && !b.eventCancelled) notes.push(a.cancelled);
  if (b.refundPending) notes.push(a.refundPending);
  const showPass = b.passStatus === "valid";
  if (!showPass && notes.length === 0) notes.push(b.passStatus === "not_paid" ? t.noPass : a.noPass);
  const label = b.eventCancelled && b.state !== "refunded" ? "eventCancelled" : LABELS[b.state];
  return { label, notes, showPass };
}
