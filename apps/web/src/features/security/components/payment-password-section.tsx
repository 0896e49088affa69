/**
 * The payment password, a section of the security centre: set a first one, or change it with the
 * current one. The login password is asked again. The form checks the contract's rule (six
 * digits, confirmation) before sending; the server's answer marks the field it is about.
 */
import { QueryState } from '../../../components/load-state';
import '../strings';
import type { Language } from '@khela/contract/language';
import { paymentPasswordFormSchema } from '@khela/contract/security';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/spinner';
import { ApiError } from '../../../lib/api-client';
import { useLanguage } from '../../../lib/i18n';
import { showToast } from '../../../lib/notify';
import { securityQueryKey, securityQueryOptions, setPaymentPassword } from '../api/security';
import formStyles from '../../../components/form.module.css';

type Field = 'password' | 'oldPaymentPassword' | 'newPaymentPassword' | 'confirmPaymentPassword';
const ORDER: readonly Field[] = [
  'password',
  'oldPaymentPassword',
  'newPaymentPassword',
  'confirmPaymentPassword',
];
const EMPTY: Record<Field, string> = {
  password: '',
  oldPaymentPassword: '',
  newPaymentPassword: '',
  confirmPaymentPassword: '',
};

export function PaymentPasswordSection({ token }: { token: string }) {
  const { t } = useTranslation();
  const id = useId();
  const summary = useQuery(securityQueryOptions(token));
  return (
    <section className={formStyles.card} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={formStyles.title}>
        {t('security.paymentTitle')}
      </h2>
      {summary.isPending || summary.isError ? (
        <QueryState query={summary} loading={<Spinner label={t('common.loading')} />} />
      ) : (
        <>
          <p className={formStyles.muted}>
            {summary.data.paymentPasswordSet
              ? t('security.paymentChangeIntro')
              : t('security.paymentSetIntro')}
          </p>
          <PaymentPasswordForm changing={summary.data.paymentPasswordSet} />
        </>
      )}
    </section>
  );
}

function validate(values: Record<Field, string>, language: Language, changing: boolean) {
  const result = paymentPasswordFormSchema(language, changing).safeParse(values);
  const errors: Partial<Record<Field, string>> = {};
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = issue.path[0] as Field;
      errors[field] ??= issue.message;
    }
  }
  return errors;
}

function PaymentPasswordForm({ changing }: { changing: boolean }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const id = useId();
  const queryClient = useQueryClient();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const save = useMutation({ meta: { silent: true }, mutationFn: setPaymentPassword });
  const fields = ORDER.filter((name) => changing || name !== 'oldPaymentPassword');

  const set = (name: Field, value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => ({ ...current, [name]: undefined }));
  };
  const focus = (name: Field) => document.getElementById(`${id}-${name}`)?.focus();
  const fail = (next: Partial<Record<Field, string>>) => {
    setErrors(next);
    const first = ORDER.find((name) => next[name]);
    if (first) focus(first);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const problems = validate(values, language, changing);
    if (Object.keys(problems).length > 0) {
      fail(problems);
      return;
    }
    try {
      await save.mutateAsync({
        password: values.password,
        ...(changing ? { oldPaymentPassword: values.oldPaymentPassword } : {}),
        newPaymentPassword: values.newPaymentPassword,
        confirmPaymentPassword: values.confirmPaymentPassword,
      });
      showToast(t('security.paymentSaved'), 'success');
      setValues(EMPTY);
      setErrors({});
      await queryClient.invalidateQueries({ queryKey: securityQueryKey });
    } catch (caught) {
      if (!(caught instanceof ApiError)) throw caught;
      const tries =
        typeof caught.data?.triesLeft === 'number'
          ? ` ${t('security.triesLeft', { count: caught.data.triesLeft })}`
          : '';
      const server = caught.data?.fields as Record<string, string[]> | undefined;
      if (caught.errorCode === 'wallet.reauthFailed') {
        set('password', '');
        fail({ password: caught.message + tries });
      } else if (caught.errorCode === 'wallet.paymentPasswordWrong') {
        set('oldPaymentPassword', '');
        fail({ oldPaymentPassword: caught.message + tries });
      } else if (caught.errorCode === 'modify.new.old.same') {
        fail({ newPaymentPassword: caught.message });
      } else if (server && ORDER.some((name) => server[name]?.[0])) {
        const next: Partial<Record<Field, string>> = {};
        for (const name of ORDER) if (server[name]?.[0]) next[name] = server[name][0];
        fail(next);
      } else {
        showToast(caught.message, 'error');
      }
    }
  };

  const label: Record<Field, string> = {
    password: t('security.loginPassword'),
    oldPaymentPassword: t('security.oldPaymentPassword'),
    newPaymentPassword: t('security.newPaymentPassword'),
    confirmPaymentPassword: t('security.confirmPaymentPassword'),
  };

  return (
    <form className={formStyles.form} noValidate onSubmit={(event) => void onSubmit(event)}>
      {fields.map((name) => {
        const digits = name !== 'password';
        const hint = name === 'newPaymentPassword' ? t('security.paymentHint') : '';
        const note = errors[name] ?? hint;
        return (
          <div key={name} className={formStyles.field}>
            <label htmlFor={`${id}-${name}`} className={formStyles.label}>
              {label[name]}
            </label>
            <input
              id={`${id}-${name}`}
              className={formStyles.input}
              type="password"
              autoComplete={digits ? 'off' : 'current-password'}
              inputMode={digits ? 'numeric' : undefined}
              value={values[name]}
              aria-invalid={errors[name] ? true : undefined}
              aria-describedby={note ? `${id}-${name}-note` : undefined}
              onChange={(event) => set(name, event.target.value)}
            />
            {note && (
              <p
                id={`${id}-${name}-note`}
                className={errors[name] ? formStyles.error : formStyles.muted}
              >
                {note}
              </p>
            )}
          </div>
        );
      })}
      <button type="submit" className={formStyles.primary} disabled={save.isPending}>
        {changing ? t('security.changePayment') : t('security.setPayment')}
      </button>
    </form>
  );
}
