/**
 * The help centre accordion: one item open at a time. `?i=N` (0-based) opens item N on load and
 * follows the player's choice, so the address can be shared. Titles are buttons with
 * aria-expanded; each answer is a region named by its title. Content is plain text: line breaks
 * are kept, nothing is parsed as HTML.
 */
import type { HelpItem } from '@khela/contract/system';
import { accordionStyles, AccordionItem, useOpenItem } from '../../../components/accordion';
import styles from './help.module.css';

export function HelpAccordion({ items }: { items: HelpItem[] }) {
  const { openIndex, toggle, openRef } = useOpenItem('i');

  return (
    <ul className={accordionStyles.list}>
      {items.map((item, index) => {
        const open = openIndex === index;
        return (
          <AccordionItem
            key={index}
            open={open}
            onToggle={() => toggle(index)}
            ref={open ? openRef : undefined}
            triggerClassName={styles.trigger}
            title={<span>{item.title}</span>}
          >
            <p className={styles.content}>{item.content}</p>
          </AccordionItem>
        );
      })}
    </ul>
  );
}
