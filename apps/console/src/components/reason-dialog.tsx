/**
 * Asks for the reason of a decision (every change an operator makes carries one into the audit
 * trail), optionally from templates, then confirms. Escape or Cancel closes it without acting.
 */
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from './field';
import { errorMessage } from '../lib/api';

interface ReasonDialogProps {
  title: string;
  confirmLabel: string;
  /** Ready-made reasons the operator may start from. */
  templates?: readonly string[];
  /** Fields above the reason (an amount, a date…). */
  children?: ReactNode;
  /** Whether the reason may be left empty (approvals). */
  optional?: boolean;
  /** A confirmation that takes no reason (the server records none): the reason field is left out. */
  noReason?: boolean;
  pending?: boolean;
  error?: unknown;
  onConfirm: (reason: string) => void;
  onCancel: () => void;
}

export function ReasonDialog({
  title,
  confirmLabel,
  templates = [],
  children,
  optional,
  noReason,
  pending,
  error,
  onConfirm,
  onCancel,
}: ReasonDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    box.current?.querySelector<HTMLElement>('input, select, textarea, button')?.focus();
  }, []);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onCancel();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onCancel]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!optional && !noReason && reason.trim() === '') {
      setMissing(true);
      return;
    }
    onConfirm(reason.trim());
  };

  return (
    <div className="backdrop">
      <div ref={box} role="dialog" aria-modal="true" aria-labelledby={titleId} className="dialog">
        <form onSubmit={submit}>
          <h2 id={titleId}>{title}</h2>
          {children}
          {!noReason && templates.length > 0 && (
            <label className="field">
              <span>{t('reason.template')}</span>
              <select value="" onChange={(event) => setReason(event.target.value)}>
                <option value="">{t('reason.pickTemplate')}</option>
                {templates.map((template) => (
                  <option key={template} value={template}>
                    {template}
                  </option>
                ))}
              </select>
            </label>
          )}
          {!noReason && (
            <Field
              label={optional ? t('reason.labelOptional') : t('reason.label')}
              error={missing && t('reason.required')}
            >
              {(props) => (
                <textarea
                  {...props}
                  rows={3}
                  value={reason}
                  onChange={(event) => setReason(event.target.value)}
                />
              )}
            </Field>
          )}
          {error !== undefined && error !== null && (
            <p role="alert" className="form-error">
              {errorMessage(error)}
            </p>
          )}
          <div className="row">
            <button type="submit" className="primary" disabled={pending}>
              {confirmLabel}
            </button>
            <button type="button" onClick={onCancel}>
              {t('common.cancel')}
            </button>
          </div>
        </form>
      </div>
    </div>
  );
}
