/** The same_password popup: the new password must differ from the old one. */
import { ERRORS } from '@khela/contract/errors';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../components/dialog';
import { useLanguage } from '../../../lib/i18n';
import styles from './form.module.css';

export function SamePasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <Dialog open={open} onClose={onClose} title={t('auth.samePasswordTitle')}>
      <p role="alert">{ERRORS['modify.new.old.same'][language]}</p>
      <div className={styles.dialogActions}>
        <button type="button" className={styles.primary} onClick={onClose}>
          {t('auth.ok')}
        </button>
      </div>
    </Dialog>
  );
}
