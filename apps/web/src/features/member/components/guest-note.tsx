/**
 * What a guest (trial account) sees on a member-only screen (spec §2, §6): the prompt the footer
 * shows for the member centre, cancel (home) or register now.
 */
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import styles from './guest-note.module.css';

export function GuestNote({ message }: { message?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <section className={styles.guest} aria-labelledby="guest-title">
      <h2 id="guest-title" className={styles.guestTitle}>
        {t('guestPrompt.title')}
      </h2>
      <p>{message ?? t('guestPrompt.body')}</p>
      <div className={styles.actions}>
        <button
          type="button"
          className={styles.secondary}
          onClick={() => void navigate('/m/home', { replace: true })}
        >
          {t('guestPrompt.cancel')}
        </button>
        <Link to="/m/register" className={styles.primary}>
          {t('guestPrompt.register')}
        </Link>
      </div>
    </section>
  );
}
