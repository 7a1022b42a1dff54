import type { InferResponseType } from "hono/client";
import type { client } from "../../lib/api";

export type EventDto = InferResponseType<typeof client.api.events.$get, 200>[number];
export type RateDto = EventDto["rates"][number];
