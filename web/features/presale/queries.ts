import { atomWithMutation } from "jotai-tanstack-query";
import { client, unwrap } from "../../lib/api";

export type PresaleRequest = {
  eventId: number;
  paymentIntentId: string;
  nome: string;
  cognome: string;
  email: string;
  telefono?: string;
  targa: string;
  modelloAuto: string;
  note?: string;
};

export const createPresaleAtom = atomWithMutation(() => ({
  mutationFn: (json: PresaleRequest) => unwrap(client.api.presales.$post({ json })),
}));
