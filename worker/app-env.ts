import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "./db";
import type { Staff } from "./services/staff";

export type AppEnv = {
  Bindings: Env;
  Variables: {
    db: Db;
    /** Set by requireRole: the id of the staff session making the request. */
    adminSessionId?: string;
    /** Set by requireRole: who is asking ({id, email, name, role}). */
    staff?: Staff;
    /**
     * A route's first reads, set before requireRole, which runs them in the session check's trip
     * and stores what they returned in `results` (only for a live session of an allowed role).
     */
    alongSession?: { items: BatchItem<"sqlite">[]; results?: unknown[] };
    /** Set by a page that inlines the boot script (the home, an event's page): the CSP source allowing it. */
    inlineScript?: string;
  };
};
