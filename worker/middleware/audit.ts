import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../app-env";
import { recordAudit } from "../services/audit";

async function idFromResponse(res: Response): Promise<string | number | null> {
  if (!res.headers.get("Content-Type")?.includes("application/json")) return null;
  const body = await res
    .clone()
    .json<{ id?: string | number; objectPath?: string }>()
    .catch(() => null);
  return body?.id ?? body?.objectPath ?? null;
}

/**
 * Records a successful staff write (after requireRole): who (account and session), when, what and which
 * entity — the `:id` parameter, else the id the answer carries. Failed requests wrote nothing.
 */
export function audited(action: string) {
  return createMiddleware<AppEnv>(async (c, next) => {
    await next();
    if (c.res.status >= 300) return;
    const entityId = c.req.param("id") ?? (await idFromResponse(c.res));
    try {
      await recordAudit(c.var.db, { sessionId: c.var.adminSessionId ?? null, staff: c.var.staff, action, entityId }, Date.now());
    } catch (err) {
      // The write itself succeeded: answering 500 would invite a duplicate retry.
      console.error(`audit record failed for ${action}: ${(err as Error).name}`);
    }
  });
}
