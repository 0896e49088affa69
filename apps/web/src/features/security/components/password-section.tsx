/** The login password, a section of the security centre: a link to the change-password screen. */
import '../strings';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import formStyles from '../../../components/form.module.css';

export function PasswordSection() {
  const { t } = useTranslation();
  const id = useId();
  return (
    <section className={formStyles.card} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={formStyles.title}>
        {t('security.passwordTitle')}
      </h2>
      <p className={formStyles.muted}>{t('security.passwordIntro')}</p>
      <Link to={paths.changePassword} className={formStyles.secondary}>
        {t('security.changePassword')}
      </Link>
    </section>
  );
}
