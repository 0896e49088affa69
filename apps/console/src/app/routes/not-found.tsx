import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export default function NotFoundRoute() {
  const { t } = useTranslation();
  return (
    <section>
      <h1>{t('shell.notFoundTitle')}</h1>
      <Link to="/">{t('nav.dashboard')}</Link>
    </section>
  );
}
