import { KeyboardSensor, PointerSensor, useSensor, useSensors, type Announcements, type UniqueIdentifier } from "@dnd-kit/core";
import { sortableKeyboardCoordinates } from "@dnd-kit/sortable";
import { itAdmin } from "../../../i18n/it-admin";

/** Mouse/touch drag after 4 px (so clicks on the handle stay clicks) and keyboard: space, arrows, space. */
export function useSortSensors() {
  return useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
}

/** Italian screen-reader announcements for a sortable list. */
export function sortAccessibility(labelOf: (id: UniqueIdentifier) => string, ids: UniqueIdentifier[]) {
  const t = itAdmin.sortable;
  const position = (id: UniqueIdentifier | undefined) => (id === undefined ? 0 : ids.indexOf(id) + 1);
  const announcements: Announcements = {
    onDragStart: ({ active }) => t.dragStart(labelOf(active.id)),
    onDragOver: ({ active, over }) => (over ? t.dragOver(labelOf(active.id), position(over.id)) : undefined),
    onDragEnd: ({ active, over }) => (over ? t.dragEnd(labelOf(active.id), position(over.id)) : undefined),
    onDragCancel: ({ active }) => t.dragCancel(labelOf(active.id)),
  };
  return { announcements, screenReaderInstructions: { draggable: t.instructions } };
}

export function transformStyle(transform: { x: number; y: number } | null, transition: string | undefined) {
  return {
    transform: transform ? `translate3d(${Math.round(transform.x)}px, ${Math.round(transform.y)}px, 0)` : undefined,
    transition,
  };
}
