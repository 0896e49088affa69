/**
 * The unread chat badge: the count, "99+" above 99 (spec §4), nothing at 0. Decorative for
 * readers: the control it sits on carries the count in its name.
 */
import { unreadBadge } from '@khela/contract/constants';
import { useLanguage } from '../../../lib/i18n';
import styles from './unread-badge.module.css';

export function UnreadBadge({ count, className }: { count: number; className?: string }) {
  const language = useLanguage();
  if (count <= 0) return null;
  return (
    <span className={className ? `${styles.badge} ${className}` : styles.badge} aria-hidden="true">
      {unreadBadge(count, language)}
    </span>
  );
}
