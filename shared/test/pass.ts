/**
 * What a paid pass says when nothing has happened to it since the sale: not at the gate yet, no
 * notice, no refund, the event neither cancelled nor postponed. The worker's answer and the web's
 * screens are checked against the same facts.
 */
export const untouchedPass = () => ({
  gateState: null,
  checkedInAt: null,
  checkedOutAt: null,
  state: "paid" as const,
  eventCancelled: false,
  refundPending: false,
  notices: [],
  postponedFrom: null,
});
