import { useAtomValue } from "jotai";
import { useRef, useState } from "react";
import { Button } from "../../../components/button";
import { Modal } from "../../../components/modal";
import { notify } from "../../../components/notify";
import { itAdmin } from "../../../i18n/it-admin";
import { errorMessage } from "../../../lib/api";
import { categoriesQueryAtom } from "../../../lib/queries";
import { useDiscardGuard } from "../components/discard-guard";
import { draftFromEvent, emptyDraft, type EventPayload } from "./event-draft";
import { EventForm } from "./event-form";
import { reorderRatesAtom, saveEventAtom, setRateFlagAtom } from "./queries";
import { EventOverstays } from "./event-overstays";
import type { EventDto } from "./types";

const t = itAdmin.eventModal;
const FORM_ID = "admin-event-form";

/** Create (event = null) or edit an event; the form is rebuilt each time the modal opens. */
export function EventModal({ open, event, onClose, readOnly = false }: { open: boolean; event: EventDto | null; onClose: () => void; readOnly?: boolean }) {
  const categories = useAtomValue(categoriesQueryAtom);
  const save = useAtomValue(saveEventAtom);
  const setRateFlag = useAtomValue(setRateFlagAtom);
  const reorderRates = useAtomValue(reorderRatesAtom);
  const [serverError, setServerError] = useState<string | null>(null);
  const dirty = useRef(false);
  const isEdit = event !== null;

  function close() {
    if (save.isPending) return;
    setServerError(null);
    dirty.current = false;
    onClose();
  }
  const guard = useDiscardGuard(() => dirty.current, close);

  function submit(payload: EventPayload) {
    setServerError(null);
    save.mutate(
      { id: event?.id ?? null, payload },
      {
        onSuccess: () => {
          notify.success(isEdit ? t.updated : t.created);
          dirty.current = false;
          onClose();
        },
        onError: (err) => {
          const message = errorMessage(err, isEdit ? t.updateFailed : t.createFailed);
          setServerError(message);
          notify.error(message);
        },
      },
    );
  }

  async function toggleRate(rateId: number, field: "isVisible" | "isPayable", value: boolean) {
    try {
      await setRateFlag.mutateAsync({ rateId, field, value });
      notify.success(field === "isVisible" ? (value ? t.visibilityOn : t.visibilityOff) : value ? t.payabilityOn : t.payabilityOff);
      return true;
    } catch (err) {
      notify.error(errorMessage(err, field === "isVisible" ? t.visibilityFailed : t.payabilityFailed));
      return false;
    }
  }

  async function saveRateOrder(orderedRateIds: number[]) {
    if (!event) return true;
    try {
      await reorderRates.mutateAsync({ eventId: event.id, orderedRateIds });
      notify.success(t.rateOrderSaved);
      return true;
    } catch {
      notify.error(t.rateOrderFailed);
      return false;
    }
  }

  return (
    <Modal
      open={open}
      onClose={() => (save.isPending ? undefined : guard.requestClose())}
      title={readOnly ? t.viewTitle : isEdit ? t.editTitle : t.createTitle}
      size="xl"
      footer={
        readOnly ? (
          <Button variant="secondary" onClick={close}>
            {t.close}
          </Button>
        ) : (
          <>
            <Button variant="secondary" onClick={close} disabled={save.isPending}>
              {t.cancel}
            </Button>
            <Button type="submit" form={FORM_ID} disabled={save.isPending}>
              {save.isPending ? t.saving : isEdit ? t.save : t.create}
            </Button>
          </>
        )
      }
    >
      {open && readOnly && event ? (
        // A cancelled event is read-only: everything stays readable (its rates too), nothing can change.
        <fieldset disabled data-testid="event-read-only" className="contents">
          <EventForm formId={FORM_ID} initial={draftFromEvent(event)} categories={categories.data ?? []} disabled onSubmit={() => undefined} />
        </fieldset>
      ) : open ? (
        <EventForm
          formId={FORM_ID}
          initial={event ? draftFromEvent(event) : emptyDraft()}
          categories={categories.data ?? []}
          disabled={save.isPending}
          serverError={serverError}
          onSubmit={submit}
          onToggleRate={isEdit ? toggleRate : undefined}
          onReorderRates={isEdit ? saveRateOrder : undefined}
          dirtyRef={dirty}
        />
      ) : null}
      {open && event && !event.isAlwaysActive ? <EventOverstays eventId={event.id} /> : null}
      {guard.dialog}
    </Modal>
  );
}
