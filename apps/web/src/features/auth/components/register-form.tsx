/**
 * Registration (spec §2, §5): username or mobile-number method (mobile is the default only when
 * it is on and the username method is off), every optional field shown and ruled by the served
 * settings, SMS code and password on the mobile method per settings, captcha per setting, the
 * invitation code (pre-filled and read-only when the domain has one, checked by a call before
 * registering), the 18+ disclaimer that enables the button. The first invalid field takes focus;
 * success logs the player in.
 */
import {
  checkRegistrationField,
  ruleMessage,
  type FieldRule,
  type RegisterBody,
  type RegistrationField,
  type RegistrationSettings,
} from '@khela/contract/accounts';
import { INPUT_LIMITS } from '@khela/contract/constants';
import { ERRORS } from '@khela/contract/errors';
import type { Language } from '@khela/contract/language';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent, type InputHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { paths } from '../../../config/paths';
import { useLanguage } from '../../../lib/i18n';
import { carryLoginReturn } from '../../../lib/login-return';
import { showToast } from '../../../lib/notify';
import {
  checkAffiliateCode,
  register,
  registrationSettingsQueryOptions,
} from '../api/registration';
import { registerWithSocial } from '../api/social';
import { useCaptcha } from '../hooks/use-captcha';
import { useFormState, withRules, type FieldErrors } from '../hooks/use-form';
import { useStartSession } from '../hooks/use-start-session';
import { useUsernameAvailability } from '../hooks/use-username-availability';
import { errorCodeOf, mapFieldErrors, messageOf } from '../utils/api-errors';
import { detectRegisterMethod } from '../utils/register-method';
import {
  BANGLADESH_DIALING_CODE,
  captchaRule,
  confirmPasswordRule,
  LIMITS,
  mobileRule,
  smsCodeRule,
} from '../utils/rules';
import { Dialog } from '../../../components/dialog';
import { CaptchaField } from './captcha-field';
import formStyles from '../../../components/form.module.css';
import styles from './form.module.css';
import { MethodTabs } from './method-tabs';
import { MobileField } from './mobile-field';
import { FormSmsCodeField } from './sms-code-field';
import { ConfirmPasswordField, PasswordField, TextField, UsernameField } from './text-field';

type Method = 'username' | 'mobile';
type Field = RegistrationField | 'confirm' | 'smsCode' | 'captcha';

/** Optional profile fields in display order, with how their input behaves. */
const OPTIONAL_FIELDS: ReadonlyArray<{
  name: Exclude<RegistrationField, 'username' | 'password' | 'paymentPassword' | 'affiliateCode'>;
  input?: Pick<InputHTMLAttributes<HTMLInputElement>, 'type' | 'inputMode' | 'autoComplete'>;
}> = [
  { name: 'nickname', input: { autoComplete: 'nickname' } },
  { name: 'payeeName', input: { autoComplete: 'name' } },
  { name: 'email', input: { type: 'email', inputMode: 'email', autoComplete: 'email' } },
  { name: 'mobileNum' },
  { name: 'idNumber' },
  { name: 'qqNum', input: { inputMode: 'numeric' } },
  { name: 'facebook' },
  { name: 'wechat' },
  { name: 'line' },
  { name: 'whatsapp', input: { type: 'tel', inputMode: 'tel' } },
  { name: 'zalo', input: { type: 'tel', inputMode: 'tel' } },
  { name: 'birthday' },
  { name: 'recommenderId' },
];

const SERVER_FIELDS: Record<string, Field> = {
  username: 'username',
  password: 'password',
  confirmPassword: 'confirm',
  paymentPassword: 'paymentPassword',
  affiliateCode: 'affiliateCode',
  recommenderId: 'recommenderId',
  nickname: 'nickname',
  payeeName: 'payeeName',
  email: 'email',
  mobileNum: 'mobileNum',
  countryDialingCode: 'mobileNum',
  verificationCode: 'smsCode',
  idNumber: 'idNumber',
  qqNum: 'qqNum',
  facebook: 'facebook',
  wechat: 'wechat',
  line: 'line',
  whatsapp: 'whatsapp',
  zalo: 'zalo',
  birthday: 'birthday',
  captcha: 'captcha',
};

const SECRET_FIELDS: ReadonlySet<Field> = new Set(['password', 'confirm', 'paymentPassword']);

/** Which error code belongs under which field. */
const CODE_FIELDS: Record<string, Field> = {
  'member.usernameTaken': 'username',
  'member.mobileTaken': 'mobileNum',
  'affiliate.invalid': 'affiliateCode',
  'verification.codeError': 'smsCode',
  'captcha.invalid': 'captcha',
  'validation.captchaRequired': 'captcha',
  'member.underage': 'birthday',
  'validation.mobileInvalid': 'mobileNum',
  'validation.mobileRequired': 'mobileNum',
};

/** The default tab: mobile only when the mobile method is on and the username one is off. */
export function defaultRegisterMethod(methods: RegistrationSettings['methods']): Method {
  return methods.mobile && !methods.username ? 'mobile' : 'username';
}

const thisYear = () => new Date().getFullYear();

export function RegisterForm({
  settings,
  domainAffiliateCode,
  linkAffiliateCode = null,
  domain = window.location.hostname,
  social,
}: {
  settings: RegistrationSettings;
  /** The invitation code of this site's domain: shown read-only when there is one. */
  domainAffiliateCode: string | null;
  /** The code of a member's invitation link (?affiliateCode=): filled in, still editable. */
  linkAffiliateCode?: string | null;
  domain?: string;
  /**
   * Registration after a social sign-in (docs/social-login.md): the same form and rules, no
   * password (the provider signs the player in), the provider's e-mail and name filled in.
   */
  social?: { ticket: string; suggested: { email?: string; nickname?: string } };
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const queryClient = useQueryClient();
  const startSession = useStartSession();
  const location = useLocation();
  const rules = settings.fields;
  const bothMethods = settings.methods.username && settings.methods.mobile;

  const [method, setMethod] = useState<Method>(() => defaultRegisterMethod(settings.methods));
  const [dialingCode, setDialingCode] = useState(BANGLADESH_DIALING_CODE);
  const [accepted, setAccepted] = useState(false);
  const [affiliateLocked, setAffiliateLocked] = useState(Boolean(domainAffiliateCode));
  const [pending, setPending] = useState(false);
  const [termsOpen, setTermsOpen] = useState(false);
  const onMobile = method === 'mobile';
  const passwordShown = !social && (!onMobile || settings.mobilePassword);
  const smsShown = onMobile && settings.smsVerification;
  // One captcha per sign-up: with an SMS code, the one solved to have it sent (the server takes
  // the code in its place); otherwise one on the form.
  const captchaShown = settings.captcha && !smsShown;
  const captcha = useCaptcha(captchaShown);
  const affiliateShown =
    affiliateLocked || rules.affiliateCode.enabled || Boolean(linkAffiliateCode);
  const optionalShown = OPTIONAL_FIELDS.filter(
    (field) => rules[field.name].enabled && !(onMobile && field.name === 'mobileNum'),
  );

  /** Fields on screen, in display order: the order the first invalid one is found in. */
  const order: Field[] = [
    ...(onMobile ? (['mobileNum'] as const) : (['username'] as const)),
    ...(smsShown ? (['smsCode'] as const) : []),
    ...(passwordShown ? (['password', 'confirm'] as const) : []),
    ...(rules.paymentPassword.enabled ? (['paymentPassword'] as const) : []),
    ...optionalShown.map((field) => field.name),
    ...(affiliateShown ? (['affiliateCode'] as const) : []),
    ...(captchaShown ? (['captcha'] as const) : []),
  ];

  const initial = Object.fromEntries(
    [...Object.keys(rules), 'confirm', 'smsCode', 'captcha'].map((name) => [name, '']),
  ) as Record<Field, string>;
  initial.affiliateCode = domainAffiliateCode ?? linkAffiliateCode ?? '';
  if (social?.suggested.email) initial.email = social.suggested.email;
  if (social?.suggested.nickname) initial.nickname = social.suggested.nickname;

  const passwordRule: FieldRule = {
    ...rules.password,
    enabled: true,
    required: true,
    min: settings.passwordMin,
    max: settings.passwordMax,
  };

  const check = (field: RegistrationField, value: string, rule: FieldRule, lang: Language) =>
    checkRegistrationField(field, value, rule, new Date(), settings.minimumAge).map((problem) =>
      ruleMessage(problem.key, lang, problem.arg),
    );

  const formState = useFormState<Field>(initial);
  const usernameRule: FieldRule = { ...rules.username, enabled: true, required: true };
  const usernameLocallyValid =
    !onMobile &&
    check('username', formState.values.username, usernameRule, formState.language).length === 0;
  const availability = useUsernameAvailability(formState.values.username, usernameLocallyValid);

  const form = withRules<Field>(formState, (values, lang) => {
    const errors: FieldErrors<Field> = {};
    for (const name of order) {
      const value = values[name];
      if (name === 'confirm') errors.confirm = confirmPasswordRule(value, values.password, lang);
      else if (name === 'smsCode') errors.smsCode = smsCodeRule(value, lang);
      else if (name === 'captcha') errors.captcha = captchaRule(value, lang);
      else if (name === 'password') {
        errors.password = check(name, value, passwordRule, lang);
        // The server refuses a password equal to the username too.
        if (!onMobile && value && value.toLowerCase() === values.username.trim().toLowerCase()) {
          errors.password.push(ruleMessage('sameAsUsername', lang));
        }
      } else if (name === 'username') {
        errors.username = check(name, value, usernameRule, lang);
        if (availability === 'taken' && !errors.username.length) {
          errors.username = [ERRORS['member.usernameTaken'][lang]];
        }
      } else if (name === 'mobileNum') {
        const required = onMobile || rules.mobileNum.required;
        const basic = value || required ? mobileRule(value, dialingCode, lang) : [];
        errors.mobileNum = basic.length
          ? basic
          : check(name, value, { ...rules.mobileNum, required }, lang);
      } else if (name === 'affiliateCode') {
        errors.affiliateCode = affiliateLocked ? [] : check(name, value, rules[name], lang);
      } else {
        errors[name] = check(name, value, rules[name], lang);
      }
    }
    return errors;
  });
  const { values } = form;

  const failed = (error: unknown) => {
    const code = errorCodeOf(error) ?? '';
    if (captchaShown) {
      // The captcha is spent whether or not it was right.
      form.clear('captcha');
      void captcha.reload();
    }
    if (code === 'register.methodOff') {
      void queryClient.invalidateQueries(registrationSettingsQueryOptions());
    }
    const field = CODE_FIELDS[code];
    if (field && order.includes(field)) {
      form.setServerErrors({ [field]: [messageOf(error, language)] }, [field]);
      return;
    }
    const fields = mapFieldErrors(error, SERVER_FIELDS);
    const shown = order.filter((name) => fields[name]?.length);
    if (shown.length > 0) {
      form.setServerErrors(fields, order);
      return;
    }
    showToast(messageOf(error, language), 'error');
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending || !accepted || form.submit(order)) return;
    setPending(true);
    try {
      const affiliateCode = affiliateShown ? values.affiliateCode.trim() : '';
      if (affiliateCode) {
        try {
          await checkAffiliateCode(affiliateCode, domain);
        } catch (error) {
          if (errorCodeOf(error) === 'affiliate.invalid') setAffiliateLocked(false);
          throw error;
        }
      }
      const body: RegisterBody = {
        registerMethod: detectRegisterMethod(),
        registerUrl: window.location.href,
        type: 0,
        domain,
      };
      for (const name of order) {
        // Passwords are sent as typed; everything else without surrounding spaces.
        const value = SECRET_FIELDS.has(name) ? values[name] : values[name].trim();
        if (!value) continue;
        if (name === 'confirm') body.confirmPassword = value;
        else if (name === 'smsCode') body.verificationCode = value;
        else if (name === 'captcha') {
          body.captcha = value;
          body.captchaId = captcha.captcha?.captchaId;
        } else body[name] = value;
      }
      if (body.mobileNum) body.countryDialingCode = dialingCode;
      // A mobile sign-up's name was made for the player: say it, and that it may change once.
      const result = social
        ? await registerWithSocial({ ...body, ticket: social.ticket, method })
        : await register(method, body);
      startSession(result, { generatedName: method === 'mobile' });
    } catch (error) {
      setPending(false);
      failed(error);
    }
  };

  if (!settings.methods.username && !settings.methods.mobile) {
    return <p className={styles.note}>{t('auth.registrationClosed')}</p>;
  }

  const mobileField = (
    <MobileField
      mobile={form.bind('mobileNum')}
      dialingCode={dialingCode}
      onDialingCodeChange={setDialingCode}
    />
  );

  const fields = (
    <div className={formStyles.form}>
      {onMobile ? (
        mobileField
      ) : (
        <UsernameField
          {...form.bind('username')}
          maxLength={rules.username.max}
          hint={
            availability === 'available'
              ? t('auth.usernameAvailable')
              : availability === 'checking'
                ? t('auth.usernameChecking')
                : undefined
          }
          hintTone={availability === 'available' ? 'good' : undefined}
        />
      )}
      {smsShown && (
        <FormSmsCodeField
          form={form}
          code="smsCode"
          mobile="mobileNum"
          dialingCode={dialingCode}
          module="REGMOBVERF3"
        />
      )}
      {passwordShown && (
        <>
          <PasswordField
            {...form.bind('password')}
            label={t('auth.password')}
            toggleLabel={t('auth.showPassword')}
            autoComplete="new-password"
          />
          <ConfirmPasswordField {...form.bind('confirm')} />
        </>
      )}
      {rules.paymentPassword.enabled && (
        <PasswordField
          {...form.bind('paymentPassword')}
          label={t('auth.paymentPassword')}
          toggleLabel={t('auth.showPaymentPassword')}
          autoComplete="off"
          inputMode={rules.paymentPassword.pattern === '\\d{6}' ? 'numeric' : undefined}
        />
      )}
      {optionalShown.map(({ name, input }) => {
        if (name === 'mobileNum') return <div key={name}>{mobileField}</div>;
        if (name === 'birthday') {
          return (
            <TextField
              key={name}
              {...form.bind('birthday')}
              label={t('auth.birthday')}
              type="date"
              min={`${INPUT_LIMITS.birthdayMinYear}-01-01`}
              max={`${thisYear()}-12-31`}
              autoComplete="bday"
              onClick={(event) => {
                // Opens the picker on a tap anywhere in the field, where the browser allows it.
                try {
                  event.currentTarget.showPicker();
                } catch {
                  // Not supported or not allowed: the native control still opens its own picker.
                }
              }}
            />
          );
        }
        return (
          <TextField
            key={name}
            {...form.bind(name)}
            {...input}
            label={t(`auth.${name}`)}
            maxLength={name === 'email' ? LIMITS.email : rules[name].max}
          />
        );
      })}
      {affiliateShown && (
        <TextField
          {...form.bind('affiliateCode')}
          label={t('auth.affiliateCode')}
          readOnly={affiliateLocked}
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          maxLength={rules.affiliateCode.max}
          hint={affiliateLocked ? t('auth.siteInvitation') : undefined}
        />
      )}
      {captchaShown && <CaptchaField field={form.bind('captcha')} captcha={captcha} />}
    </div>
  );

  return (
    <div className={formStyles.form}>
      <form className={formStyles.form} noValidate onSubmit={(event) => void submit(event)}>
        {bothMethods ? (
          <MethodTabs
            label={t('auth.registerMethods')}
            value={method}
            onChange={setMethod}
            tabs={[
              { value: 'username', label: t('auth.byUsername') },
              { value: 'mobile', label: t('auth.byMobile') },
            ]}
          >
            {fields}
          </MethodTabs>
        ) : (
          fields
        )}
        <label className={styles.checkbox}>
          <input
            type="checkbox"
            checked={accepted}
            onChange={(event) => setAccepted(event.target.checked)}
          />
          <span>{t('auth.disclaimer', { age: settings.minimumAge })}</span>
        </label>
        {/* Over the form, so what the player typed stays as it is. */}
        <button type="button" className={styles.textLink} onClick={() => setTermsOpen(true)}>
          {t('auth.readTerms')}
        </button>
        <Dialog open={termsOpen} onClose={() => setTermsOpen(false)} title={t('auth.termsTitle')}>
          {t('auth.terms', { age: settings.minimumAge })
            .split('\n')
            .map((paragraph) => (
              <p key={paragraph} className={styles.intro}>
                {paragraph}
              </p>
            ))}
        </Dialog>
        <button type="submit" className={styles.primary} disabled={!accepted || pending}>
          {t('auth.register')}
        </button>
      </form>
      {!social && (
        <p className={styles.footerText}>
          {t('auth.haveAccount')}{' '}
          <Link to={paths.login} state={carryLoginReturn(location.state)}>
            {t('auth.logInLink')}
          </Link>
        </p>
      )}
    </div>
  );
}
