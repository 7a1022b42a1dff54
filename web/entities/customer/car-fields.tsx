import { TextField } from "../../components/field";
import { useT } from "../../i18n/lang";
import type { BoundField } from "./bind-field";

/** The plate and the car: the same two fields, rules and hints in the booking and the presale forms. */
export function CarFields({ plate, carModel, plateLabel, carModelLabel }: { plate: BoundField; carModel: BoundField; plateLabel: string; carModelLabel: string }) {
  const tr = useT();
  return (
    <>
      <TextField
        label={plateLabel}
        autoCapitalize="characters"
        placeholder={tr.booking.placeholders.licensePlate}
        maxLength={14}
        {...plate}
        onChange={(v) => plate.onChange(v.toUpperCase())}
      />
      <TextField label={carModelLabel} placeholder={tr.booking.placeholders.carModel} maxLength={60} {...carModel} />
    </>
  );
}
