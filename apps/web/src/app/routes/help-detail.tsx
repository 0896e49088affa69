/** /m/helpDetail?i=N: one help item on its own page. */
import { useSearchParams } from 'react-router';
import { parseItemIndex } from '../../components/accordion';
import { useHelpItems } from '../../features/help/api/get-help-items';
import { HelpArticle } from '../../features/help/components/help-article';
import { HelpListState } from '../../features/help/components/help-list-state';

export function Component() {
  const [searchParams] = useSearchParams();
  const index = parseItemIndex(searchParams.get('i'));
  const query = useHelpItems();
  return (
    <HelpListState query={query}>
      {(items) => <HelpArticle item={index === null ? undefined : items[index]} />}
    </HelpListState>
  );
}
