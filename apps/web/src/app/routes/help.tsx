/** /m/help: the help centre accordion; ?i=N opens item N. */
import { HelpAccordion } from '../../features/help/components/help-accordion';
import { HelpListState } from '../../features/help/components/help-list-state';
import { useHelpItems } from '../../features/help/api/get-help-items';

export function Component() {
  const query = useHelpItems();
  return <HelpListState query={query}>{(items) => <HelpAccordion items={items} />}</HelpListState>;
}
