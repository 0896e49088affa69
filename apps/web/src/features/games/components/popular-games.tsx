/**
 * The popular games (spec §2's popular-games list, §7's popular call): a titled strip of the
 * games most players played lately, 3 a slide in one row under 6 games, 6 in two rows from 6
 * (GameSlider). Nothing when there are none or the call fails: it is a suggestion, not the page.
 */
import type { GameCategory } from '@khela/contract/games';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../lib/i18n';
import { popularGamesQueryOptions } from '../api/catalogue';
import { useGameActions } from '../hooks/use-game-actions';
import { GameSection } from './game-section';
import { GameSlider, GameSliderSkeleton } from './game-slider';
import '../../../locales/games';

export function PopularGames({ category }: { category?: GameCategory }) {
  const { t } = useTranslation();
  const actions = useGameActions();
  const popular = useQuery(popularGamesQueryOptions(useLanguage(), category));
  const title = t('games.popularGames');
  if (popular.isError || popular.data?.length === 0) return null;
  return (
    <GameSection title={title}>
      {popular.isPending ? (
        <GameSliderSkeleton />
      ) : (
        <GameSlider games={popular.data} label={title} {...actions} />
      )}
    </GameSection>
  );
}
