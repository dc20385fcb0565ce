import type { ReactNode } from 'react';
import { DateRangeField, SelectField, TextField } from './search-form';

/**
 * How a list names its search fields: each field's key gives its label and test id by one rule
 * (`list.filter.<key>`, `phone-filter-<key>`), so a form lists only what differs per field.
 */
export interface SearchFieldNaming<K extends string> {
  /** The field's label, translated. */
  label: (key: K) => string;
  testId: (key: K) => string;
}

/**
 * One field of a list's search form: free text (part of it matches), a choice of one of `options`
 * (cleared, it filters nothing) or a range of days. `name`, the field's key in the form's values,
 * is `key` unless given.
 */
export type SearchFieldSpec<K extends string> =
  | { key: K; name?: string; text: { placeholder: string; maxLength: number } }
  | { key: K; name?: string; options: readonly { value: string | number; label: ReactNode }[] }
  | { key: K; range: true };

/** The fields of a `SearchForm`, described by `fields` and named by `naming`, in order. */
export function SearchFields<K extends string>({
  fields,
  naming,
}: {
  fields: readonly SearchFieldSpec<K>[];
  naming: SearchFieldNaming<K>;
}) {
  return fields.map((field) => {
    const label = naming.label(field.key);
    const testId = naming.testId(field.key);
    if ('range' in field) return <DateRangeField key={field.key} label={label} testId={testId} />;
    const name = field.name ?? field.key;
    if ('text' in field) {
      return <TextField key={field.key} name={name} label={label} testId={testId} {...field.text} />;
    }
    return <SelectField key={field.key} name={name} label={label} options={field.options} testId={testId} />;
  });
}
