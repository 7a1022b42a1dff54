import type { InferResponseType } from "hono/client";
import type { client } from "../../../lib/api";

/** An event as the admin list returns it (inactive ones included, every rate). */
export type EventDto = InferResponseType<typeof client.api.admin.events.$get, 200>[number];
export type RateDto = EventDto["rates"][number];
