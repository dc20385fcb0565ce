import { useEffect, useRef, useState } from 'react';
import type { Problem } from '../features/account/validators';

export type Values = Record<string, string>;
/** A field's check: the message to show, or undefined. May be async (the common-password check). */
export type Check<V extends Values> = (value: string, values: V) => Problem | Promise<Problem>;
export type Checks<V extends Values> = Partial<Record<keyof V & string, Check<V>>>;

export interface FormState<V extends Values> {
  values: V;
  /** Messages under each field (the check's, or the server's). */
  errors: Partial<Record<keyof V & string, string[]>>;
  /** The user typed: the value changes and the field (and those that depend on it) is checked, as antd does. */
  change(name: keyof V & string, value: string): void;
  /** The program sets a value: nothing is checked (antd setFieldValue). */
  setValue(name: keyof V & string, value: string): void;
  setErrors(name: keyof V & string, errors: string[]): void;
  /** Checks `names` (default: every checked field); resolves with the values when all pass. */
  validate(names?: Array<keyof V & string>): Promise<V | null>;
}

/**
 * The state of a plain form with antd's validation timing: a field is checked on every change and
 * all are checked on submit; a field that was checked is checked again when a field it depends on
 * changes (the confirmation follows the password). `checks` may change between renders.
 */
export function useForm<V extends Values>(
  initial: V,
  checks: Checks<V>,
  dependents: Partial<Record<keyof V & string, Array<keyof V & string>>> = {},
): FormState<V> {
  const [values, setValues] = useState(initial);
  const [errors, setErrorState] = useState<FormState<V>['errors']>({});
  const latest = useRef({ values, checks });
  // The checks of the last render (they follow the language and, on login, the step-up field).
  useEffect(() => {
    latest.current.checks = checks;
  });
  const checked = useRef(new Set<string>());
  // An async check that was overtaken by a newer one for its field must not show its answer.
  const runs = useRef(new Map<string, number>());

  const setErrors = (name: keyof V & string, list: string[]) =>
    setErrorState((current) => ({ ...current, [name]: list }));

  const check = async (name: keyof V & string): Promise<boolean> => {
    checked.current.add(name);
    const run = (runs.current.get(name) ?? 0) + 1;
    runs.current.set(name, run);
    const current = latest.current.values;
    const problem = await latest.current.checks[name]?.(current[name] ?? '', current);
    if (runs.current.get(name) === run) setErrors(name, problem ? [problem] : []);
    return !problem;
  };

  const setValue = (name: keyof V & string, value: string) => {
    latest.current.values = { ...latest.current.values, [name]: value };
    setValues(latest.current.values);
  };

  return {
    values,
    errors,
    setErrors,
    setValue,
    change(name, value) {
      setValue(name, value);
      void check(name);
      for (const dependent of dependents[name] ?? []) {
        if (checked.current.has(dependent)) void check(dependent);
      }
    },
    async validate(names) {
      const fields = names ?? (Object.keys(latest.current.checks) as Array<keyof V & string>);
      const results = await Promise.all(fields.map(check));
      return results.every(Boolean) ? latest.current.values : null;
    },
  };
}

/** What the control of field `name` needs: its id (the field name), value, change and error state. */
export function bind<V extends Values>(form: FormState<V>, name: keyof V & string) {
  return {
    id: name,
    value: form.values[name] ?? '',
    onChange: (value: string) => form.change(name, value),
    invalid: Boolean(form.errors[name]?.length),
  };
}
