/**
 * Payee accounts, a section of the security centre: the bound accounts (numbers masked), Remove
 * with the login password, and a form to bind another (method, holder name, number checked
 * against the method's pattern, login password). The server writes an inbox notice for each change.
 * What a change did is said under the form the player just used (brought into view after a
 * removal), in a status region a screen reader hears, not in a toast at the top of the screen.
 */
import { QueryState } from '../../../components/load-state';
import { ERRORS } from '@khela/contract/errors';
import { normalizeAccountNumber, type PayeeAccount } from '@khela/contract/withdrawals';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/spinner';
import { ApiError } from '../../../lib/api-client';
import { useLanguage } from '../../../lib/i18n';
import { showToast } from '../../../lib/notify';
import { bindPayee, payeesQueryOptions, removePayee, withdrawQueryKey } from '../api/withdrawals';
import formStyles from '../../../components/form.module.css';
import styles from './withdraw.module.css';

type BindField = 'channelCode' | 'accountName' | 'accountNumber' | 'password';
const BIND_ORDER: readonly BindField[] = [
  'channelCode',
  'accountName',
  'accountNumber',
  'password',
];

function matches(pattern: string, value: string) {
  try {
    return new RegExp(`^(?:${pattern})$`, 'u').test(value);
  } catch {
    return true; // the server decides
  }
}

export function PayeeAccounts({ token }: { token: string }) {
  const { t } = useTranslation();
  const id = useId();
  const payees = useQuery(payeesQueryOptions(token));
  const [notice, setNotice] = useState('');
  const noticeRef = useRef<HTMLParagraphElement>(null);
  // A removal is confirmed in the list, above: the notice is brought into view wherever it is.
  useEffect(() => {
    if (notice) noticeRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [notice]);

  return (
    <section className={formStyles.card} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={formStyles.title}>
        {t('payees.title')}
      </h2>
      <p className={formStyles.muted}>{t('payees.intro')}</p>
      {payees.isPending || payees.isError ? (
        <QueryState query={payees} loading={<Spinner label={t('common.loading')} />} />
      ) : (
        <>
          <p className={formStyles.muted}>
            {t('payees.count', { count: payees.data.payees.length, max: payees.data.maxPayees })}
          </p>
          {payees.data.payees.length === 0 ? (
            <p className={formStyles.muted}>{t('payees.none')}</p>
          ) : (
            <ul className={formStyles.list} aria-label={t('payees.title')}>
              {payees.data.payees.map((payee) => (
                <PayeeItem key={payee.id} payee={payee} onDone={setNotice} />
              ))}
            </ul>
          )}
          {payees.data.payees.length >= payees.data.maxPayees ? (
            <p className={formStyles.muted}>{t('payees.full')}</p>
          ) : (
            <BindForm channels={payees.data.channels} onDone={setNotice} />
          )}
          {/* Under the bind button the player just tapped; always there (empty until a change),
              so what is written into it is announced. */}
          <p ref={noticeRef} role="status" className={styles.notice}>
            {notice}
          </p>
        </>
      )}
    </section>
  );
}

/** Says what a change did, in the section's status region (empty: a change has started). */
type OnDone = (notice: string) => void;

function PayeeItem({ payee, onDone }: { payee: PayeeAccount; onDone: OnDone }) {
  const { t } = useTranslation();
  const id = useId();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const remove = useMutation({
    meta: { silent: true },
    mutationFn: () => removePayee(payee.id, password),
  });
  const names = { channel: payee.channelName, account: payee.accountNumber };

  const onConfirm = async (event: FormEvent) => {
    event.preventDefault();
    if (password === '') {
      setError(t('payees.required'));
      return;
    }
    onDone('');
    try {
      await remove.mutateAsync();
      onDone(t('payees.removed'));
      await queryClient.invalidateQueries({ queryKey: withdrawQueryKey });
    } catch (caught) {
      if (!(caught instanceof ApiError)) throw caught;
      setPassword('');
      if (caught.errorCode === 'wallet.reauthFailed') setError(caught.message);
      else showToast(caught.message, 'error');
    }
  };

  return (
    <li className={`${formStyles.item} ${styles.wrap}`}>
      <div className={formStyles.itemMain}>
        <span className={formStyles.amount}>
          {payee.channelName} {payee.accountNumber}
        </span>
        <span className={formStyles.muted}>{payee.accountName}</span>
      </div>
      {!confirming ? (
        <button
          type="button"
          className={formStyles.small}
          aria-label={t('payees.removeLabel', names)}
          onClick={() => setConfirming(true)}
        >
          {t('payees.remove')}
        </button>
      ) : (
        <form
          className={`${formStyles.form} ${styles.wide}`}
          noValidate
          onSubmit={(event) => void onConfirm(event)}
        >
          <p className={formStyles.muted}>{t('payees.removeConfirm', names)}</p>
          <div className={formStyles.field}>
            <label htmlFor={`${id}-password`} className={formStyles.label}>
              {t('payees.password')}
            </label>
            <input
              id={`${id}-password`}
              className={formStyles.input}
              type="password"
              autoComplete="current-password"
              // eslint-disable-next-line jsx-a11y/no-autofocus -- the confirmation asks for it
              autoFocus
              value={password}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              onChange={(event) => {
                setPassword(event.target.value);
                setError('');
              }}
            />
            {error && (
              <p id={`${id}-error`} className={formStyles.error}>
                {error}
              </p>
            )}
          </div>
          <div className={styles.actions}>
            <button type="submit" className={formStyles.small} disabled={remove.isPending}>
              {t('payees.confirmRemove')}
            </button>
            <button
              type="button"
              className={formStyles.small}
              onClick={() => {
                setConfirming(false);
                setPassword('');
                setError('');
              }}
            >
              {t('payees.keep')}
            </button>
          </div>
        </form>
      )}
    </li>
  );
}

function BindForm({
  channels,
  onDone,
}: {
  channels: { code: string; name: string; accountPattern: string }[];
  onDone: OnDone;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const id = useId();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<Record<BindField, string>>({
    channelCode: channels[0]?.code ?? '',
    accountName: '',
    accountNumber: '',
    password: '',
  });
  const [errors, setErrors] = useState<Partial<Record<BindField, string>>>({});
  const bind = useMutation({ meta: { silent: true }, mutationFn: bindPayee });

  const set = (name: BindField, value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => ({ ...current, [name]: undefined }));
  };
  const focus = (name: BindField) => document.getElementById(`${id}-${name}`)?.focus();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const next: Partial<Record<BindField, string>> = {};
    for (const name of BIND_ORDER)
      if (values[name].trim() === '') next[name] = t('payees.required');
    const channel = channels.find((c) => c.code === values.channelCode);
    const number = normalizeAccountNumber(values.accountNumber);
    if (!next.accountNumber && channel && !matches(channel.accountPattern, number)) {
      next.accountNumber = ERRORS['validation.accountFormat'][language];
    }
    setErrors(next);
    onDone('');
    const first = BIND_ORDER.find((name) => next[name]);
    if (first) {
      focus(first);
      return;
    }
    try {
      await bind.mutateAsync({
        channelCode: values.channelCode,
        accountName: values.accountName.trim(),
        accountNumber: number,
        password: values.password,
      });
      onDone(t('payees.bound'));
      setValues((current) => ({ ...current, accountName: '', accountNumber: '', password: '' }));
      await queryClient.invalidateQueries({ queryKey: withdrawQueryKey });
    } catch (caught) {
      if (!(caught instanceof ApiError)) throw caught;
      set('password', '');
      const fields = caught.data?.fields as Record<string, string[]> | undefined;
      if (caught.errorCode === 'wallet.reauthFailed') {
        setErrors({ password: caught.message });
        focus('password');
      } else if (fields && Object.keys(fields).length > 0) {
        const server: Partial<Record<BindField, string>> = {};
        for (const name of BIND_ORDER) if (fields[name]?.[0]) server[name] = fields[name][0];
        setErrors(server);
        const firstServer = BIND_ORDER.find((name) => server[name]);
        if (firstServer) focus(firstServer);
        else showToast(caught.message, 'error');
      } else {
        showToast(caught.message, 'error');
      }
    }
  };

  const input = (
    name: Exclude<BindField, 'channelCode'>,
    label: string,
    extra: { type?: string; autoComplete: string; inputMode?: 'numeric' | 'text'; hint?: string },
  ) => (
    <div className={formStyles.field}>
      <label htmlFor={`${id}-${name}`} className={formStyles.label}>
        {label}
      </label>
      <input
        id={`${id}-${name}`}
        className={formStyles.input}
        type={extra.type ?? 'text'}
        autoComplete={extra.autoComplete}
        inputMode={extra.inputMode}
        value={values[name]}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] || extra.hint ? `${id}-${name}-note` : undefined}
        onChange={(event) => set(name, event.target.value)}
      />
      {errors[name] ? (
        <p id={`${id}-${name}-note`} className={formStyles.error}>
          {errors[name]}
        </p>
      ) : (
        extra.hint && (
          <p id={`${id}-${name}-note`} className={formStyles.muted}>
            {extra.hint}
          </p>
        )
      )}
    </div>
  );

  return (
    <form className={formStyles.form} noValidate onSubmit={(event) => void onSubmit(event)}>
      <h3 className={formStyles.title}>{t('payees.add')}</h3>
      <div className={formStyles.field}>
        <label htmlFor={`${id}-channelCode`} className={formStyles.label}>
          {t('payees.channel')}
        </label>
        <select
          id={`${id}-channelCode`}
          className={formStyles.input}
          value={values.channelCode}
          onChange={(event) => set('channelCode', event.target.value)}
        >
          {channels.map((c) => (
            <option key={c.code} value={c.code}>
              {c.name}
            </option>
          ))}
        </select>
      </div>
      {input('accountName', t('payees.accountName'), { autoComplete: 'name' })}
      {input('accountNumber', t('payees.accountNumber'), {
        autoComplete: 'off',
        inputMode: 'numeric',
        hint: t('payees.accountNumberHint'),
      })}
      {input('password', t('payees.password'), {
        type: 'password',
        autoComplete: 'current-password',
      })}
      <button type="submit" className={formStyles.primary} disabled={bind.isPending}>
        {t('payees.bind')}
      </button>
    </form>
  );
}
