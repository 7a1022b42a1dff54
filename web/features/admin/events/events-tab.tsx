import { closestCenter, DndContext, type DragEndEvent } from "@dnd-kit/core";
import { arrayMove, SortableContext, useSortable, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { useAtomValue } from "jotai";
import { createContext, useContext, useMemo, useState } from "react";
import { Alert } from "../../../components/alert";
import { Button } from "../../../components/button";
import { Card, CardHeader } from "../../../components/card";
import { IconButton } from "../../../components/icon-button";
import { PhotoIcon } from "../../../components/icons";
import { notify } from "../../../components/notify";
import { ProgressBar } from "../../../components/progress-bar";
import { LoadingState } from "../../../components/spinner";
import { Toggle } from "../../../components/toggle";
import { it } from "../../../i18n/it";
import { itAdmin } from "../../../i18n/it-admin";
import { formatShortDateTime, toCents } from "../../../lib/format";
import { formatEuro } from "../../../../shared/lifecycle/money";
import { DataTable, RowElement, type Column, type RowShellProps } from "../../../components/data-table";
import { eventImage } from "../../../entities/event/format";
import { PencilIcon, PlusIcon, TrashIcon } from "../components/admin-icons";
import { DragHandle, type SortHandle } from "../components/drag-handle";
import { CategoryTag } from "../components/category-tag";
import { useConfirmedDelete } from "../components/confirm-dialog";
import { sortAccessibility, transformStyle, useSortSensors } from "../components/sortable";
import { EventModal } from "./event-modal";
import { CancelEventDialog, progressAtom } from "./cancel-event-dialog";
import { isEventEditable, isEventPostponable } from "../../../../shared/lifecycle/event";
import { PostponeEventDialog } from "./postpone-event-dialog";
import { NoticesDialog } from "../notices/notices-dialog";
import { adminEventsQueryAtom, deleteEventAtom, reorderEventsAtom, setEventActiveAtom } from "./queries";
import type { EventDto } from "./types";
import { notifyOutcome } from "../../../lib/notify-outcome";

const t = itAdmin.events;

/** "N di M rimborsate" under a cancelled event: the cancel-event Workflow's progress, as the dialog shows it. */
function CancellationLine({ eventId }: { eventId: number }) {
  const progress = useAtomValue(useMemo(() => progressAtom(eventId), [eventId])).data?.progress;
  if (!progress) return null;
  return (
    <p data-testid="cancellation-progress" className="mt-1 text-xs text-slate-700">
      {progress.status === "running" ? `${itAdmin.cancelEvent.running} ` : ""}
      {itAdmin.cancelEvent.progress(progress.refunded, progress.total)}
      {progress.failures.length ? <span className="font-semibold text-red-700"> · {itAdmin.cancelEvent.failures}</span> : null}
    </p>
  );
}

/** "€ 15,00 – € 35,00" from the lowest to the highest rate, or one price when they agree. */
export function priceRange(rates: { price: string }[]): string | null {
  if (rates.length === 0) return null;
  const prices = rates.map((r) => toCents(r.price));
  const min = Math.min(...prices);
  const max = Math.max(...prices);
  return min === max ? formatEuro(min, "it") : `${formatEuro(min, "it")} – ${formatEuro(max, "it")}`;
}

export function EventsTab() {
  const events = useAtomValue(adminEventsQueryAtom);
  const reorder = useAtomValue(reorderEventsAtom);
  const remove = useAtomValue(deleteEventAtom);
  const sensors = useSortSensors();
  // The order shown while a reorder is being saved; null = the server's order.
  const [localOrder, setLocalOrder] = useState<EventDto[] | null>(null);
  const [modal, setModal] = useState<{ open: boolean; event: EventDto | null; readOnly?: boolean }>({ open: false, event: null });
  const deletion = useConfirmedDelete<EventDto>(remove, t);
  const [cancelling, setCancelling] = useState<EventDto | null>(null);
  const [postponing, setPostponing] = useState<EventDto | null>(null);
  const [noticing, setNoticing] = useState<EventDto | null>(null);

  if (events.isPending) return <LoadingState text={it.common.loading} />;
  if (events.isError) return <Alert tone="error" role="alert">{itAdmin.loadError}</Alert>;

  const rows = localOrder ?? events.data;
  const ids = rows.map((e) => e.id);
  const titleOf = (id: string | number) => rows.find((e) => e.id === id)?.title ?? "";

  function onDragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    const next = arrayMove(rows, ids.indexOf(Number(active.id)), ids.indexOf(Number(over.id)));
    setLocalOrder(next);
    reorder.mutate(
      next.map((e) => e.id),
      {
        onSuccess: () => notify.success(t.reordered),
        // Spec §4: on failure the list goes back to the server's order.
        onError: () => notify.error(t.reorderFailed),
        onSettled: () => setLocalOrder(null),
      },
    );
  }

  return (
    <>
      <Card>
        <CardHeader
          title={t.title}
          description={t.dragHint}
          actions={
            <Button onClick={() => setModal({ open: true, event: null })}>
              <PlusIcon className="size-4" />
              {t.create}
            </Button>
          }
        />
        {rows.length === 0 ? (
          <p className="px-5 py-10 text-center text-sm text-slate-600">{t.empty}</p>
        ) : (
          <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd} accessibility={sortAccessibility(titleOf, ids)}>
            <SortableContext items={ids} strategy={verticalListSortingStrategy}>
              <DataTable
                rows={rows}
                rowKey={(event) => event.id}
                rowTestId="event-row"
                rowProps={(event) => ({ "data-event-id": event.id })}
                RowShell={SortableRow}
                columns={columns}
                actionsHeader={t.colActions}
                actions={(event) => (
                  <EventActions
                    event={event}
                    onEdit={() => setModal({ open: true, event, readOnly: !isEventEditable(event) })}
                    onDelete={() => deletion.ask(event)}
                    onCancel={() => setCancelling(event)}
                    onPostpone={() => setPostponing(event)}
                    onNotice={() => setNoticing(event)}
                  />
                )}
              />
            </SortableContext>
          </DndContext>
        )}
      </Card>

      {noticing ? <NoticesDialog event={noticing} onClose={() => setNoticing(null)} /> : null}
      {postponing ? <PostponeEventDialog event={postponing} onClose={() => setPostponing(null)} /> : null}
      {cancelling ? <CancelEventDialog event={cancelling} onClose={() => setCancelling(null)} /> : null}
      <EventModal open={modal.open} event={modal.event} readOnly={modal.readOnly} onClose={() => setModal((m) => ({ ...m, open: false }))} />

      {deletion.dialog}
    </>
  );
}

const HandleContext = createContext<SortHandle | null>(null);

/** A row that can be dragged by its handle, as a table row or as a card. */
function SortableRow({ row, layout, className, children, ...rest }: RowShellProps<EventDto>) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: row.id });
  const props = {
    ...rest,
    style: transformStyle(transform, transition),
    className: `${className} ${isDragging ? "relative z-10 bg-blue-50 shadow-lg" : "bg-white"} ${row.isActive ? "" : "text-slate-600"}`,
  };
  return (
    <HandleContext.Provider value={{ attributes, listeners, setActivatorNodeRef }}>
      <RowElement layout={layout} ref={setNodeRef} {...props}>
        {children}
      </RowElement>
    </HandleContext.Provider>
  );
}

function EventDragHandle({ title }: { title: string }) {
  const handle = useContext(HandleContext);
  return handle ? <DragHandle handle={handle} label={t.dragHandle(title)} /> : null;
}

function EventThumb({ event }: { event: EventDto }) {
  const [brokenImage, setBrokenImage] = useState(false);
  // What visitors see: the event's image, else the bundled image its title matches.
  const image = eventImage(event);
  return (
    <div className="flex h-12 w-16 shrink-0 items-center justify-center overflow-hidden rounded-md bg-slate-100 text-slate-500">
      {image && !brokenImage ? <img src={image} alt="" className="size-full object-cover" onError={() => setBrokenImage(true)} /> : <PhotoIcon className="size-6" />}
    </div>
  );
}

const columns: Column<EventDto>[] = [
  { header: t.dragHint, bare: true, className: "w-12", cell: (event) => <EventDragHandle title={event.title} /> },
  {
    header: t.colEvent,
    className: "min-w-64",
    // At 360 px a label beside it left the title ~80 px and broke its words (issue #48).
    wide: true,
    cell: (event) => {
      // A cancelled event is read-only: no switch, no "Rinvia", no second "Annulla evento"; its progress instead.
      const editable = isEventEditable(event);
      return (
        <div className="flex items-center gap-3">
          <EventThumb event={event} />
          <div className="min-w-0">
            <p className={`font-medium ${event.isActive ? "text-slate-900" : "text-slate-600"}`}>{event.title}</p>
            <div className="mt-1 flex flex-wrap items-center gap-1.5">
              {event.category ? <CategoryTag name={event.category.name} color={event.category.color} /> : <span className="text-xs text-slate-500">{t.noCategory}</span>}
              {!editable ? (
                <span data-testid="event-cancelled" className="rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-800 ring-1 ring-red-200">
                  {t.cancelled}
                </span>
              ) : !event.isActive ? (
                <span className="rounded-full bg-slate-200 px-2 py-0.5 text-xs font-medium text-slate-600">{t.inactive}</span>
              ) : null}
            </div>
            {!editable ? <CancellationLine eventId={event.id} /> : null}
          </div>
        </div>
      );
    },
  },
  {
    header: t.colDate,
    className: "whitespace-nowrap tabular-nums",
    cell: (event) =>
      event.isAlwaysActive ? (
        <span className="rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-700">{t.alwaysActive}</span>
      ) : event.datetime ? (
        formatShortDateTime(event.datetime)
      ) : (
        <span className="text-slate-500">{t.noDate}</span>
      ),
  },
  {
    header: t.colSpots,
    className: "w-44",
    cell: (event) => {
      const free = event.availableSpots;
      const share = event.totalSpots > 0 ? (free / event.totalSpots) * 100 : 0;
      return (
        <>
          <p className="mb-1 font-medium tabular-nums text-slate-800" aria-hidden="true">
            {t.spotsOf(free, event.totalSpots)}
          </p>
          <ProgressBar value={share} label={t.spotsLabel(free, event.totalSpots)} tone={share > 50 ? "emerald" : share > 15 ? "amber" : "red"} />
        </>
      );
    },
  },
  { header: t.colRates, className: "whitespace-nowrap tabular-nums", cell: (event) => priceRange(event.rates) ?? <span className="text-slate-500">{t.noRates}</span> },
];

function EventActions({
  event,
  onEdit,
  onDelete,
  onCancel,
  onPostpone,
  onNotice,
}: {
  event: EventDto;
  onEdit: () => void;
  onDelete: () => void;
  onCancel: () => void;
  onPostpone: () => void;
  onNotice: () => void;
}) {
  const setActive = useAtomValue(setEventActiveAtom);
  const editable = isEventEditable(event);

  function toggle(isActive: boolean) {
    setActive.mutate({ id: event.id, isActive }, notifyOutcome(isActive ? t.activated : t.deactivated, t.toggleFailed));
  }

  return (
    <>
      {editable ? (
        <span className="mr-1 inline-flex" title={event.isActive ? t.active : t.inactive}>
          <Toggle checked={event.isActive} onChange={toggle} disabled={setActive.isPending} label={event.isActive ? t.deactivate(event.title) : t.activate(event.title)} srOnlyLabel />
        </span>
      ) : null}
      {editable ? (
        <IconButton label={t.edit(event.title)} onClick={onEdit}>
          <PencilIcon />
        </IconButton>
      ) : (
        <Button size="sm" variant="secondary" aria-label={t.view(event.title)} onClick={onEdit}>
          {t.viewButton}
        </Button>
      )}
      {editable ? (
        <Button size="sm" variant="secondary" aria-label={itAdmin.notices.open(event.title)} onClick={onNotice}>
          {itAdmin.notices.button}
        </Button>
      ) : null}
      {isEventPostponable(event) ? (
        <Button size="sm" variant="secondary" aria-label={itAdmin.postponeEvent.open(event.title)} onClick={onPostpone}>
          {itAdmin.postponeEvent.button}
        </Button>
      ) : null}
      <Button size="sm" variant="secondary" aria-label={editable ? itAdmin.cancelEvent.open(event.title) : itAdmin.cancelEvent.progressOpen(event.title)} onClick={onCancel}>
        {editable ? itAdmin.cancelEvent.button : itAdmin.cancelEvent.progressButton}
      </Button>
      {editable ? (
        <IconButton label={t.remove(event.title)} onClick={onDelete} look="danger">
          <TrashIcon />
        </IconButton>
      ) : null}
    </>
  );
}
