/**
 * The social login buttons (login and registration screens): Google and Facebook go to the
 * provider's sign-in page (OpenID Connect, started by the server); Telegram shows Telegram's own
 * login widget, whose script is loaded only when the player taps the button and only when the
 * server has a bot configured. Each button shows only when its flag is on and it is configured.
 */
import type { OidcProvider } from '@khela/contract/social-login';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../lib/i18n';
import { showToast } from '../../../lib/notify';
import { startSocialLogin } from '../api/social';
import { messageOf } from '../utils/api-errors';
import styles from './form.module.css';

export interface SocialOffer {
  google: boolean;
  facebook: boolean;
  /** The Telegram bot's name, when Telegram login is offered. */
  telegramBot: string | null;
}

export const anySocial = (offer: SocialOffer) =>
  offer.google || offer.facebook || Boolean(offer.telegramBot);

/** Where the browser goes; a seam for tests. */
export const browser = { go: (url: string) => window.location.assign(url) };

export function SocialButtons({ offer }: { offer: SocialOffer }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [pending, setPending] = useState(false);
  const [telegramOpen, setTelegramOpen] = useState(false);

  const start = async (provider: OidcProvider) => {
    setPending(true);
    try {
      browser.go(await startSocialLogin(provider));
    } catch (error) {
      setPending(false);
      showToast(messageOf(error, language), 'error');
    }
  };

  if (!anySocial(offer)) return null;
  return (
    <section className={styles.social} aria-label={t('auth.socialLogins')}>
      <p className={styles.socialTitle} aria-hidden="true">
        {t('auth.socialLogins')}
      </p>
      {offer.facebook && (
        <button
          type="button"
          className={styles.secondary}
          disabled={pending}
          onClick={() => void start('facebook')}
        >
          {t('auth.withFacebook')}
        </button>
      )}
      {offer.google && (
        <button
          type="button"
          className={styles.secondary}
          disabled={pending}
          onClick={() => void start('google')}
        >
          {t('auth.withGoogle')}
        </button>
      )}
      {offer.telegramBot &&
        (telegramOpen ? (
          <TelegramWidget botName={offer.telegramBot} />
        ) : (
          <button type="button" className={styles.secondary} onClick={() => setTelegramOpen(true)}>
            {t('auth.withTelegram')}
          </button>
        ))}
    </section>
  );
}

/** Telegram's widget: after the player confirms, Telegram sends them to our return page. */
function TelegramWidget({ botName }: { botName: string }) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const holder = box.current;
    if (!holder) return;
    const script = document.createElement('script');
    script.async = true;
    script.src = 'https://telegram.org/js/telegram-widget.js?22';
    script.dataset.telegramLogin = botName;
    script.dataset.size = 'large';
    script.dataset.authUrl = `${window.location.origin}/m/social/telegram`;
    script.dataset.requestAccess = 'write';
    holder.appendChild(script);
    return () => holder.replaceChildren();
  }, [botName]);
  return <div ref={box} role="group" aria-label={t('auth.withTelegram')} />;
}
