import type { useSortable } from "@dnd-kit/sortable";
import { IconButton } from "../../../components/icon-button";
import { GripIcon } from "./admin-icons";

export type SortHandle = Pick<ReturnType<typeof useSortable>, "attributes" | "listeners" | "setActivatorNodeRef">;

/** The grip a sortable row is dragged by (mouse, touch, or space and arrows). */
export function DragHandle({ handle, label }: { handle: SortHandle; label: string }) {
  return (
    <IconButton ref={handle.setActivatorNodeRef} {...handle.attributes} {...handle.listeners} label={label} className="cursor-grab touch-none active:cursor-grabbing">
      <GripIcon />
    </IconButton>
  );
}
