/**
 * Form state without a form library: values, which fields were touched, the rule errors of every
 * field and the server's per-field errors. A field shows its rule errors once touched (changed or
 * left) or after a submit; a server error shows until the field changes. Messages follow the
 * language 200 ms after it changes (DEBOUNCE_MS.validationOnLanguageChange), when the rules run
 * again.
 *
 * `useForm(initial, validate)` does it all; a form whose rules need something computed from its
 * own values (the username availability) calls `useFormState` and `withRules` in two steps.
 */
import { DEBOUNCE_MS } from '@khela/contract/constants';
import type { Language } from '@khela/contract/language';
import { useCallback, useEffect, useId, useState } from 'react';
import { useLanguage } from '../../../lib/i18n';

export type FieldErrors<F extends string> = Partial<Record<F, string[]>>;
export type Validator<F extends string> = (
  values: Record<F, string>,
  language: Language,
) => FieldErrors<F>;

/** The language validation messages are in: the UI language, 200 ms behind a change. */
export function useValidationLanguage(): Language {
  const language = useLanguage();
  const [settled, setSettled] = useState(language);
  useEffect(() => {
    if (settled === language) return;
    const timer = setTimeout(() => setSettled(language), DEBOUNCE_MS.validationOnLanguageChange);
    return () => clearTimeout(timer);
  }, [language, settled]);
  return settled;
}

export interface BoundField {
  id: string;
  name: string;
  value: string;
  onValueChange: (value: string) => void;
  onBlur: () => void;
  errors: string[];
  valid: boolean;
}

export function useFormState<F extends string>(initial: Record<F, string>) {
  const formId = useId();
  const language = useValidationLanguage();
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState<ReadonlySet<F>>(() => new Set());
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors<F>>({});

  const idOf = useCallback((name: F) => `${formId}-${name}`, [formId]);
  const focus = useCallback((name: F) => document.getElementById(idOf(name))?.focus(), [idOf]);

  const setValue = useCallback((name: F, value: string) => {
    setValues((current) => (current[name] === value ? current : { ...current, [name]: value }));
    setServerErrors((current) => {
      if (!(name in current)) return current;
      const { [name]: _dropped, ...rest } = current;
      return rest as FieldErrors<F>;
    });
  }, []);

  const touch = useCallback((name: F) => {
    setTouched((current) => (current.has(name) ? current : new Set(current).add(name)));
  }, []);

  return {
    values,
    language,
    touched,
    submitted,
    serverErrors,
    idOf,
    focus,
    setValue,
    touch,
    setSubmitted,
    setServerErrors,
    setValues,
    setTouched,
  };
}

export type FormState<F extends string> = ReturnType<typeof useFormState<F>>;

/** The form's API with its rules applied to the current values. */
export function withRules<F extends string>(state: FormState<F>, validate: Validator<F>) {
  const { values, language, touched, submitted, serverErrors, idOf, focus, setValue, touch } =
    state;
  // The rules run once per render, when first needed.
  let computed: FieldErrors<F> | undefined;
  const ruleErrors = () => (computed ??= validate(values, language));

  const errorsOf = (name: F): string[] =>
    serverErrors[name] ?? (submitted || touched.has(name) ? (ruleErrors()[name] ?? []) : []);

  return {
    values,
    language,
    errorsOf,
    setValue,
    touch,
    focus,
    idOf,
    /** Any field changed or left. */
    touchedAny: touched.size > 0,
    /** Some field breaks a rule (shown or not) or carries a server error. */
    hasErrors: () =>
      Object.values<string[] | undefined>(ruleErrors()).some((list) => !!list?.length) ||
      Object.values<string[] | undefined>(serverErrors).some((list) => !!list?.length),
    bind(name: F): BoundField {
      const errors = errorsOf(name);
      return {
        id: idOf(name),
        name,
        value: values[name],
        onValueChange: (value: string) => {
          setValue(name, value);
          touch(name);
        },
        onBlur: () => touch(name),
        errors,
        valid: errors.length === 0 && values[name] !== '' && (submitted || touched.has(name)),
      };
    },
    /**
     * Shows every rule error; answers the first failing field among `order` (display order) and
     * focuses it, or null when all pass.
     */
    submit(order: readonly F[]): F | null {
      state.setSubmitted(true);
      const errors = ruleErrors();
      const first = order.find((name) => (errors[name] ?? []).length > 0) ?? null;
      if (first) focus(first);
      return first;
    },
    /** Server answers per field; focuses the first of `order` that has one. */
    setServerErrors(errors: FieldErrors<F>, order: readonly F[] = []) {
      state.setServerErrors((current) => ({ ...current, ...errors }));
      const first = order.find((name) => (errors[name] ?? []).length > 0);
      if (first) focus(first);
    },
    /** Empties fields and forgets they were touched (a spent captcha, a wrong code). */
    clear(...names: F[]) {
      state.setValues((current) => {
        const next = { ...current };
        for (const name of names) next[name] = '';
        return next;
      });
      state.setTouched((current) => {
        const next = new Set(current);
        for (const name of names) next.delete(name);
        return next;
      });
    },
  };
}

export function useForm<F extends string>(initial: Record<F, string>, validate: Validator<F>) {
  return withRules(useFormState(initial), validate);
}

export type Form<F extends string> = ReturnType<typeof withRules<F>>;
