import { Modal } from "../../../components/modal";
import { useT } from "../../../i18n/lang";

export function DescriptionDialog({ title, description, open, onClose }: { title: string; description: string; open: boolean; onClose: () => void }) {
  const tr = useT();
  return (
    <Modal open={open} onClose={onClose} title={title} description={tr.eventCard.descriptionTitle}>
      <p className="text-sm leading-7 whitespace-pre-line text-slate-700">{description}</p>
    </Modal>
  );
}
