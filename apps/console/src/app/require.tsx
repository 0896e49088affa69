/** A section the operator's role may not open: said so instead of a screen that would be refused. */
import type { Permission } from '@khela/contract/operators';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../lib/session';

export function Require({ permission, children }: { permission: Permission; children: ReactNode }) {
  const { t } = useTranslation();
  if (!useCan()(permission)) {
    return (
      <section>
        <h1>{t('shell.forbiddenTitle')}</h1>
        <p>{t('shell.forbidden')}</p>
      </section>
    );
  }
  return children;
}
