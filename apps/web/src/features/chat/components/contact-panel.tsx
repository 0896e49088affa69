/**
 * The promo-and-contact panel (spec §2, Inbox and chat): official channels (the social
 * customer-service entries and the Telegram and Facebook links of the download list),
 * alternative entrance domains (system status `info.domainRoute`, passed in) and a link to
 * comments and suggestions (the feedback screen).
 */
import type { DomainEntry } from '@khela/contract/settings';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon } from '../../../components/icons';
import { paths } from '../../../config/paths';
import {
  entranceHref,
  officialChannels,
  useChannelDownloads,
  useCustomerService,
} from '../api/channels';
import { CHANNEL_ICONS } from './channel-icons';
import styles from './contact-panel.module.css';
import '../strings';

export function ContactPanel({ domains }: { domains: readonly DomainEntry[] }) {
  const { t } = useTranslation();
  const id = useId();
  const entries = useCustomerService();
  const downloads = useChannelDownloads();
  const channels = officialChannels(entries.data, downloads.data);
  const entrances = domains.flatMap((domain) => {
    const href = entranceHref(domain.domainName);
    return href ? [{ href, name: domain.domainName }] : [];
  });
  const loading = entries.isPending || downloads.isPending;

  return (
    <section className={styles.panel} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.title}>
        {t('contactPanel.title')}
      </h2>

      <section aria-labelledby={`${id}-channels`}>
        <h3 id={`${id}-channels`} className={styles.heading}>
          {t('contactPanel.channels')}
        </h3>
        {channels.length > 0 ? (
          <ul className={styles.links}>
            {channels.map((channel) => (
              <li key={channel.href}>
                <a
                  href={channel.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  className={styles.link}
                >
                  <Icon name={CHANNEL_ICONS[channel.type]} />
                  {t(`contactPanel.${channel.type}`)}
                </a>
              </li>
            ))}
          </ul>
        ) : (
          !loading && <p className={styles.muted}>{t('contactPanel.noChannels')}</p>
        )}
      </section>

      <section aria-labelledby={`${id}-domains`}>
        <h3 id={`${id}-domains`} className={styles.heading}>
          {t('contactPanel.domains')}
        </h3>
        {entrances.length > 0 ? (
          <>
            <p className={styles.muted}>{t('contactPanel.domainsHint')}</p>
            <ul className={styles.links}>
              {entrances.map((entrance) => (
                <li key={entrance.href}>
                  <a href={entrance.href} rel="noopener" className={styles.link}>
                    <Icon name="globe" />
                    {entrance.name}
                  </a>
                </li>
              ))}
            </ul>
          </>
        ) : (
          <p className={styles.muted}>{t('contactPanel.noDomains')}</p>
        )}
      </section>

      <Link to={paths.feedback} className={styles.feedback}>
        <Icon name="edit" />
        <span className={styles.feedbackText}>
          <span className={styles.feedbackName}>{t('contactPanel.feedback')}</span>
          <span className={styles.muted}>{t('contactPanel.feedbackHint')}</span>
        </span>
      </Link>
    </section>
  );
}
