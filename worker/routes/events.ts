import { Hono, type TypedResponse } from "hono";
import type { AppEnv } from "../app-env";
import { errorBody } from "../lib/errors";
import { idParam, validate } from "../lib/validate";
import { listPublicRates, publicEventsJson, type EventDto } from "../services/events";
import { messages } from "../i18n/it";

export const events = new Hono<AppEnv>()
  // The JSON text comes from D1 as is; the type tells the typed client what it holds.
  .get("/", async (c) => c.body(await publicEventsJson(c.var.db, Date.now()), 200, { "Content-Type": "application/json" }) as unknown as TypedResponse<EventDto[], 200, "json">)
  .get("/:id/rates", validate("param", idParam), async (c) => {
    const list = await listPublicRates(c.var.db, c.req.valid("param").id);
    return list ? c.json(list, 200) : c.json(errorBody("not_found", messages.eventNotFound), 404);
  });
