/** /m/hot-games: every hot game, by rank. */
import { useTranslation } from 'react-i18next';
import { useHotGames } from '../../features/games/api/catalogue';
import { GameGrid, GameGridSkeleton } from '../../features/games/components/game-grid';
import { EmptyState, LoadFailed } from '../../components/load-state';
import { useGameActions } from '../../features/games/hooks/use-game-actions';

export function Component() {
  const { t } = useTranslation();
  const hot = useHotGames();
  const actions = useGameActions();
  if (hot.isPending) return <GameGridSkeleton count={12} />;
  if (hot.isError)
    return <LoadFailed onRetry={() => void hot.refetch()} retrying={hot.isFetching} />;
  if (hot.data.length === 0) return <EmptyState>{t('games.empty')}</EmptyState>;
  return <GameGrid pages={[hot.data]} label={t('games.hotGames')} eagerCount={9} {...actions} />;
}
