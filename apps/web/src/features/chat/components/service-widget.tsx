/**
 * The service widget (spec §2, Inbox and chat): a button at the title bar's end (the spec's
 * floating button covered amounts and tiles at 360 px; issue 18) that opens a sheet with
 * live chat (through CBS_launchChat; logged out goes to login) and the social channels of the
 * customer-service list (Telegram, Facebook, WhatsApp), with the unread chat badge, and the
 * way to the live hosts (/m/liveHosts).
 * `chatEnabled` is the CBS3 white-label flag from the system status.
 */
import { unreadBadge } from '@khela/contract/constants';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Dialog } from '../../../components/dialog';
import { Icon } from '../../../components/icons';
import { Spinner } from '../../../components/spinner';
import { paths } from '../../../config/paths';
import { socialChannels, useCustomerService } from '../api/channels';
import { useLaunchChat } from '../api/launch-chat';
import { useChatUnreadCount } from '../api/unread-count';
import { CHANNEL_ICONS } from './channel-icons';
import styles from './service-widget.module.css';
import { UnreadBadge } from './unread-badge';
import '../strings';
import { useLanguage } from '../../../lib/i18n';

export function ServiceWidget({ chatEnabled }: { chatEnabled: boolean }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [open, setOpen] = useState(false);
  const unread = useChatUnreadCount(chatEnabled);
  const { launch, opening } = useLaunchChat();
  // Asked for only once the sheet opens: nothing extra on the home page's first load.
  const entries = useCustomerService(open);
  const channels = socialChannels(entries.data);
  const unreadText =
    unread > 0 ? t('serviceWidget.unread', { badge: unreadBadge(unread, language) }) : '';

  return (
    <>
      <button
        type="button"
        className={styles.button}
        aria-haspopup="dialog"
        aria-label={
          unread > 0
            ? t('serviceWidget.openWithUnread', { badge: unreadBadge(unread, language) })
            : t('serviceWidget.open')
        }
        onClick={() => setOpen(true)}
      >
        <Icon name="chat" size={24} />
        <UnreadBadge count={unread} className={styles.buttonBadge} />
      </button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title={t('serviceWidget.title')}
        closeLabel={t('serviceWidget.close')}
        variant="sheet"
      >
        <ul className={styles.list}>
          {chatEnabled && (
            <li>
              <button
                type="button"
                className={styles.item}
                disabled={opening}
                onClick={() => {
                  void launch().then(() => setOpen(false));
                }}
              >
                <span className={styles.icon}>
                  <Icon name="chat" />
                </span>
                <span className={styles.text}>
                  <span className={styles.name}>{t('serviceWidget.liveChat')}</span>
                  <span className={styles.hint}>
                    {opening ? t('serviceWidget.opening') : t('serviceWidget.liveChatHint')}
                  </span>
                </span>
                {unread > 0 && <span className="visually-hidden">{unreadText}</span>}
                <UnreadBadge count={unread} />
              </button>
            </li>
          )}
          {chatEnabled && (
            <li>
              <Link to={paths.liveHosts} className={styles.item} onClick={() => setOpen(false)}>
                <span className={styles.icon}>
                  <Icon name="people" />
                </span>
                <span className={styles.text}>
                  <span className={styles.name}>{t('serviceWidget.liveHosts')}</span>
                  <span className={styles.hint}>{t('serviceWidget.liveHostsHint')}</span>
                </span>
              </Link>
            </li>
          )}
          {channels.map((channel) => (
            <li key={`${channel.type}-${channel.href}`}>
              <a
                href={channel.href}
                target="_blank"
                rel="noopener noreferrer"
                className={styles.item}
              >
                <span className={styles.icon}>
                  <Icon name={CHANNEL_ICONS[channel.type]} />
                </span>
                <span className={styles.name}>{t(`serviceWidget.${channel.type}`)}</span>
              </a>
            </li>
          ))}
        </ul>
        {entries.isPending && <Spinner label={t('common.loading')} />}
        {!entries.isPending && !chatEnabled && channels.length === 0 && (
          <p className={styles.empty}>{t('serviceWidget.noChannels')}</p>
        )}
      </Dialog>
    </>
  );
}
