/**
 * The agent portal's login (/m/agent/login, accounts spec §6: "Agent login is separate"):
 * username and password, sealed like the member login, to POST /wps/agent/login. A non-agent is
 * refused ('Non-agents cannot log in'); the member login refuses agents, so an agent is pointed
 * here. A captcha appears after a failure that asks for one. On success: the agent home.
 */
import { TOAST_MS } from '@khela/contract/constants';
import type { LoginBody } from '@khela/contract/accounts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { useLanguage } from '../../../lib/i18n';
import { showToast } from '../../../lib/notify';
import { useSessionStore } from '../../../lib/session-store';
import { agentLogin } from '../api/session';
import { useCaptcha } from '../hooks/use-captcha';
import { useForm } from '../hooks/use-form';
import { captchaRequired, errorCodeOf, messageOf } from '../utils/api-errors';
import { captchaRule, loginPasswordRule, loginUsernameRule } from '../utils/rules';
import { CaptchaField } from './captcha-field';
import formStyles from '../../../components/form.module.css';
import styles from './form.module.css';
import { CurrentPasswordField, UsernameField } from './text-field';

type Field = 'username' | 'password' | 'captcha';
const ORDER: readonly Field[] = ['username', 'password', 'captcha'];

export function AgentLoginForm() {
  const { t } = useTranslation();
  const language = useLanguage();
  const navigate = useNavigate();
  const setSession = useSessionStore((state) => state.setSession);
  const [captchaShown, setCaptchaShown] = useState(false);
  const captcha = useCaptcha(captchaShown);
  const [pending, setPending] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  const form = useForm<Field>({ username: '', password: '', captcha: '' }, (values, lang) => ({
    username: loginUsernameRule(values.username, lang),
    password: loginPasswordRule(values.password, lang),
    captcha: captchaShown ? captchaRule(values.captcha, lang) : [],
  }));
  const { values } = form;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending || form.submit(ORDER)) return;
    const body: LoginBody = {
      type: 'username',
      username: values.username.trim(),
      password: values.password,
      ...(captchaShown && captcha.captcha
        ? { captchaId: captcha.captcha.captchaId, captcha: values.captcha }
        : {}),
    };
    setPending(true);
    setRefusal(null);
    try {
      const result = await agentLogin(body);
      setSession({
        token: result.token,
        merchantCode: result.merchantCode,
        userName: result.userName,
        type: result.type,
        firstTimeLogin: result.firstTimeLogin,
      });
      showToast(t('auth.welcome', { name: result.userName }), 'success', TOAST_MS.short);
      void navigate(paths.agentHome, { replace: true });
    } catch (error) {
      setPending(false);
      if (captchaShown || captchaRequired(error)) {
        setCaptchaShown(true);
        form.clear('captcha');
        if (captchaShown) void captcha.reload();
      }
      // A member at the agents' door is told so where the form is, not in a passing toast.
      if (errorCodeOf(error) === 'login.nonAgent') setRefusal(messageOf(error, language));
      else showToast(messageOf(error, language), 'error', TOAST_MS.short);
    }
  };

  return (
    <div className={formStyles.form}>
      <p className={styles.note}>{t('agent.loginIntro')}</p>
      <form className={formStyles.form} noValidate onSubmit={(event) => void submit(event)}>
        <UsernameField {...form.bind('username')} />
        <CurrentPasswordField {...form.bind('password')} />
        {captchaShown && <CaptchaField field={form.bind('captcha')} captcha={captcha} />}
        {refusal && (
          <p role="alert" className={styles.ended}>
            {refusal}
          </p>
        )}
        <button type="submit" className={styles.primary} disabled={pending}>
          {t('agent.logIn')}
        </button>
      </form>
      <Link to={paths.login} className={styles.secondary}>
        {t('agent.memberLogin')}
      </Link>
    </div>
  );
}
