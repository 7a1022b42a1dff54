import type { Db } from "./db";

export type AppEnv = {
  Bindings: Env;
  Variables: {
    db: Db;
    /** Set by requireAdmin: the id of the admin session making the request. */
    adminSessionId?: string;
  };
};
