/**
 * After a provider's first return with an identity we do not know: the player either creates an
 * account (the registration form, every rule of it, without a password) or links the account
 * they already have, which takes that account's password. Both end logged in.
 */
import type { SocialProvider } from '@khela/contract/social-login';
import type { RegistrationSettings } from '@khela/contract/accounts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import formStyles from '../../../components/form.module.css';
import { useLanguage } from '../../../lib/i18n';
import { showToast } from '../../../lib/notify';
import { linkSocial } from '../api/social';
import { useForm } from '../hooks/use-form';
import { useStartSession } from '../hooks/use-start-session';
import { errorCodeOf, messageOf } from '../utils/api-errors';
import { loginPasswordRule, loginUsernameRule } from '../utils/rules';
import styles from './form.module.css';
import { MethodTabs } from './method-tabs';
import { RegisterForm } from './register-form';
import { CurrentPasswordField, UsernameField } from './text-field';

type Choice = 'new' | 'link';

const PROVIDER_NAMES: Record<SocialProvider, string> = {
  google: 'Google',
  facebook: 'Facebook',
  telegram: 'Telegram',
};

export function SocialCompletion({
  provider,
  ticket,
  suggested,
  settings,
  domainAffiliateCode,
}: {
  provider: SocialProvider;
  ticket: string;
  suggested: { email?: string; nickname?: string };
  settings: RegistrationSettings;
  domainAffiliateCode: string | null;
}) {
  const { t } = useTranslation();
  const [choice, setChoice] = useState<Choice>('new');
  const name = PROVIDER_NAMES[provider];
  return (
    <div className={formStyles.form}>
      <h2 className={styles.intro}>{t('auth.socialFinishTitle', { provider: name })}</h2>
      <p className={styles.note}>{t('auth.socialFinishIntro', { provider: name })}</p>
      <MethodTabs
        label={t('auth.socialFinishChoices')}
        value={choice}
        onChange={setChoice}
        tabs={[
          { value: 'new', label: t('auth.socialNewAccount') },
          { value: 'link', label: t('auth.socialLinkAccount') },
        ]}
      >
        {choice === 'new' ? (
          <RegisterForm
            settings={settings}
            domainAffiliateCode={domainAffiliateCode}
            social={{ ticket, suggested }}
          />
        ) : (
          <LinkAccountForm ticket={ticket} provider={name} />
        )}
      </MethodTabs>
    </div>
  );
}

function LinkAccountForm({ ticket, provider }: { ticket: string; provider: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const startSession = useStartSession();
  const [pending, setPending] = useState(false);
  const form = useForm<'username' | 'password'>({ username: '', password: '' }, (values, lang) => ({
    username: loginUsernameRule(values.username, lang),
    password: loginPasswordRule(values.password, lang),
  }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending || form.submit(['username', 'password'])) return;
    setPending(true);
    try {
      startSession(
        await linkSocial({
          ticket,
          username: form.values.username.trim(),
          password: form.values.password,
        }),
      );
    } catch (error) {
      setPending(false);
      if (errorCodeOf(error) === 'login.invalidCredentials') {
        form.setServerErrors({ password: [messageOf(error, language)] }, ['password']);
        return;
      }
      showToast(messageOf(error, language), 'error');
    }
  };

  return (
    <form className={formStyles.form} noValidate onSubmit={(event) => void submit(event)}>
      <p className={styles.note}>{t('auth.socialLinkIntro', { provider })}</p>
      <UsernameField {...form.bind('username')} />
      <CurrentPasswordField {...form.bind('password')} />
      <button type="submit" className={styles.primary} disabled={pending}>
        {t('auth.socialLinkSubmit')}
      </button>
    </form>
  );
}
