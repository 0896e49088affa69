/** /m/set: personal settings (language, hide balance, links to security and password). */
import { LanguageSwitcher } from '../../components/language-switcher';
import { SettingsPanel } from '../../features/member/components/settings-panel';
import { flagOn, useSystemStatus } from '../../features/system/api/get-system-status';
import { useSessionStore } from '../../lib/session-store';

export function Component() {
  const hideBalance = useSessionStore((state) => state.hideBalance);
  const toggleHideBalance = useSessionStore((state) => state.toggleHideBalance);
  const status = useSystemStatus();
  return (
    <SettingsPanel
      languageSwitcher={<LanguageSwitcher />}
      hideBalance={hideBalance}
      onToggleHideBalance={toggleHideBalance}
      securityEnabled={flagOn(status.data, 'SECPRIV')}
    />
  );
}
