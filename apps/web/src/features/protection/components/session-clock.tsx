/** "Logged in 1 h 12 min": the time since this session's login, updated every minute. */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDuration } from '../utils/format';

export function SessionClock({ startedAt, className }: { startedAt: string; className?: string }) {
  const { t } = useTranslation();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 60_000);
    return () => window.clearInterval(timer);
  }, []);
  return (
    <p className={className}>
      {t('protection.loggedInFor', { duration: formatDuration(now - Date.parse(startedAt), t) })}
    </p>
  );
}
