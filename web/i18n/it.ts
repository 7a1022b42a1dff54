import file from "./it.json" with { type: "json" };
import { compileHome } from "./signatures";

/** The home's texts in Italian, as the staff screens (admin, gate) read them: they speak Italian alone. */
export const it = compileHome(file, "it");
