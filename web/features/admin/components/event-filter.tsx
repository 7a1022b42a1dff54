import { useAtomValue } from "jotai";
import { itAdmin } from "../../../i18n/it-admin";
import { adminEventsQueryAtom } from "../events/queries";
import { FilterSelect } from "./filter-select";

/** "Evento" above an admin list (bookings, payments, waiting lists): every event, or one by its id. */
export function EventFilter({ id, value, onChange }: { id: string; value: string; onChange: (eventId: string) => void }) {
  const events = useAtomValue(adminEventsQueryAtom);
  return (
    <FilterSelect
      id={id}
      label={itAdmin.bookings.filterEvent}
      allLabel={itAdmin.bookings.allEvents}
      className="sm:min-w-56"
      value={value}
      options={(events.data ?? []).map((event) => ({ value: String(event.id), label: event.title }))}
      onChange={onChange}
    />
  );
}
