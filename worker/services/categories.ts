import type { Translations } from "../../shared/translations";
import { asc, eq } from "drizzle-orm";
import { categories, events } from "../../db/schema";
import type { Db } from "../db";
import { toCategoryDto, type CategoryDto } from "./events";

export async function listCategories(db: Db): Promise<CategoryDto[]> {
  return (await db.select().from(categories).orderBy(asc(categories.name), asc(categories.id))).map(toCategoryDto);
}

export type CategoryInput = { name: string; nameTranslations: Translations; color: string };

export async function createCategory(db: Db, input: CategoryInput): Promise<CategoryDto> {
  return toCategoryDto(await db.insert(categories).values(input).returning().get());
}

export async function updateCategory(db: Db, id: number, input: CategoryInput): Promise<CategoryDto | null> {
  const row = await db.update(categories).set(input).where(eq(categories.id, id)).returning().get();
  return row ? toCategoryDto(row) : null;
}

/** Its events stay, without a category (explicitly, rather than trusting the FK action alone). */
export async function deleteCategory(db: Db, id: number): Promise<boolean> {
  const [, deleted] = await db.batch([
    db.update(events).set({ categoryId: null }).where(eq(events.categoryId, id)),
    db.delete(categories).where(eq(categories.id, id)),
  ]);
  return deleted.meta.changes > 0;
}
