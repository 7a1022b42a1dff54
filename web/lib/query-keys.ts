/**
 * Every query key of the app, so a write invalidates exactly what a read cached. Keys are
 * hierarchical: invalidating `admin.all` (or `admin.bookings()`) reaches every key under it.
 */
export const queryKeys = {
  events: ["events"] as const,
  stats: ["stats"] as const,
  categories: ["categories"] as const,
  partners: ["partners"] as const,
  carouselSettings: ["carousel-settings"] as const,
  liveConfig: ["live-notifications", "config"] as const,
  /** Without an argument: every live-activity key. */
  liveActivity: (eventId?: number | "all") => (eventId === undefined ? (["live-activity"] as const) : (["live-activity", eventId] as const)),
  booking: (id: string | null) => ["booking", id] as const,
  /** Without a token: every waiting-list entry. */
  waitlist: (token?: string | null) => (token === undefined ? (["waitlist"] as const) : (["waitlist", token] as const)),
  session: ["admin-session"] as const,
  admin: {
    all: ["admin"] as const,
    stats: ["admin", "stats"] as const,
    configuration: ["admin", "configuration"] as const,
    events: ["admin", "events"] as const,
    /** Without filters: every bookings list. */
    bookings: (filters?: object) => (filters === undefined ? (["admin", "bookings"] as const) : (["admin", "bookings", filters] as const)),
    payments: (range: object) => ["admin", "payments", "list", range] as const,
    paymentsSummary: ["admin", "payments", "summary"] as const,
    /** Without filters: every outbox list. */
    emails: (filters?: object) => (filters === undefined ? (["admin", "emails"] as const) : (["admin", "emails", filters] as const)),
    emailPreview: (id: number) => ["admin", "emails", "preview", id] as const,
    waitlists: ["admin", "waitlists"] as const,
    waitlistEntries: (search: object) => ["admin", "waitlists", "entries", search] as const,
    audit: (search: object) => ["admin", "audit", search] as const,
    waitlist: (eventId: number) => ["admin", "waitlists", eventId] as const,
    waitlistSettings: ["admin", "waitlists", "settings"] as const,
    documents: (month: string) => ["admin", "documents", month] as const,
    fiscalIdentity: ["admin", "fiscal-identity"] as const,
    charts: (chart: string, filter: unknown) => ["admin", "charts", chart, filter] as const,
  },
};
