/**
 * The help centre accordion: one item open at a time. `?i=N` (0-based) opens item N on load and
 * follows the player's choice, so the address can be shared. Titles are buttons with
 * aria-expanded; each answer is a region named by its title. Content is plain text: line breaks
 * are kept, nothing is parsed as HTML.
 */
import type { HelpItem } from '@khela/contract/system';
import { useEffect, useId, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { Icon } from '../../../components/icons';
import { parseItemIndex } from '../api/get-help-items';
import styles from './help.module.css';

export function HelpAccordion({ items }: { items: HelpItem[] }) {
  const baseId = useId();
  const [searchParams, setSearchParams] = useSearchParams();
  const openIndex = parseItemIndex(searchParams.get('i'));
  const openRef = useRef<HTMLLIElement>(null);
  const scrolled = useRef(false);

  useEffect(() => {
    // Bring the item the link pointed at into view, once.
    if (scrolled.current || openIndex === null) return;
    scrolled.current = true;
    openRef.current?.scrollIntoView?.({ block: 'start' });
  }, [openIndex]);

  const toggle = (index: number) => {
    setSearchParams(
      (params) => {
        const next = new URLSearchParams(params);
        if (openIndex === index) next.delete('i');
        else next.set('i', String(index));
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  };

  return (
    <ul className={styles.accordion}>
      {items.map((item, index) => {
        const open = openIndex === index;
        const buttonId = `${baseId}-title-${index}`;
        const panelId = `${baseId}-panel-${index}`;
        return (
          <li key={index} className={styles.item} ref={open ? openRef : undefined}>
            <h2 className={styles.itemHeading}>
              <button
                type="button"
                id={buttonId}
                aria-expanded={open}
                aria-controls={panelId}
                className={styles.trigger}
                onClick={() => toggle(index)}
              >
                <span>{item.title}</span>
                <span className={open ? styles.chevronOpen : styles.chevron}>
                  <Icon name="chevronDown" size={20} />
                </span>
              </button>
            </h2>
            <div
              role="region"
              id={panelId}
              aria-labelledby={buttonId}
              hidden={!open}
              className={styles.panel}
            >
              <p className={styles.content}>{item.content}</p>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
