import { useEffect, useState, type FormEvent } from "react";
import { Button } from "../../../components/button";
import { Field, hintId, inputClass } from "../../../components/field";
import { itAdmin } from "../../../i18n/it-admin";

/** One labelled text filter with its own Cerca button: the URL changes when it is submitted, not at each key. */
export function SearchField({
  id,
  label,
  hint,
  value,
  onSearch,
  className,
  autoCapitalize,
  named = true,
}: {
  id: string;
  label: string;
  hint: string;
  value: string;
  onSearch: (value: string) => void;
  className?: string;
  /** "characters" where what is sought is written in capitals (a booking's code, a plate). */
  autoCapitalize?: string;
  /** The search landmark takes the field's name, as a page with several searches needs; a page with one leaves it unnamed (it would only repeat the field's label). */
  named?: boolean;
}) {
  const [text, setText] = useState(value);
  // Back and forward move the URL: the field follows it.
  useEffect(() => setText(value), [value]);
  function submit(e: FormEvent) {
    e.preventDefault();
    onSearch(text);
  }
  return (
    <form role="search" onSubmit={submit} aria-label={named ? label : undefined} className={className}>
      <Field label={label} htmlFor={id} hint={hint}>
        <div className="flex gap-2">
          <input
            id={id}
            type="search"
            className={`${inputClass} font-mono`}
            value={text}
            onChange={(e) => setText(e.target.value)}
            aria-describedby={hintId(id)}
            autoComplete="off"
            autoCapitalize={autoCapitalize}
            spellCheck={false}
            maxLength={100}
          />
          <Button type="submit">{itAdmin.bookings.searchButton}</Button>
        </div>
      </Field>
    </form>
  );
}
