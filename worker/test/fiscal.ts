/** The garage's fiscal identity as the owner enters it (PUT /api/admin/fiscal-identity), for the books' tests. */
export const GARAGE_FISCAL_IDENTITY = {
  ragioneSociale: "Garage Marino S.r.l.",
  partitaIva: "12345678903",
  codiceFiscale: "12345678903",
  indirizzo: "Via Giambattista Marino 14",
  cap: "80125",
  comune: "Napoli",
  provincia: "NA",
  regimeFiscale: "RF01",
  vatRate: "22",
  invoiceSeries: "FE",
  accountantEmail: "",
};
