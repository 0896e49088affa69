/**
 * The side menu (spec §2): home, promotions, reward centre (flag REWCEN3), VIP benefits (to
 * visitors, and to members while VIPBENEFIT3 is on), invite friends, live chat, the help centre
 * and the app download (only outside the installed app). A modal drawer named "Main menu"; the
 * shell closes it on any navigation.
 */
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { AgeNotice } from '../../../components/age-notice';
import { Dialog } from '../../../components/dialog';
import { Icon, LogoMark, type IconName } from '../../../components/icons';
import { paths } from '../../../config/paths';
import { useSessionStore } from '../../../lib/session-store';
import styles from './side-menu.module.css';

interface SideMenuProps {
  rewardCenterEnabled: boolean;
  /** The VIPBENEFIT3 flag: members see the VIP entry only while it is on; visitors always. */
  vipBenefitsEnabled: boolean;
  showDownload: boolean;
  /** The CBS3 white-label flag: live chat is offered only while it is on. */
  chatEnabled: boolean;
  /** Opens live chat (the shell passes the chat feature's launcher). */
  onLiveChat: () => void;
}

function Row({ icon, label }: { icon: IconName; label: string }) {
  return (
    <>
      <span className={styles.icon}>
        <Icon name={icon} />
      </span>
      <span>{label}</span>
    </>
  );
}

export function SideMenu({
  rewardCenterEnabled,
  vipBenefitsEnabled,
  showDownload,
  chatEnabled,
  onLiveChat,
}: SideMenuProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const open = useSessionStore((state) => state.panel === 'sideMenu');
  const openPanel = useSessionStore((state) => state.openPanel);
  const closePanel = useSessionStore((state) => state.closePanel);
  const loggedIn = useSessionStore((state) => state.session !== null);
  const current = (path: string) => (pathname === path ? ('page' as const) : undefined);

  return (
    <Dialog
      open={open}
      onClose={closePanel}
      label={t('sideMenu.label')}
      closeLabel={t('sideMenu.close')}
      variant="drawer"
    >
      <div className={styles.brand}>
        <LogoMark size={40} />
        <span>{t('common.brand')}</span>
      </div>
      <nav>
        <ul className={styles.list}>
          <li>
            <Link to={paths.home} className={styles.item} aria-current={current(paths.home)}>
              <Row icon="home" label={t('sideMenu.home')} />
            </Link>
          </li>
          <li>
            <Link
              to={paths.activity}
              className={styles.item}
              aria-current={current(paths.activity)}
            >
              <Row icon="gift" label={t('sideMenu.promotion')} />
            </Link>
          </li>
          {rewardCenterEnabled && (
            <li>
              <Link
                to={paths.rewardCenter}
                className={styles.item}
                aria-current={current(paths.rewardCenter)}
              >
                <Row icon="trophy" label={t('sideMenu.rewardCenter')} />
              </Link>
            </li>
          )}
          {(!loggedIn || vipBenefitsEnabled) && (
            <li>
              <Link
                to={paths.vipBenefits}
                className={styles.item}
                aria-current={current(paths.vipBenefits)}
              >
                <Row icon="trophy" label={t('sideMenu.vip')} />
              </Link>
            </li>
          )}
          <li>
            <button type="button" className={styles.item} onClick={() => openPanel('referral')}>
              <Row icon="invite" label={t('sideMenu.invite')} />
            </button>
          </li>
          {chatEnabled && (
            <li>
              <button
                type="button"
                className={styles.item}
                onClick={() => {
                  closePanel();
                  onLiveChat();
                }}
              >
                <Row icon="chat" label={t('sideMenu.liveChat')} />
              </button>
            </li>
          )}
          <li>
            <Link to={paths.help} className={styles.item} aria-current={current(paths.help)}>
              <Row icon="help" label={t('sideMenu.help')} />
            </Link>
          </li>
          {showDownload && (
            <li>
              <button type="button" className={styles.item} onClick={() => openPanel('download')}>
                <Row icon="download" label={t('sideMenu.download')} />
              </button>
            </li>
          )}
        </ul>
      </nav>
      <div className={styles.notice}>
        <AgeNotice />
      </div>
    </Dialog>
  );
}
