import type { Dispatch, SetStateAction } from "react";

/** What a text field of a form needs: its name and value, whether the last check found it wrong, how it changes. */
export type BoundField = { name: string; value: string; invalid: boolean; onChange: (value: string) => void };

/** Binds a form's fields to its values and to the fields its last check named (`wrong`). */
export function fieldBinder<V extends Record<string, string>>(values: V, setValues: Dispatch<SetStateAction<V>>, wrong: readonly string[] | undefined) {
  return (k: keyof V & string): BoundField => ({
    name: k,
    value: values[k],
    invalid: wrong?.includes(k) ?? false,
    onChange: (value) => setValues((s) => ({ ...s, [k]: value })),
  });
}
