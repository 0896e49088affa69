/**
 * What the entry chunk can show on its own, before the shell's code (and i18next) has loaded:
 * the start-up spinner and the route error page. They must work when a lazy chunk cannot be
 * fetched (offline, new release), so they carry their few words in both languages here.
 */
import { STORAGE_KEYS } from '@khela/contract/constants';
import { useEffect, useLayoutEffect } from 'react';
import { useRouteError } from 'react-router';
import { FIRST_MESSAGES } from '../lib/first-messages';
import { firstPaintShown, removeFirstPaint } from '../lib/first-paint';
import { readStorage } from '../lib/storage';
import styles from './boot.module.css';

const PAGE_FAILED = { EN: 'This page could not be loaded.', BN: 'পাতাটি লোড করা যায়নি।' };

function bootLanguage(): 'EN' | 'BN' {
  return readStorage('local', STORAGE_KEYS.language)?.toUpperCase() === 'EN' ? 'EN' : 'BN';
}

export function BootSpinner() {
  const language = bootLanguage();
  // The server's first paint is already on screen: it is the loading state.
  if (firstPaintShown()) return null;
  return (
    <div role="status" aria-live="polite" className={styles.boot}>
      <span className={styles.wheel} aria-hidden="true" />
      <span className={styles.label}>{FIRST_MESSAGES.loading[language]}</span>
    </div>
  );
}

/** A screen failed to load: logged, a spinner, and a retry that reloads the page. */
export function RouteError() {
  const error = useRouteError();
  const language = bootLanguage();
  useLayoutEffect(removeFirstPaint, []);
  useEffect(() => {
    console.error('Route failed to load', error);
  }, [error]);
  return (
    <main className={styles.boot} lang={language === 'EN' ? 'en' : 'bn'}>
      <span className={styles.wheel} aria-hidden="true" />
      <p role="status">{PAGE_FAILED[language]}</p>
      <button type="button" className={styles.retry} onClick={() => window.location.reload()}>
        {FIRST_MESSAGES.loadFailed[language]}
      </button>
    </main>
  );
}
