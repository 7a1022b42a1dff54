import { TextField } from "../../components/field";
import { useT } from "../../i18n/lang";

/** The plate and the car: the same two fields, rules and hints in the booking and the presale forms. */
export function CarFields({
  plate,
  carModel,
  names,
  invalidPlate,
  invalidCarModel,
  onPlate,
  onCarModel,
}: {
  plate: string;
  carModel: string;
  names: { plate: string; carModel: string; plateLabel: string; carModelLabel: string };
  invalidPlate: boolean;
  invalidCarModel: boolean;
  onPlate: (value: string) => void;
  onCarModel: (value: string) => void;
}) {
  const tr = useT();
  return (
    <>
      <TextField
        label={names.plateLabel}
        name={names.plate}
        autoCapitalize="characters"
        placeholder={tr.booking.placeholders.licensePlate}
        maxLength={14}
        value={plate}
        invalid={invalidPlate}
        onChange={(v) => onPlate(v.toUpperCase())}
      />
      <TextField
        label={names.carModelLabel}
        name={names.carModel}
        placeholder={tr.booking.placeholders.carModel}
        maxLength={60}
        value={carModel}
        invalid={invalidCarModel}
        onChange={onCarModel}
      />
    </>
  );
}
