/**
 * Promotion and notice bodies. The server sanitises this HTML when the operator writes it (no
 * scripts, event handlers, javascript: links or frames), and the page's CSP allows no inline
 * script either, so it is shown as HTML.
 */
import styles from './content.module.css';

export function HtmlContent({ html }: { html: string }) {
  return <div className={styles.html} dangerouslySetInnerHTML={{ __html: html }} />;
}
