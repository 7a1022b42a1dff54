import { Button } from "../../../components/button";

/** A form's submit button on its own row: "Salva", then "Salvataggio..." while the request runs. */
export function SubmitRow({ busy, label, busyLabel, className = "flex justify-end" }: { busy: boolean; label: string; busyLabel: string; className?: string }) {
  return (
    <div className={className}>
      <Button type="submit" disabled={busy}>
        {busy ? busyLabel : label}
      </Button>
    </div>
  );
}
