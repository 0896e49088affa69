/**
 * Login (spec §2): username and password, or mobile number and SMS code when
 * MOBILEVERCODELOGIN3 is on. Remember me keeps the username (or the mobile number) and the
 * server's device token, never the password; next time the Log in button uses the token. A
 * captcha appears after a failed login whose answer asks for one, and is renewed after each
 * failure. Social buttons show per flag; the strip below offers home, registration, password
 * recovery, customer service and a trial account. A player whose session ended is told why.
 * A login from a new device (LOGINIPVERF3) continues with the code step (StepUpForm).
 */
import { formatDate } from '@khela/contract/date';
import type { LoginBody, LoginResult } from '@khela/contract/accounts';
import type { StepUpChallenge } from '@khela/contract/step-up';
import { TOAST_MS } from '@khela/contract/constants';
import { SESSION_END_MESSAGES } from '@khela/contract/session-end-messages';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { Icon } from '../../../components/icons';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { useLanguage } from '../../../lib/i18n';
import { carryLoginReturn } from '../../../lib/login-return';
import { showToast } from '../../../lib/notify';
import { useSessionStore } from '../../../lib/session-store';
import { createTrialUser, login } from '../api/session';
import { stepUpChallengeOf } from '../api/step-up';
import { useCaptcha } from '../hooks/use-captcha';
import { useCountdown } from '../hooks/use-countdown';
import { useForm } from '../hooks/use-form';
import { useStartSession } from '../hooks/use-start-session';
import {
  captchaRequired,
  errorCodeOf,
  mapFieldErrors,
  messageOf,
  retryAfterSeconds,
} from '../utils/api-errors';
import {
  forgetLogin,
  readRememberedLogin,
  rememberLogin,
  replaceDeviceToken,
} from '../utils/remembered-login';
import {
  BANGLADESH_DIALING_CODE,
  captchaRule,
  loginPasswordRule,
  loginUsernameRule,
  mobileRule,
  smsCodeRule,
} from '../utils/rules';
import { CaptchaField } from './captcha-field';
import formStyles from '../../../components/form.module.css';
import styles from './form.module.css';
import { MethodTabs } from './method-tabs';
import { MobileField } from './mobile-field';
import { FormSmsCodeField } from './sms-code-field';
import { StepUpForm } from './step-up-form';
import { CurrentPasswordField, UsernameField } from './text-field';
import { SocialButtons } from './social-buttons';

export interface LoginFlags {
  /** MOBILEVERCODELOGIN3 */
  smsLogin: boolean;
  /** CHNGPASSMAIL3 or CHNGPASSVERIF3 */
  forgotPassword: boolean;
  facebook: boolean;
  google: boolean;
  telegram: boolean;
  /** The Telegram bot's name: Telegram login is configured (with `telegram` on). */
  telegramBot?: string | null;
}

type Method = 'username' | 'sms';
type Field = 'username' | 'password' | 'mobile' | 'smsCode' | 'captcha';

const ORDER: Record<Method, readonly Field[]> = {
  username: ['username', 'password', 'captcha'],
  sms: ['mobile', 'smsCode', 'captcha'],
};

const SERVER_FIELDS: Record<string, Field> = {
  username: 'username',
  password: 'password',
  mobileNum: 'mobile',
  verificationCode: 'smsCode',
  captcha: 'captcha',
};

export function LoginForm({ flags, merchantCode }: { flags: LoginFlags; merchantCode: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const navigate = useNavigate();
  const location = useLocation();
  const startSession = useStartSession();
  const setSession = useSessionStore((state) => state.setSession);
  // Sent here because the session ended: why, in the player's language (the server's reason),
  // said while this screen shows.
  const [endedReason] = useState(() => useSessionStore.getState().ended);
  const forgetEnded = useSessionStore((state) => state.forgetEnded);
  useEffect(() => forgetEnded, [forgetEnded]);
  // Sent back from a social sign-in that did not finish (refused consent…): why, in words.
  const sentState = location.state as { socialError?: unknown } | null;
  const socialError = typeof sentState?.socialError === 'string' ? sentState.socialError : null;

  const [saved] = useState(readRememberedLogin);
  const [method, setMethod] = useState<Method>(
    saved?.method === 'sms' && flags.smsLogin ? 'sms' : 'username',
  );
  const [deviceToken, setDeviceToken] = useState(
    saved?.method === 'username' ? saved.deviceToken : undefined,
  );
  const savedUsername = saved?.method === 'username' ? saved.username : '';
  const [dialingCode, setDialingCode] = useState(
    saved?.method === 'sms' ? saved.countryDialingCode : BANGLADESH_DIALING_CODE,
  );
  const [rememberMe, setRememberMe] = useState(saved !== null);
  const [captchaShown, setCaptchaShown] = useState(false);
  const captcha = useCaptcha(captchaShown);
  const lock = useCountdown();
  const [pending, setPending] = useState(false);
  // A player on a break (player protection): refused, with a way into the restricted session.
  const [excluded, setExcluded] = useState<{ kind: string; until: string } | null>(null);
  const restrictedNext = useRef(false);
  // A login from a new device waits for its one-time code.
  const [stepUp, setStepUp] = useState<{ challenge: StepUpChallenge; triedToken: boolean } | null>(
    null,
  );
  const formRef = useRef<HTMLFormElement>(null);

  /** The saved device token stands in for the password while the saved username is kept. */
  const tokenFor = (username: string, password: string) =>
    deviceToken && !password && username.trim() === savedUsername ? deviceToken : undefined;

  const form = useForm<Field>(
    {
      username: savedUsername,
      password: '',
      mobile: saved?.method === 'sms' ? saved.mobileNum : '',
      smsCode: '',
      captcha: '',
    },
    (values, lang) => {
      const captchaProblems = captchaShown ? captchaRule(values.captcha, lang) : [];
      if (method === 'sms') {
        return {
          mobile: mobileRule(values.mobile, dialingCode, lang),
          smsCode: smsCodeRule(values.smsCode, lang),
          captcha: captchaProblems,
        };
      }
      return {
        username: loginUsernameRule(values.username, lang),
        password: tokenFor(values.username, values.password)
          ? []
          : loginPasswordRule(values.password, lang),
        captcha: captchaProblems,
      };
    },
  );
  const { values } = form;
  const usingToken = method === 'username' ? tokenFor(values.username, values.password) : undefined;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending || lock.seconds > 0 || form.submit(ORDER[method])) return;
    const captchaPart =
      captchaShown && captcha.captcha
        ? { captchaId: captcha.captcha.captchaId, captcha: values.captcha }
        : {};
    const body: LoginBody =
      method === 'username'
        ? {
            type: 'username',
            username: values.username.trim(),
            ...(usingToken ? { deviceToken: usingToken } : { password: values.password }),
            rememberMe,
            ...captchaPart,
          }
        : {
            type: 'sms',
            countryDialingCode: dialingCode,
            mobileNum: values.mobile,
            verificationCode: values.smsCode,
            // No device token for SMS logins: a remembered number only fills the form.
            ...captchaPart,
          };
    if (restrictedNext.current) body.restricted = true;
    restrictedNext.current = false;
    setExcluded(null);
    setPending(true);
    try {
      finish(await login(body), usingToken);
    } catch (error) {
      setPending(false);
      const challenge = stepUpChallengeOf(error);
      if (challenge) {
        setStepUp({ challenge, triedToken: usingToken !== undefined });
        return;
      }
      onFailure(error, usingToken !== undefined);
    }
  };

  /** A login that started a session: remember what was asked to, then go on. */
  const finish = (result: LoginResult, token: string | undefined) => {
    if (!rememberMe) forgetLogin();
    else if (method === 'sms') {
      rememberLogin({ method: 'sms', mobileNum: values.mobile, countryDialingCode: dialingCode });
    } else {
      const kept = result.deviceToken ?? token;
      rememberLogin({
        method: 'username',
        username: values.username.trim(),
        ...(kept ? { deviceToken: kept } : {}),
      });
    }
    startSession(result);
  };

  const onFailure = (error: unknown, triedToken: boolean) => {
    const code = errorCodeOf(error);
    const needsCaptcha =
      captchaShown || captchaRequired(error) || code === 'validation.captchaRequired';
    if (needsCaptcha) {
      // A captcha is good for one try: show a fresh one after every failure.
      setCaptchaShown(true);
      form.clear('captcha');
      if (captchaShown) void captcha.reload();
    }
    const wait = retryAfterSeconds(error);
    if (wait) lock.start(Date.now() + wait * 1000);

    if (triedToken && error instanceof ApiError && error.status === 401) {
      // The saved device token was revoked (e.g. a password change): ask for the password.
      replaceDeviceToken(values.username.trim(), null);
      setDeviceToken(undefined);
      form.setServerErrors({ password: [t('auth.savedLoginRevoked')] }, ['password']);
      return;
    }
    if (code === 'captcha.invalid' || code === 'validation.captchaRequired') {
      form.setServerErrors({ captcha: [messageOf(error, language)] }, ['captcha']);
      return;
    }
    if (code === 'session.excluded' && error instanceof ApiError) {
      setExcluded({ kind: String(error.data?.kind), until: String(error.data?.until) });
      return;
    }
    if (code === 'verification.codeError') {
      form.setServerErrors({ smsCode: [messageOf(error, language)] }, ['smsCode']);
      return;
    }
    const fields = mapFieldErrors(error, SERVER_FIELDS);
    if (Object.keys(fields).length > 0) {
      form.setServerErrors(fields, ORDER[method]);
      return;
    }
    showToast(messageOf(error, language), 'error', TOAST_MS.short);
  };

  const startTrial = async () => {
    try {
      const trial = await createTrialUser();
      setSession({
        token: trial.token,
        userName: trial.userName,
        type: trial.customerType,
        merchantCode,
        firstTimeLogin: false,
      });
      showToast(t('auth.trialStarted', { name: trial.userName }), 'success', TOAST_MS.short);
      void navigate(paths.home, { replace: true });
    } catch (error) {
      showToast(messageOf(error, language), 'error');
    }
  };

  const usernameFields = (
    <div className={formStyles.form}>
      <UsernameField {...form.bind('username')} />
      <CurrentPasswordField
        {...form.bind('password')}
        hint={usingToken ? t('auth.savedPassword') : undefined}
      />
    </div>
  );
  const mobileFields = (
    <div className={formStyles.form}>
      <MobileField
        mobile={form.bind('mobile')}
        dialingCode={dialingCode}
        onDialingCodeChange={setDialingCode}
      />
      <FormSmsCodeField
        form={form}
        code="smsCode"
        mobile="mobile"
        dialingCode={dialingCode}
        module="MOBILEVERCODELOGIN3"
      />
    </div>
  );

  if (stepUp) {
    return (
      <StepUpForm
        challenge={stepUp.challenge}
        onDone={(result) => finish(result, stepUp.triedToken ? usingToken : undefined)}
        onCancel={() => {
          setStepUp(null);
          form.clear('password');
        }}
      />
    );
  }

  return (
    <div className={formStyles.form}>
      {endedReason && (
        <p role="alert" className={styles.ended}>
          {SESSION_END_MESSAGES[endedReason][language]}
        </p>
      )}
      {socialError && (
        <p role="alert" className={styles.ended}>
          {socialError}
        </p>
      )}
      <form
        ref={formRef}
        className={formStyles.form}
        noValidate
        onSubmit={(event) => void submit(event)}
      >
        {flags.smsLogin ? (
          <MethodTabs
            label={t('auth.loginMethods')}
            value={method}
            onChange={setMethod}
            tabs={[
              { value: 'username', label: t('auth.byUsername') },
              { value: 'sms', label: t('auth.byMobile') },
            ]}
          >
            {method === 'sms' ? mobileFields : usernameFields}
          </MethodTabs>
        ) : (
          usernameFields
        )}
        {captchaShown && <CaptchaField field={form.bind('captcha')} captcha={captcha} />}
        <label className={styles.checkbox}>
          <input
            type="checkbox"
            checked={rememberMe}
            onChange={(event) => setRememberMe(event.target.checked)}
          />
          <span>{t('auth.rememberMe')}</span>
        </label>
        {lock.seconds > 0 && (
          <p role="status" className={styles.note}>
            {t('auth.retryIn', { seconds: lock.seconds })}
          </p>
        )}
        <button type="submit" className={styles.primary} disabled={pending || lock.seconds > 0}>
          {t('auth.logIn')}
        </button>
        {excluded && (
          <div role="alert" className={formStyles.form}>
            <p className={styles.note}>
              {t(
                excluded.kind === 'timeout'
                  ? 'protection.loginRefused_timeout'
                  : 'protection.loginRefused_self_exclusion',
                { time: formatDate(excluded.until, 'dateTime', language) },
              )}
            </p>
            <button
              type="button"
              className={styles.secondary}
              disabled={pending}
              onClick={() => {
                restrictedNext.current = true;
                formRef.current?.requestSubmit();
              }}
            >
              {t('protection.loginToWithdraw')}
            </button>
          </div>
        )}
      </form>

      <SocialButtons
        offer={{
          google: flags.google,
          facebook: flags.facebook,
          telegramBot: flags.telegram ? (flags.telegramBot ?? null) : null,
        }}
      />

      <nav aria-label={t('auth.moreOptions')}>
        <ul className={styles.strip}>
          <li>
            <Link to={paths.home} className={styles.stripItem}>
              <Icon name="home" />
              {t('auth.home')}
            </Link>
          </li>
          <li>
            <Link
              to={paths.register}
              state={carryLoginReturn(location.state)}
              className={styles.stripItem}
            >
              <Icon name="user" />
              {t('auth.registerNow')}
            </Link>
          </li>
          {flags.forgotPassword && (
            <li>
              <Link to={paths.forget} className={styles.stripItem}>
                <Icon name="lock" />
                {t('auth.forgotPassword')}
              </Link>
            </li>
          )}
          <li>
            <button
              type="button"
              className={styles.stripItem}
              onClick={() => showToast(t('auth.customerServiceSoon'), 'info', TOAST_MS.short)}
            >
              <Icon name="chat" />
              {t('auth.customerService')}
            </button>
          </li>
          <li>
            <button type="button" className={styles.stripItem} onClick={() => void startTrial()}>
              <Icon name="gift" />
              {t('auth.tryIt')}
            </button>
          </li>
        </ul>
      </nav>
    </div>
  );
}
