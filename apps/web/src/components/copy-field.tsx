/**
 * A read-only value with a Copy button (invitation codes and links). Copies through the
 * clipboard API, or by selecting the text where that is not allowed (an insecure origin).
 */
import { useId, useRef, useState } from 'react';
import formStyles from './form.module.css';
import styles from './copy-field.module.css';

interface Props {
  label: string;
  value: string;
  /** The button's accessible name, e.g. "Copy the invitation code". */
  copyLabel: string;
  copyText: string;
  copiedText: string;
}

export function CopyField({ label, value, copyLabel, copyText, copiedText }: Props) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState(false);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
    } catch {
      input.current?.select();
      document.execCommand?.('copy');
    }
    setCopied(true);
    window.setTimeout(() => setCopied(false), 2000);
  };

  return (
    <div className={styles.field}>
      <label htmlFor={id} className={formStyles.label}>
        {label}
      </label>
      <div className={formStyles.control}>
        <input ref={input} id={id} className={styles.input} value={value} readOnly />
        <button
          type="button"
          className={styles.button}
          aria-label={copyLabel}
          onClick={() => void copy()}
        >
          {copied ? copiedText : copyText}
        </button>
      </div>
    </div>
  );
}
