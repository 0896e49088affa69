/**
 * The member's head icon as a round picture: the drawn avatar or upload the server names, or a
 * silhouette until the member chooses one. Decorative by default (the name stands beside it).
 */
import { isGuest } from '@khela/contract/members';
import { useQuery } from '@tanstack/react-query';
import { Icon } from '../../../components/icons';
import { useSessionStore } from '../../../lib/session-store';
import { headIconQueryOptions } from '../api/head-icon';
import styles from './head-icon.module.css';

export function HeadIconImage({
  token,
  size,
  alt = '',
}: {
  token: string;
  size: number;
  alt?: string;
}) {
  const icon = useQuery(headIconQueryOptions(token));
  const url = icon.data?.url;
  return (
    <span className={styles.frame} style={{ width: size, height: size }}>
      {url ? (
        <img src={url} alt={alt} width={size} height={size} className={styles.image} />
      ) : (
        <Icon name="user" size={Math.round(size * 0.6)} />
      )}
    </span>
  );
}

/** The header's small head icon: only for a member (a visitor or trial account has none). */
export function HeaderHeadIcon() {
  const session = useSessionStore((state) => state.session);
  if (!session || isGuest(session.type)) return null;
  return <HeadIconImage token={session.token} size={20} />;
}
