/**
 * A labelled input with its rule errors under it (tied by aria-describedby, marked aria-invalid)
 * and success styling once it is filled and valid. Password fields list every failing rule,
 * comma-joined; other fields show the first. The password variant adds a show/hide toggle.
 */
import { useState, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { DateShown } from '../../../components/date-shown';
import { Icon } from '../../../components/icons';
import type { BoundField } from '../hooks/use-form';
import { LIMITS } from '../utils/rules';
import formStyles from '../../../components/form.module.css';
import styles from './form.module.css';

type InputProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'id' | 'name' | 'value' | 'onChange' | 'onBlur' | 'children'
>;

export interface TextFieldProps extends BoundField, InputProps {
  label: string;
  /** Every failing rule, comma-joined (password fields), instead of the first one. */
  listErrors?: boolean;
  /** A line under the field when it has no error (e.g. "This username is available"). */
  hint?: ReactNode;
  hintTone?: 'good';
  /** A button beside the input (show password, get code, captcha image). */
  trailing?: ReactNode;
  /** Cleans what is typed (digits only, length) before it reaches the form. */
  clean?: (value: string) => string;
  inputRef?: Ref<HTMLInputElement>;
}

export function TextField({
  label,
  id,
  name,
  value,
  onValueChange,
  onBlur,
  errors,
  valid,
  listErrors = false,
  hint,
  hintTone,
  trailing,
  clean,
  inputRef,
  ...inputProps
}: TextFieldProps) {
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const message = listErrors ? errors.join(', ') : errors[0];
  const describedBy = [message ? errorId : null, !message && hint ? hintId : null]
    .filter(Boolean)
    .join(' ');
  const input = (
    <input
      ref={inputRef}
      id={id}
      name={name}
      className={styles.input}
      value={value}
      onChange={(event) => onValueChange(clean ? clean(event.target.value) : event.target.value)}
      onBlur={onBlur}
      aria-invalid={message ? true : undefined}
      aria-describedby={describedBy || undefined}
      {...inputProps}
    />
  );
  return (
    <div className={styles.field} data-state={message ? 'invalid' : valid ? 'valid' : undefined}>
      <label htmlFor={id} className={formStyles.label}>
        {label}
      </label>
      <div className={styles.control}>
        {inputProps.type === 'date' ? <DateShown value={value}>{input}</DateShown> : input}
        {valid && !message && (
          <span className={styles.check}>
            <Icon name="check" size={20} />
          </span>
        )}
        {trailing}
      </div>
      {message ? (
        <p id={errorId} className={styles.error}>
          {message}
        </p>
      ) : (
        hint && (
          <p id={hintId} className={styles.hint} data-tone={hintTone}>
            {hint}
          </p>
        )
      )}
    </div>
  );
}

export interface PasswordFieldProps extends Omit<TextFieldProps, 'type' | 'trailing'> {
  /** The toggle's name, e.g. "Show password". */
  toggleLabel: string;
}

/** A password input with a show/hide toggle (a pressed button while the text is visible). */
export function PasswordField({ toggleLabel, ...props }: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      listErrors
      type={visible ? 'text' : 'password'}
      autoCapitalize="none"
      autoCorrect="off"
      spellCheck={false}
      trailing={
        <button
          type="button"
          className={styles.trailing}
          aria-label={toggleLabel}
          aria-pressed={visible}
          aria-controls={props.id}
          onClick={() => setVisible((shown) => !shown)}
        >
          <Icon name={visible ? 'eyeOff' : 'eye'} size={20} />
        </button>
      }
    />
  );
}

/**
 * The username of every sign-in, recovery and sign-up form: a name is not corrected, capitalised
 * or spell-checked. Registration passes its own length and availability hint.
 */
export function UsernameField(props: BoundField & Partial<TextFieldProps>) {
  const { t } = useTranslation();
  return (
    <TextField
      label={t('auth.username')}
      autoComplete="username"
      autoCapitalize="none"
      autoCorrect="off"
      spellCheck={false}
      maxLength={LIMITS.username}
      {...props}
    />
  );
}

/** The password a member signs in with (the browser offers the saved one). */
export function CurrentPasswordField({ hint, ...field }: BoundField & { hint?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <PasswordField
      {...field}
      label={t('auth.password')}
      toggleLabel={t('auth.showPassword')}
      autoComplete="current-password"
      hint={hint}
    />
  );
}

/** The password being chosen in a change or reset. */
export function NewPasswordField(field: BoundField) {
  const { t } = useTranslation();
  return (
    <PasswordField
      {...field}
      label={t('auth.newPassword')}
      toggleLabel={t('auth.showNewPassword')}
      autoComplete="new-password"
    />
  );
}

/** The chosen password typed again. */
export function ConfirmPasswordField(field: BoundField) {
  const { t } = useTranslation();
  return (
    <PasswordField
      {...field}
      label={t('auth.confirmPassword')}
      toggleLabel={t('auth.showConfirmPassword')}
      autoComplete="new-password"
    />
  );
}
