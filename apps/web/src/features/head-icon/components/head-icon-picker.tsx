/**
 * The member centre's head icon: the picture as a button that opens the chooser, a dialog with
 * the twelve drawn avatars (one tap chooses) and an upload of the member's own photo. A file over
 * 2 MB is refused here without sending it; the server judges the rest by decoding the file and
 * its refusal shows in the dialog in the member's language.
 */
import { errorMessage } from '@khela/contract/errors';
import {
  DRAWN_AVATAR_IDS,
  drawnAvatarUrl,
  HEAD_ICON_LIMITS,
  type HeadIcon,
  type HeadIconBody,
} from '@khela/contract/head-icon';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../components/dialog';
import { Icon } from '../../../components/icons';
import { ApiError } from '../../../lib/api-client';
import { useLanguage } from '../../../lib/i18n';
import { showToast } from '../../../lib/notify';
import { headIconQueryOptions, readAsDataUrl, setHeadIcon } from '../api/head-icon';
import { HeadIconImage } from './head-icon-image';
import styles from './head-icon.module.css';

export function HeadIconPicker({ token, size = 48 }: { token: string; size?: number }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const id = useId();
  const queryClient = useQueryClient();
  const current = useQuery(headIconQueryOptions(token));
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    setOpen(false);
    setError(null);
  };

  const send = async (body: HeadIconBody) => {
    setBusy(true);
    setError(null);
    try {
      const icon: HeadIcon = await setHeadIcon(body);
      queryClient.setQueryData(headIconQueryOptions(token).queryKey, icon);
      showToast(t('headIcon.saved'), 'success');
      close();
    } catch (caught) {
      if (!(caught instanceof ApiError)) throw caught;
      setError(caught.message);
    } finally {
      setBusy(false);
    }
  };

  const upload = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > HEAD_ICON_LIMITS.imageBytes) {
      setError(errorMessage('headIcon.imageTooLarge', language));
      return;
    }
    await send({ image: await readAsDataUrl(file) });
  };

  return (
    <>
      <button
        type="button"
        className={styles.change}
        aria-label={t('headIcon.change')}
        onClick={() => setOpen(true)}
      >
        <HeadIconImage token={token} size={size} />
        <span className={styles.pencil} aria-hidden="true">
          <Icon name="edit" size={12} />
        </span>
      </button>
      <Dialog open={open} onClose={close} title={t('headIcon.title')} variant="sheet">
        <div role="radiogroup" aria-label={t('headIcon.drawn')} className={styles.grid}>
          {DRAWN_AVATAR_IDS.map((n) => (
            <button
              key={n}
              type="button"
              role="radio"
              aria-checked={current.data?.kind === 'drawn' && current.data.drawnId === n}
              aria-label={t('headIcon.avatar', { n })}
              className={styles.choice}
              disabled={busy}
              onClick={() => void send({ drawnId: n })}
            >
              <img src={drawnAvatarUrl(n)} alt="" width={56} height={56} />
            </button>
          ))}
        </div>
        <div className={styles.upload}>
          <label htmlFor={`${id}-file`}>{t('headIcon.upload')}</label>
          <input
            id={`${id}-file`}
            type="file"
            accept="image/png,image/jpeg,image/webp"
            disabled={busy}
            aria-describedby={`${id}-hint`}
            aria-invalid={error ? true : undefined}
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              void upload(file);
            }}
          />
          <p id={`${id}-hint`} className={styles.hint}>
            {t('headIcon.hint')}
          </p>
        </div>
        {error && (
          <p role="alert" className={styles.error}>
            {error}
          </p>
        )}
      </Dialog>
    </>
  );
}
