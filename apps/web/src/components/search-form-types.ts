// What the search form's light part (search-form.tsx) and its antd controls (search-form-controls.tsx)
// share: their props and the layout of the form around a field.
import { createContext, useContext, type ReactNode } from 'react';
import type { SearchFormLayout } from '../lib/use-search-form-layout';

/** What a list's search form reports to its page. */
export interface SearchFormActions<V> {
  onSearch: (values: V) => void;
  /** Called after the fields were cleared. */
  onReset: () => void;
}

export interface SearchFormProps<V> extends SearchFormActions<V> {
  /** How wide selects and inputs are in a row (they take the full width on a phone). */
  fieldWidth: number;
  /** The form's test id; its buttons get `<testId>-submit` and `<testId>-reset`. */
  testId: string;
  /** The list's fields (`SelectField`, `TextField`, `DateRangeField`) named after the keys of `V`. */
  children: ReactNode;
  /** Values the fields start with (a list opened from a link with its filters); Reset clears them. */
  initialValues?: Partial<V>;
}

export interface DateRangeFieldProps {
  label: ReactNode;
  testId: string;
}

export interface SelectFieldProps<V extends string | number> {
  /** The field's key in the form's values. */
  name: string;
  label: ReactNode;
  /** Entries with more fields (dictionary entries) may be given as they are: only these two are used. */
  options: readonly { value: V; label: ReactNode }[];
  testId: string;
  /** Long lists (string labels): typing filters the options by label. */
  searchable?: boolean;
}

export interface TextFieldProps {
  /** The field's key in the form's values (the page trims it before sending). */
  name: string;
  label: ReactNode;
  placeholder: string;
  maxLength: number;
  testId: string;
}

export const SearchLayoutContext = createContext<SearchFormLayout | null>(null);

/** The field styles of the search form around the caller, for a field of its own (e.g. an Input). */
export function useSearchFieldStyles(): SearchFormLayout {
  const layout = useContext(SearchLayoutContext);
  if (!layout) throw new Error('a search field is used outside a SearchForm');
  return layout;
}
