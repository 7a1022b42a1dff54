import { cleanTranslations, type Translations } from "../../../../shared/translations";
import { TranslatedText } from "../components/translated-text";
import { useAtomValue } from "jotai";
import { useState, type FormEvent } from "react";
import { Button } from "../../../components/button";
import { Card, CardHeader } from "../../../components/card";
import { inputClass, labelClass } from "../../../components/field";
import { IconButton } from "../../../components/icon-button";
import { notify } from "../../../components/notify";
import { itAdmin } from "../../../i18n/it-admin";
import { errorMessage } from "../../../lib/api";
import { categoriesQueryAtom } from "../../../lib/queries";
import { PencilIcon, TrashIcon } from "../components/admin-icons";
import { useConfirmedDelete } from "../components/confirm-dialog";
import { useDiscardGuard } from "../components/discard-guard";
import { ListState } from "../components/list-state";
import { categoryForm, firstProblem } from "../../../../shared/forms/admin-forms";
import { createCategoryAtom, deleteCategoryAtom, updateCategoryAtom } from "../queries";

const t = itAdmin.categories;
const DEFAULT_CATEGORY_COLOR = "#3B82F6";

/** The server's rules (shared/forms/admin-forms.ts), checked before sending: a problem is said and nothing is sent. */
function refused(values: { name: string; nameTranslations: Translations; color: string }): boolean {
  const problem = firstProblem(categoryForm(t.errors), values);
  if (problem) notify.error(problem.message);
  return problem !== null;
}

type Category = { id: number; name: string; nameTranslations: Translations; color: string };

export function CategoriesTab() {
  const categories = useAtomValue(categoriesQueryAtom);
  const create = useAtomValue(createCategoryAtom);
  const remove = useAtomValue(deleteCategoryAtom);
  const [name, setName] = useState("");
  const [nameTranslations, setNameTranslations] = useState<Translations>({});
  const [color, setColor] = useState(DEFAULT_CATEGORY_COLOR);
  const [editingId, setEditingId] = useState<number | null>(null);
  const deletion = useConfirmedDelete<Category>(remove, t);

  function add(e: FormEvent) {
    e.preventDefault();
    // Spec §5: a name that is empty after trimming does nothing.
    if (!name.trim()) return;
    if (refused({ name, nameTranslations, color })) return;
    create.mutate(
      { name: name.trim(), nameTranslations: cleanTranslations(nameTranslations), color },
      {
        onSuccess: () => {
          setName("");
          setNameTranslations({});
          setColor(DEFAULT_CATEGORY_COLOR);
          notify.success(t.created);
        },
        onError: (err) => notify.error(errorMessage(err, t.failed)),
      },
    );
  }

  return (
    <div className="space-y-6">
      <Card>
        <CardHeader title={t.addTitle} />
        <form onSubmit={add} className="flex flex-wrap items-end gap-4 px-5 py-4">
          <div className="min-w-56 flex-1">
            <TranslatedText
              id="category-name"
              label={t.name}
              italianValue={name}
              translations={nameTranslations}
              onChange={setNameTranslations}
              italian={
                <>
                  <label htmlFor="category-name" className={labelClass}>
                    {t.name}
                  </label>
                  <input id="category-name" className={inputClass} placeholder={t.namePlaceholder} value={name} onChange={(e) => setName(e.target.value)} />
                </>
              }
            />
          </div>
          <div>
            <label htmlFor="category-color" className={labelClass}>
              {t.color}
            </label>
            <div className="flex items-center gap-2">
              <input
                id="category-color"
                type="color"
                className="h-9 w-14 cursor-pointer rounded-md border border-slate-300 bg-white p-1"
                value={color}
                onChange={(e) => setColor(e.target.value)}
              />
              <code className="text-xs uppercase text-slate-600">{color}</code>
            </div>
          </div>
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? t.adding : t.add}
          </Button>
        </form>
      </Card>

      <Card>
        <CardHeader title={t.title} />
        <div className="p-5">
          <ListState query={categories} empty={t.empty}>
            {(rows) => (
              <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
                {rows.map((category) =>
                  editingId === category.id ? (
                    <CategoryEditCard key={category.id} category={category} onDone={() => setEditingId(null)} />
                  ) : (
                    <li key={category.id} data-testid="category-card" className="flex items-center gap-3 rounded-lg border border-slate-200 p-4">
                      <span className="size-10 shrink-0 rounded-lg" style={{ backgroundColor: category.color }} aria-hidden="true" />
                      <div className="min-w-0 flex-1">
                        <p className="truncate font-medium text-slate-900">{category.name}</p>
                        {Object.values(category.nameTranslations).some(Boolean) ? (
                          <p className="truncate text-sm text-slate-600">{Object.values(category.nameTranslations).filter(Boolean).join(" · ")}</p>
                        ) : null}
                        <p className="text-xs uppercase text-slate-600">{category.color}</p>
                      </div>
                      <IconButton label={t.edit(category.name)} onClick={() => setEditingId(category.id)}>
                        <PencilIcon />
                      </IconButton>
                      <IconButton label={t.remove(category.name)} onClick={() => deletion.ask(category)} look="danger">
                        <TrashIcon />
                      </IconButton>
                    </li>
                  ),
                )}
              </ul>
            )}
          </ListState>
        </div>
      </Card>

      {deletion.dialog}
    </div>
  );
}

/** One card at a time is in edit mode; save or cancel returns it to display (spec §4). */
function CategoryEditCard({ category, onDone }: { category: Category; onDone: () => void }) {
  const update = useAtomValue(updateCategoryAtom);
  const [name, setName] = useState(category.name);
  const [nameTranslations, setNameTranslations] = useState<Translations>(category.nameTranslations);
  const [color, setColor] = useState(category.color);
  const guard = useDiscardGuard(
    () => name !== category.name || JSON.stringify(cleanTranslations(nameTranslations)) !== JSON.stringify(cleanTranslations(category.nameTranslations)) || color !== category.color,
    onDone,
  );

  function save(e: FormEvent) {
    e.preventDefault();
    if (!name.trim() || refused({ name, nameTranslations, color })) return;
    update.mutate(
      { id: category.id, name: name.trim(), nameTranslations: cleanTranslations(nameTranslations), color },
      {
        onSuccess: () => {
          notify.success(t.updated);
          onDone();
        },
        onError: (err) => notify.error(errorMessage(err, t.failed)),
      },
    );
  }

  return (
    <li data-testid="category-card" className="rounded-lg border-2 border-blue-300 bg-blue-50/40 p-4">
      <form onSubmit={save} className="space-y-3" onKeyDown={(e) => e.key === "Escape" && e.currentTarget.contains(e.target as Node) && guard.requestClose()}>
        <TranslatedText
          id={`category-${category.id}-name`}
          label={t.name}
          italianValue={name}
          translations={nameTranslations}
          onChange={setNameTranslations}
          italian={
            <div>
              <label htmlFor={`category-${category.id}-name`} className={labelClass}>
                {t.name}
              </label>
              <input id={`category-${category.id}-name`} autoFocus className={inputClass} value={name} onChange={(e) => setName(e.target.value)} />
            </div>
          }
        />
        <div className="flex items-center gap-2">
          <label htmlFor={`category-${category.id}-color`} className="text-sm font-medium text-slate-700">
            {t.color}
          </label>
          <input
            id={`category-${category.id}-color`}
            type="color"
            className="h-9 w-14 cursor-pointer rounded-md border border-slate-300 bg-white p-1"
            value={color}
            onChange={(e) => setColor(e.target.value)}
          />
          <div className="ml-auto flex gap-2">
            <Button variant="secondary" onClick={onDone} disabled={update.isPending}>
              {t.cancel}
            </Button>
            <Button type="submit" disabled={update.isPending}>
              {t.save}
            </Button>
          </div>
        </div>
      </form>
      {guard.dialog}
    </li>
  );
}
