/**
 * /m/lottery (?nodeId= picks the game): our lottery page, where the lottery launch leads. Anyone
 * can watch the draws; betting needs a session. The header balance refreshes after a bet.
 */
import { useSearchParams } from 'react-router';
import { useRefreshWallet } from '../../features/account/api/wallet-refresh';
import { LotteryPage } from '../../features/lottery/components/lottery-page';
import { useLanguage } from '../../lib/i18n';
import { useSessionStore } from '../../lib/session-store';

export function Component() {
  const language = useLanguage();
  const [params, setParams] = useSearchParams();
  const session = useSessionStore((state) => state.session);
  const refreshWallet = useRefreshWallet();
  return (
    <LotteryPage
      nodeId={params.get('nodeId')}
      onSelect={(nodeId) => setParams({ nodeId }, { replace: true })}
      token={session?.token}
      language={language}
      onMoneyMoved={refreshWallet}
    />
  );
}
