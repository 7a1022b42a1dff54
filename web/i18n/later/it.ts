import file from "./it.json" with { type: "json" };
import { compileLater } from "./signatures";

/** The later pages' texts in Italian, for the staff screens and tests that read them directly. */
export const itLater = compileLater(file, "it");
