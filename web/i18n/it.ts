/**
 * Every string a person reads, in Italian, grouped by feature. Texts quoted by the product spec
 * are kept verbatim.
 */
export const it = {
  common: {
    appName: "Parcheggi Eventi",
    city: "Napoli",
    loading: "Caricamento...",
    close: "Chiudi",
    cancel: "Annulla",
    save: "Salva",
    delete: "Elimina",
    error: "Errore",
    retry: "Riprova",
    loadError: "Impossibile caricare i dati. Riprova più tardi.",
  },
  notFound: {
    title: "404 Page Not Found",
    hint: "Did you forget to add the page to the router?",
    home: "Torna alla home",
  },
  home: {
    eventsTitle: "Eventi",
    noEvents: "Nessun evento disponibile al momento.",
  },
} as const;
