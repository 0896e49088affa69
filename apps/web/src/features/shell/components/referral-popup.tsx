/**
 * The referral popup (footer Invite, side menu): the invite bonus copy with the merchant's
 * currency symbol. The amounts are display copy from the spec, not rules. A member also sees
 * their own invitation code and link, each with a Copy button.
 */
import { formatMoney } from '@khela/contract/format';
import { isGuest } from '@khela/contract/members';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CopyField } from '../../../components/copy-field';
import { Dialog } from '../../../components/dialog';
import { Icon } from '../../../components/icons';
import { paths } from '../../../config/paths';
import { useSessionStore } from '../../../lib/session-store';
import { referralQueryOptions } from '../../../lib/referral-query';
import styles from './popups.module.css';
import { useLanguage } from '../../../lib/i18n';

export function ReferralPopup({ currencySymbol }: { currencySymbol: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const open = useSessionStore((state) => state.panel === 'referral');
  const session = useSessionStore((state) => state.session);
  const closePanel = useSessionStore((state) => state.closePanel);

  return (
    <Dialog open={open} onClose={closePanel} title={t('referral.title')}>
      <div className={styles.hero}>
        <span className={styles.heroIcon}>
          <Icon name="invite" size={36} />
        </span>
        <p className={styles.amount}>
          {formatMoney(777_700, language, { symbol: currencySymbol, cents: 'whole' })}
        </p>
        <p className={styles.headline}>{t('referral.headline', { symbol: currencySymbol })}</p>
      </div>
      <p className={styles.text}>{t('referral.body', { symbol: currencySymbol })}</p>
      {open && session && !isGuest(session.type) && <InviteCode token={session.token} />}
      {!session && (
        <Link to={paths.register} className={styles.primary}>
          {t('referral.join')}
        </Link>
      )}
      <p className={styles.small}>{t('referral.terms')}</p>
    </Dialog>
  );
}

/** A trial account opening the member centre: cancel, or register a real account. */
export function GuestPrompt() {
  const { t } = useTranslation();
  const open = useSessionStore((state) => state.panel === 'guestPrompt');
  const closePanel = useSessionStore((state) => state.closePanel);
  return (
    <Dialog open={open} onClose={closePanel} title={t('guestPrompt.title')}>
      <p className={styles.text}>{t('guestPrompt.body')}</p>
      <div className={styles.actions}>
        <button type="button" className={styles.secondary} onClick={closePanel}>
          {t('guestPrompt.cancel')}
        </button>
        <Link to={paths.register} className={styles.primary}>
          {t('guestPrompt.register')}
        </Link>
      </div>
    </Dialog>
  );
}

/** The member's own code and link (loaded when the popup opens). */
function InviteCode({ token }: { token: string }) {
  const { t } = useTranslation();
  const info = useQuery(referralQueryOptions(token));
  if (!info.data) return null;
  return (
    <div className={styles.invite}>
      <CopyField
        label={t('agent.inviteCode')}
        value={info.data.inviteCode}
        copyLabel={t('agent.copyCode')}
        copyText={t('agent.copy')}
        copiedText={t('agent.copied')}
      />
      <CopyField
        label={t('agent.inviteLink')}
        value={`${window.location.origin}${info.data.invitePath}`}
        copyLabel={t('agent.copyLink')}
        copyText={t('agent.copy')}
        copiedText={t('agent.copied')}
      />
    </div>
  );
}
