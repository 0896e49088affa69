/**
 * /m/fav-games: the member's favourite games (200 a page); without a session, login. Taking the
 * heart off a game removes it from this list at once.
 */
import { PAGE_SIZE } from '@khela/contract/constants';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { favouriteListQueryOptions } from '../../features/games/api/favourites';
import { GameGrid, GameGridSkeleton } from '../../features/games/components/game-grid';
import { EmptyState, LoadFailed } from '../../components/load-state';
import { useGameActions } from '../../features/games/hooks/use-game-actions';
import { useLanguage } from '../../lib/i18n';
import { useMemberSession } from '../../lib/session-store';

export function Component() {
  const { token } = useMemberSession();
  return <Favourites token={token} />;
}

function Favourites({ token }: { token: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const actions = useGameActions();
  const favourites = useQuery(favouriteListQueryOptions(token, language, PAGE_SIZE.favourites));
  if (favourites.isPending) return <GameGridSkeleton count={12} />;
  if (favourites.isError) {
    return (
      <LoadFailed onRetry={() => void favourites.refetch()} retrying={favourites.isFetching} />
    );
  }
  if (favourites.data.content.length === 0) {
    return <EmptyState>{t('games.favouritesEmpty')}</EmptyState>;
  }
  return (
    <GameGrid
      pages={[favourites.data.content]}
      label={t('games.favourites')}
      eagerCount={9}
      {...actions}
    />
  );
}
