/**
 * What SdI said of a file, as the intermediary reports it: still travelling ("sent"), delivered to the
 * customer or put in their cassetto fiscale ("delivered"), or refused with its reason ("discarded").
 */
export type SdiOutcome = { state: "sent" } | { state: "delivered" } | { state: "discarded"; reason: string };

/** An accredited intermediary's API, reduced to the two things the shop needs (docs/decisions/055-sdi-sending.md). */
export interface SdiIntermediary {
  readonly name: string;
  /** Hands one FatturaPA file over; answers the intermediary's id of it. Sending the same file name again must not make a second file. */
  send(file: { fileName: string; xml: string }): Promise<{ transmissionId: string }>;
  /** What SdI has said of the file so far. */
  outcome(transmissionId: string): Promise<SdiOutcome>;
}
