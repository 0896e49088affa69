/**
 * The header's drop-down (spec §2): deposit, withdraw, refresh balance (a visitor goes to login),
 * show or hide balance (members), feedback, language, logout (members, after a confirm).
 * An ARIA menu: the button opens it, arrow keys move, Escape or a tap outside closes it.
 */
import type { Language } from '@khela/contract/language';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { Icon, type IconName } from '../../../components/icons';
import { paths } from '../../../config/paths';
import { changeLanguage, LANGUAGE_OPTIONS, useLanguage } from '../../../lib/i18n';
import { useSessionStore } from '../../../lib/session-store';
import styles from './header-account.module.css';

const ITEM = '[role^="menuitem"]';

export function AccountMenu({
  loggedIn,
  balanceHidden,
  onRefreshBalance,
  onToggleBalance,
  onLogout,
}: {
  loggedIn: boolean;
  balanceHidden?: boolean;
  onRefreshBalance?: () => void;
  onToggleBalance?: () => void;
  onLogout?: () => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const navigate = useNavigate();
  const location = useLocation();
  // Open at one location only: any navigation closes it.
  const [openAt, setOpenAt] = useState<string | null>(null);
  const open = openAt === location.key;
  const setOpen = (next: boolean) => setOpenAt(next ? location.key : null);
  const menuId = useId();
  // Said in the common store while open, so an operator's popup waits instead of covering it.
  const setMenuOpen = useSessionStore((state) => state.setMenuOpen);
  useEffect(() => {
    if (!open) return;
    setMenuOpen(true);
    return () => setMenuOpen(false);
  }, [open, setMenuOpen]);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const wrapRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    menuRef.current?.querySelector<HTMLElement>(ITEM)?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (!wrapRef.current?.contains(event.target as Node)) setOpenAt(null);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const close = (refocus = true) => {
    setOpen(false);
    if (refocus) buttonRef.current?.focus();
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const items = Array.from(menuRef.current?.querySelectorAll<HTMLElement>(ITEM) ?? []);
    const index = items.indexOf(document.activeElement as HTMLElement);
    const move = (to: number) => items[(to + items.length) % items.length]?.focus();
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        move(index + 1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        move(index - 1);
        break;
      case 'Home':
        event.preventDefault();
        move(0);
        break;
      case 'End':
        event.preventDefault();
        move(items.length - 1);
        break;
      case 'Escape':
        event.preventDefault();
        close();
        break;
      case 'Tab':
        setOpen(false);
        break;
    }
  };

  const item = (icon: IconName, label: string, action: () => void, key = label): ReactNode => (
    <button
      key={key}
      type="button"
      role="menuitem"
      tabIndex={-1}
      className={styles.menuItem}
      onClick={() => {
        close(false);
        action();
      }}
    >
      <Icon name={icon} size={20} />
      {label}
    </button>
  );
  const link = (icon: IconName, label: string, to: string): ReactNode => (
    <Link
      key={label}
      to={to}
      role="menuitem"
      tabIndex={-1}
      className={styles.menuItem}
      onClick={() => close(false)}
    >
      <Icon name={icon} size={20} />
      {label}
    </Link>
  );

  return (
    <div className={styles.menuWrap} ref={wrapRef}>
      <button
        ref={buttonRef}
        type="button"
        className={styles.iconButton}
        aria-label={t('account.menu')}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen(!open)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' && !open) {
            event.preventDefault();
            setOpen(true);
          }
        }}
      >
        <Icon name="chevronDown" />
      </button>
      {open && (
        <div
          ref={menuRef}
          id={menuId}
          role="menu"
          tabIndex={-1}
          aria-label={t('account.menu')}
          className={styles.menu}
          onKeyDown={onMenuKeyDown}
        >
          {link('wallet', t('account.deposit'), loggedIn ? paths.deposit : paths.login)}
          {link('withdraw', t('account.withdraw'), loggedIn ? paths.withdraw : paths.login)}
          {item('refresh', t('account.refreshBalance'), () =>
            loggedIn ? onRefreshBalance?.() : void navigate(paths.login),
          )}
          {loggedIn &&
            item(
              balanceHidden ? 'eye' : 'eyeOff',
              balanceHidden ? t('account.showBalance') : t('account.hideBalance'),
              () => onToggleBalance?.(),
              'balance',
            )}
          {link('edit', t('account.feedback'), paths.feedback)}
          <div role="group" aria-label={t('account.language')} className={styles.menuGroup}>
            {LANGUAGE_OPTIONS.map((option) => (
              <button
                key={option.value}
                type="button"
                role="menuitemradio"
                aria-checked={language === option.value}
                lang={option.tag}
                tabIndex={-1}
                className={styles.menuItem}
                onClick={() => {
                  close(false);
                  void changeLanguage(option.value satisfies Language);
                }}
              >
                <Icon name={language === option.value ? 'check' : 'globe'} size={20} />
                {option.label}
              </button>
            ))}
          </div>
          {loggedIn && onLogout && item('logout', t('account.logout'), onLogout)}
        </div>
      )}
    </div>
  );
}
