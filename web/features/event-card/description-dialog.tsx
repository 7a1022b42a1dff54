import { Modal } from "../../components/modal";
import { it } from "../../i18n/it";

export function DescriptionDialog({ title, description, open, onClose }: { title: string; description: string; open: boolean; onClose: () => void }) {
  return (
    <Modal open={open} onClose={onClose} title={title} description={it.eventCard.descriptionTitle}>
      <p className="text-sm leading-7 whitespace-pre-line text-slate-700">{description}</p>
    </Modal>
  );
}
