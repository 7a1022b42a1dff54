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
  };
};
