/**
 * /m/login: the login form with the white-label switches from the system status. It waits for
 * the status (usually cached already), so the form does not change shape under the player's
 * fingers when a switch turns out to be on. A social button shows when its switch is on and the
 * server has the provider configured; a social sign-in that came back refused says why here.
 */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Spinner } from '../../components/spinner';
import { paths } from '../../config/paths';
import { socialProvidersQueryOptions } from '../../features/auth/api/social';
import { LoginForm } from '../../features/auth/components/login-form';
import { flagOn, useSystemStatus } from '../../features/system/api/get-system-status';
import styles from './screens.module.css';

export function Component() {
  const { t } = useTranslation();
  const status = useSystemStatus().data;
  const social = useQuery(socialProvidersQueryOptions()).data;
  if (!status) return <Spinner label={t('common.loading')} block />;
  return (
    <>
      <LoginForm
        merchantCode={status.info.merchant.code}
        flags={{
          smsLogin: flagOn(status, 'MOBILEVERCODELOGIN3'),
          forgotPassword: flagOn(status, 'CHNGPASSMAIL3') || flagOn(status, 'CHNGPASSVERIF3'),
          facebook: flagOn(status, 'FACEBOOKLOGIN3') && Boolean(social?.facebook),
          google: flagOn(status, 'GOOGLELOGIN3') && Boolean(social?.google),
          telegram: flagOn(status, 'TELEGRAMLOGIN3') && Boolean(social?.telegram),
          telegramBot: social?.telegram?.botName ?? null,
        }}
      />
      {/* Agents have a login of their own (the member login refuses them): a quiet way there. */}
      <p className={styles.agentDoor}>
        <Link to={paths.agentLogin}>{t('agent.loginLink')}</Link>
      </p>
    </>
  );
}
