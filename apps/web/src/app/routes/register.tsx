/**
 * /m/register and /m/register.html: the registration form once the operator's settings and this
 * domain's invitation code are known (a failed invitation lookup just means no code), under the
 * registration banners' gallery (m_reg_{language}).
 */
import { bannerGroupName, REGISTRATION_BANNER_TYPE } from '@khela/contract/home';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Spinner } from '../../components/spinner';
import {
  domainAffiliateQueryOptions,
  registrationSettingsQueryOptions,
} from '../../features/auth/api/registration';
import { socialProvidersQueryOptions } from '../../features/auth/api/social';
import { RegisterForm } from '../../features/auth/components/register-form';
import { SocialButtons } from '../../features/auth/components/social-buttons';
import { BannerGallery } from '../../features/content/components/banner-carousel';
import { useLanguage } from '../../lib/i18n';
import styles from './screens.module.css';

export function Component() {
  const { t } = useTranslation();
  const language = useLanguage();
  const domain = window.location.hostname;
  const settings = useQuery(registrationSettingsQueryOptions());
  const affiliate = useQuery(domainAffiliateQueryOptions(domain));
  // Sign-up through a social login: shown when its flag is on and the server has it configured.
  const social = useQuery(socialProvidersQueryOptions()).data;
  // A member's invitation link: /m/register?affiliateCode=CODE.
  const [search] = useSearchParams();

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
  if (settings.isPending || affiliate.isPending) {
    return <Spinner label={t('common.loading')} block />;
  }
  return (
    <>
      <BannerGallery groupName={bannerGroupName(REGISTRATION_BANNER_TYPE, language)} />
      <RegisterForm
        // Settings that really changed (e.g. a method switched off) start the form again.
        key={JSON.stringify(settings.data)}
        settings={settings.data}
        domainAffiliateCode={affiliate.data?.code ?? null}
        linkAffiliateCode={search.get('affiliateCode')?.trim().slice(0, 16) || null}
        domain={domain}
      />
      {social && (
        <SocialButtons
          offer={{
            google: social.google,
            facebook: social.facebook,
            telegramBot: social.telegram?.botName ?? null,
          }}
        />
      )}
    </>
  );
}
