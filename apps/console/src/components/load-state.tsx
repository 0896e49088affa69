/** What a screen shows while its data loads or when it failed: the server's message, and a retry. */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../lib/api';

interface LoadStateProps {
  isPending: boolean;
  error: unknown;
  onRetry?: () => void;
  children: ReactNode;
}

export function LoadState({ isPending, error, onRetry, children }: LoadStateProps) {
  const { t } = useTranslation();
  if (error) {
    return (
      <div role="alert" className="form-error">
        <p>{errorMessage(error)}</p>
        {onRetry && (
          <button type="button" onClick={onRetry}>
            {t('common.retry')}
          </button>
        )}
      </div>
    );
  }
  if (isPending) return <p aria-busy="true">{t('common.loading')}</p>;
  return children;
}
