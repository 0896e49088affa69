import styles from './spinner.module.css';

/** A spinner with its text: announced politely to screen readers. */
export function Spinner({ label, block = false }: { label: string; block?: boolean }) {
  return (
    <div role="status" aria-live="polite" className={block ? styles.block : styles.inline}>
      <span className={styles.wheel} aria-hidden="true" />
      <span className={styles.label}>{label}</span>
    </div>
  );
}
