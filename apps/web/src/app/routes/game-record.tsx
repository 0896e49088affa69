/**
 * /m/gameRecord: the member's game records (login required); the member bet-report flag
 * (TRANSBETREPMEM3) off shows the spec's contact_service message instead.
 */
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/spinner';
import {
  currencySymbol,
  flagOn,
  useSystemStatus,
} from '../../features/system/api/get-system-status';
import { GameRecords } from '../../features/records/components/game-records';
import { useMemberSession } from '../../lib/session-store';

export function Component() {
  const { token } = useMemberSession();
  const { t } = useTranslation();
  const status = useSystemStatus();
  return status.isPending ? (
    <Spinner label={t('common.loading')} block />
  ) : (
    <GameRecords
      token={token}
      currencySymbol={currencySymbol(status.data)}
      // Without the status (it failed to load) the server still has the last word.
      enabled={status.data ? flagOn(status.data, 'TRANSBETREPMEM3') : true}
    />
  );
}
