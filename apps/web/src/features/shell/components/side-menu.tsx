/**
 * The side menu (spec §2): home, promotions, reward centre (flag REWCEN3), VIP benefits (to
 * visitors, and to members while VIPBENEFIT3 is on), invite friends (to visitors, and to members
 * who are not agents while the REFERRAL promotion is on), live chat, the help centre and the app
 * download (only outside the installed app). A modal drawer named "Main menu"; the
 * shell closes it on any navigation.
 */
import { isAgent } from '@khela/contract/members';
import type { RoutePath } from '@khela/contract/routes';
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
  /** The REFERRAL promotion flag: members who are not agents see the invite entry only while it
   * is on; visitors always (spec §2, side menu). */
  referralEnabled: boolean;
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

/** A menu entry that leads to a screen, marked as the current page while it is open. */
function LinkRow({ to, icon, label }: { to: RoutePath; icon: IconName; label: string }) {
  const { pathname } = useLocation();
  return (
    <li>
      <Link to={to} className={styles.item} aria-current={pathname === to ? 'page' : undefined}>
        <Row icon={icon} label={label} />
      </Link>
    </li>
  );
}

export function SideMenu({
  rewardCenterEnabled,
  vipBenefitsEnabled,
  referralEnabled,
  showDownload,
  chatEnabled,
  onLiveChat,
}: SideMenuProps) {
  const { t } = useTranslation();
  const open = useSessionStore((state) => state.panel === 'sideMenu');
  const openPanel = useSessionStore((state) => state.openPanel);
  const closePanel = useSessionStore((state) => state.closePanel);
  const loggedIn = useSessionStore((state) => state.session !== null);
  const agent = useSessionStore((state) => state.session !== null && isAgent(state.session.type));
  const showReferral = !loggedIn || (!agent && referralEnabled);

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
          <LinkRow to={paths.home} icon="home" label={t('sideMenu.home')} />
          <LinkRow to={paths.activity} icon="gift" label={t('sideMenu.promotion')} />
          {rewardCenterEnabled && (
            <LinkRow to={paths.rewardCenter} icon="trophy" label={t('sideMenu.rewardCenter')} />
          )}
          {(!loggedIn || vipBenefitsEnabled) && (
            <LinkRow to={paths.vipBenefits} icon="crown" label={t('sideMenu.vip')} />
          )}
          {showReferral && (
            <li>
              <button type="button" className={styles.item} onClick={() => openPanel('referral')}>
                <Row icon="invite" label={t('sideMenu.invite')} />
              </button>
            </li>
          )}
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
          <LinkRow to={paths.help} icon="help" label={t('sideMenu.help')} />
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
