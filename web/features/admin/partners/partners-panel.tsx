import { cleanTranslations, type Translations } from "../../../../shared/translations";
import { TranslatedText } from "../components/translated-text";
import { useAtomValue } from "jotai";
import { useId, useState } from "react";
import { Alert } from "../../../components/alert";
import { Button } from "../../../components/button";
import { Card, CardHeader } from "../../../components/card";
import { inputClass } from "../../../components/field";
import { IconButton } from "../../../components/icon-button";
import { PhotoIcon } from "../../../components/icons";
import { Modal } from "../../../components/modal";
import { notify } from "../../../components/notify";
import { ProgressBar } from "../../../components/progress-bar";
import { it } from "../../../i18n/it";
import { itAdmin } from "../../../i18n/it-admin";
import { errorMessage } from "../../../lib/api";
import { TrashIcon } from "../components/admin-icons";
import { ConfirmDialog } from "../components/confirm-dialog";
import { uploadImage } from "../components/upload";
import { createPartnerAtom, deletePartnerAtom } from "../queries";
import { checkPartnerFiles, defaultPartnerName, PARTNER_TYPES } from "./partner-files";

const t = itAdmin.partners;

type Partner = { id: number; name: string; nameTranslations?: Translations; imageUrl: string; isActive: boolean; sortOrder: number };
type Upload = { id: string; fileName: string; progress: number; status: "uploading" | "done" | "error" };
type Pending = { id: string; name: string; nameTranslations: Translations; imageUrl: string; previewUrl: string };

let uploadSeq = 0;

export function PartnersPanel({ partners }: { partners: Partner[] }) {
  const createPartner = useAtomValue(createPartnerAtom);
  const removePartner = useAtomValue(deletePartnerAtom);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [selectionErrors, setSelectionErrors] = useState<string[]>([]);
  const [pending, setPending] = useState<Pending[]>([]);
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<Partner | null>(null);
  const uploading = uploads.some((u) => u.status === "uploading");

  function select(fileList: FileList | null) {
    const files = Array.from(fileList ?? []);
    if (files.length === 0) return;
    const { accepted, errors } = checkPartnerFiles(files);
    setSelectionErrors(errors);
    for (const index of accepted) void upload(files[index]);
  }

  async function upload(file: File) {
    uploadSeq += 1;
    const id = `u${uploadSeq}`;
    setUploads((list) => [...list, { id, fileName: file.name, progress: 0, status: "uploading" }]);
    const patch = (p: Partial<Upload>) => setUploads((list) => list.map((u) => (u.id === id ? { ...u, ...p } : u)));
    try {
      const objectPath = await uploadImage("partner", file, (progress) => patch({ progress }));
      patch({ status: "done", progress: 1 });
      setPending((list) => [...list, { id, name: defaultPartnerName(file.name), nameTranslations: {}, imageUrl: objectPath, previewUrl: objectPath }]);
    } catch (err) {
      patch({ status: "error" });
      notify.error(t.uploadError, `${t.uploadFailed(file.name)}${errorMessage(err, "") ? ` – ${errorMessage(err, "")}` : ""}`);
    }
  }

  function closeDialog() {
    if (uploading) {
      notify.error(itAdmin.crop.uploadingTitle, itAdmin.crop.uploadingWait);
      return;
    }
    setDialogOpen(false);
    setUploads([]);
    setSelectionErrors([]);
  }

  async function createAll() {
    // Spec §5: nothing happens without pending items.
    if (pending.length === 0) return;
    setCreating(true);
    const base = partners.length;
    let failed = false;
    for (const [i, item] of pending.entries()) {
      try {
        // Spec §3: current partner count plus the position in the batch.
        await createPartner.mutateAsync({ name: item.name.trim() || t.defaultName, nameTranslations: cleanTranslations(item.nameTranslations), imageUrl: item.imageUrl, sortOrder: base + i + 1 });
        setPending((list) => list.filter((p) => p.id !== item.id));
      } catch {
        failed = true;
        break;
      }
    }
    setCreating(false);
    if (failed) notify.error(it.common.error, t.createFailed);
    else notify.success(t.createdTitle, t.createdBody);
  }

  function confirmDelete() {
    if (!deleting) return;
    removePartner.mutate(deleting.id, {
      onSuccess: () => notify.success(t.deletedTitle, t.deletedBody),
      onError: () => notify.error(it.common.error, t.deleteFailed),
      onSettled: () => setDeleting(null),
    });
  }

  return (
    <div className="space-y-6">
      <Card>
        <div className="flex flex-wrap items-center justify-between gap-3 px-5 py-4">
          <p className="text-sm text-slate-600">{t.hint}</p>
          <Button onClick={() => setDialogOpen(true)}>{t.select}</Button>
        </div>
        {pending.length > 0 ? (
          <div className="border-t border-slate-200 px-5 py-4">
            <h2 className="text-sm font-semibold text-slate-800">{t.uploaded(pending.length)}</h2>
            <ul className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
              {pending.map((item, i) => (
                <li key={item.id} data-testid="pending-partner" className="flex items-center gap-3 rounded-lg border border-slate-200 p-3">
                  <img src={item.previewUrl} alt="" className="size-14 shrink-0 rounded-md border border-slate-100 bg-white object-contain" />
                  <div className="min-w-0 flex-1">
                    <TranslatedText
                      id={`pending-${item.id}`}
                      label={t.nameLabel(i + 1)}
                      italianValue={item.name}
                      translations={item.nameTranslations}
                      onChange={(next) => setPending((list) => list.map((p) => (p.id === item.id ? { ...p, nameTranslations: next } : p)))}
                      maxLength={100}
                      italian={
                        <>
                          <label htmlFor={`pending-${item.id}`} className="sr-only">
                            {t.nameLabel(i + 1)}
                          </label>
                          <input
                            id={`pending-${item.id}`}
                            className={inputClass}
                            value={item.name}
                            disabled={creating}
                            onChange={(e) => setPending((list) => list.map((p) => (p.id === item.id ? { ...p, name: e.target.value } : p)))}
                          />
                        </>
                      }
                    />
                  </div>
                  <IconButton
                    label={t.removePending(item.name)}
                    disabled={creating}
                    onClick={() => setPending((list) => list.filter((p) => p.id !== item.id))}
                    className="hover:text-red-600"
                  >
                    <TrashIcon />
                  </IconButton>
                </li>
              ))}
            </ul>
            <div className="mt-4 flex justify-end">
              <Button onClick={createAll} disabled={creating}>
                {creating ? t.creating : t.create(pending.length)}
              </Button>
            </div>
          </div>
        ) : null}
      </Card>

      <Card>
        <CardHeader title={t.existing(partners.length)} />
        <div className="p-5">
          {partners.length === 0 ? (
            <p className="py-8 text-center text-sm text-slate-600">{t.empty}</p>
          ) : (
            <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-5">
              {partners.map((partner) => (
                <PartnerTile key={partner.id} partner={partner} onDelete={() => setDeleting(partner)} />
              ))}
            </ul>
          )}
        </div>
      </Card>

      <UploadDialog open={dialogOpen} uploads={uploads} errors={selectionErrors} onSelect={select} onClose={closeDialog} />

      <ConfirmDialog
        open={deleting !== null}
        title={t.deleteTitle}
        message={deleting ? t.deleteConfirm(deleting.name) : ""}
        busy={removePartner.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </div>
  );
}

function PartnerTile({ partner, onDelete }: { partner: Partner; onDelete: () => void }) {
  const [broken, setBroken] = useState(false);
  return (
    <li data-testid="partner-tile" className="group relative overflow-hidden rounded-lg border border-slate-200 bg-white">
      <div className="flex aspect-[3/2] items-center justify-center bg-slate-50 p-3">
        {broken ? (
          <span className="flex flex-col items-center gap-1 text-center text-xs text-slate-600">
            <PhotoIcon className="size-6" />
            {t.imageUnavailable}
          </span>
        ) : (
          <img src={partner.imageUrl} alt={partner.name} className="max-h-full max-w-full object-contain" onError={() => setBroken(true)} />
        )}
      </div>
      <div className="flex items-center justify-between gap-2 border-t border-slate-100 px-3 py-2">
        <p className="truncate text-sm font-medium text-slate-800">{partner.name}</p>
        <span className={`shrink-0 rounded-full px-1.5 text-[11px] font-medium ${partner.isActive ? "bg-emerald-50 text-emerald-700" : "bg-slate-100 text-slate-600"}`}>
          {partner.isActive ? t.activeBadge : t.inactiveBadge}
        </span>
      </div>
      <IconButton
        label={t.remove(partner.name)}
        onClick={onDelete}
        look="dangerSolid"
        small
        className="absolute right-2 top-2 opacity-0 focus:opacity-100 group-hover:opacity-100 group-focus-within:opacity-100 pointer-coarse:opacity-100"
      >
        <TrashIcon />
      </IconButton>
    </li>
  );
}

type UploadDialogProps = { open: boolean; uploads: Upload[]; errors: string[]; onSelect: (files: FileList | null) => void; onClose: () => void };

function UploadDialog({ open, uploads, errors, onSelect, onClose }: UploadDialogProps) {
  const inputId = useId();
  const active = uploads.filter((u) => u.status === "uploading").length;
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={t.dialogTitle}
      description={t.hint}
      footer={
        <Button variant={active ? "secondary" : "primary"} onClick={onClose}>
          {uploads.length > 0 ? t.uploadDone : t.close}
        </Button>
      }
    >
      <div className="space-y-4">
        <label
          htmlFor={inputId}
          className="flex cursor-pointer flex-col items-center justify-center gap-2 rounded-lg border-2 border-dashed border-slate-300 px-4 py-8 text-center hover:border-blue-400 hover:bg-blue-50/40 has-[:focus-visible]:border-blue-500"
          onDragOver={(e) => e.preventDefault()}
          onDrop={(e) => {
            e.preventDefault();
            onSelect(e.dataTransfer.files);
          }}
        >
          <PhotoIcon className="size-8 text-slate-500" />
          <span className="text-sm font-medium text-blue-700">{t.chooseFiles}</span>
          <span className="text-xs text-slate-600">{t.dropHint}</span>
          <input
            id={inputId}
            type="file"
            multiple
            accept={PARTNER_TYPES.join(",")}
            className="sr-only"
            onChange={(e) => {
              onSelect(e.target.files);
              e.target.value = "";
            }}
          />
        </label>
        {errors.length > 0 ? (
          <div className="space-y-1">
            {errors.map((message) => (
              <Alert key={message} tone="error" role="alert">{message}</Alert>
            ))}
          </div>
        ) : null}
        {active > 0 ? <p className="text-sm font-medium text-slate-700" role="status">{t.uploadingCount(active)}</p> : null}
        {uploads.length > 0 ? (
          <ul className="space-y-2">
            {uploads.map((u) => (
              <li key={u.id} className="space-y-1">
                <div className="flex justify-between gap-2 text-sm">
                  <span className="truncate text-slate-700">{u.fileName}</span>
                  <span className={`shrink-0 tabular-nums ${u.status === "error" ? "text-red-700" : "text-slate-600"}`}>
                    {u.status === "error" ? t.uploadError : `${Math.round(u.progress * 100)}%`}
                  </span>
                </div>
                <ProgressBar value={u.progress * 100} label={u.fileName} tone={u.status === "error" ? "red" : u.status === "done" ? "emerald" : "blue"} />
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </Modal>
  );
}
