/**
 * /m/social/:provider: where Google or Facebook (OpenID Connect) and Telegram's login widget send
 * the player back. The provider's answer goes to the server once; a linked identity logs in, an
 * unknown one is asked to register or link an account, and a refusal (or an expired or replayed
 * sign-in) goes back to the login screen, which says why.
 */
import { useQuery } from '@tanstack/react-query';
import type { SocialOutcome } from '@khela/contract/social-login';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { Spinner } from '../../components/spinner';
import { paths } from '../../config/paths';
import { useLanguage } from '../../lib/i18n';
import {
  domainAffiliateQueryOptions,
  registrationSettingsQueryOptions,
} from '../../features/auth/api/registration';
import { finishSocialLogin } from '../../features/auth/api/social';
import { SocialCompletion } from '../../features/auth/components/social-completion';
import { useStartSession } from '../../features/auth/hooks/use-start-session';
import { messageOf } from '../../features/auth/utils/api-errors';
import styles from './screens.module.css';

type NeedsAccount = Extract<SocialOutcome, { status: 'needsAccount' }>;

/** Returns already sent: a provider's answer is good once, even if the screen mounts twice. */
const sent = new Set<string>();

export function Component() {
  const { t } = useTranslation();
  const language = useLanguage();
  const navigate = useNavigate();
  const startSession = useStartSession();
  const { provider = '' } = useParams();
  const [search] = useSearchParams();
  const [outcome, setOutcome] = useState<NeedsAccount | null>(null);
  const domain = window.location.hostname;
  const settings = useQuery({ ...registrationSettingsQueryOptions(), enabled: Boolean(outcome) });
  const affiliate = useQuery({ ...domainAffiliateQueryOptions(domain), enabled: Boolean(outcome) });

  const known = provider === 'google' || provider === 'facebook' || provider === 'telegram';
  const answered = known && search.has(provider === 'telegram' ? 'hash' : 'state');

  useEffect(() => {
    const key = `${provider}?${search.toString()}`;
    if (!answered || sent.has(key)) return;
    sent.add(key);
    finishSocialLogin(provider, Object.fromEntries(search))
      .then((result) => {
        if (result.status === 'signedIn') startSession(result.login);
        else setOutcome(result);
      })
      .catch((error: unknown) => {
        void navigate(paths.login, {
          replace: true,
          state: { socialError: messageOf(error, language) },
        });
      });
    // Sent once per provider answer; the answer is what the effect depends on.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [answered, provider, search]);

  if (!answered) {
    return (
      <div className={styles.placeholder}>
        <p>{t('auth.socialNothing')}</p>
        <Link to={paths.login}>{t('auth.logInLink')}</Link>
      </div>
    );
  }
  if (!outcome || settings.isPending || affiliate.isPending) {
    return <Spinner label={t('auth.socialFinishing')} block />;
  }
  if (settings.isError) {
    return (
      <div className={styles.placeholder}>
        <p>{t('auth.settingsFailed')}</p>
        <button type="button" className={styles.cta} onClick={() => void settings.refetch()}>
          {t('common.retry')}
        </button>
      </div>
    );
  }
  return (
    <SocialCompletion
      provider={outcome.provider}
      ticket={outcome.ticket}
      suggested={outcome.suggested}
      settings={settings.data}
      domainAffiliateCode={affiliate.data?.code ?? null}
    />
  );
}
