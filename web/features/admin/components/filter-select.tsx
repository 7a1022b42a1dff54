import { inputClass, labelClass } from "../../../components/field";

/** A labelled filter above an admin list: "all" first, then the options. */
export function FilterSelect<V extends string>({
  id,
  label,
  allLabel,
  value,
  options,
  onChange,
  className = "",
}: {
  id: string;
  label: string;
  allLabel: string;
  value: V | "";
  options: readonly { value: V; label: string }[];
  onChange: (value: V | "") => void;
  className?: string;
}) {
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <select id={id} className={`${inputClass} ${className}`} value={value} onChange={(e) => onChange(e.target.value as V | "")}>
        <Choices none={allLabel} options={options} />
      </select>
    </div>
  );
}

/** A select's options: one per item, after an empty one ("all", "choose…") when `none` names it. */
export function Choices({ none, options }: { none?: string; options: readonly { value: string | number; label: string }[] }) {
  return (
    <>
      {none === undefined ? null : <option value="">{none}</option>}
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </>
  );
}
