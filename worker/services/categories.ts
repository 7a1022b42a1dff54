import { asc } from "drizzle-orm";
import { categories } from "../../db/schema";
import type { Db } from "../db";
import { toCategoryDto, type CategoryDto } from "./events";

export async function listCategories(db: Db): Promise<CategoryDto[]> {
  const rows = await db.select().from(categories).orderBy(asc(categories.name), asc(categories.id));
  return rows.map(toCategoryDto);
}
