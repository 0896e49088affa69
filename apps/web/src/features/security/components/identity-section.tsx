/**
 * Identity check (KYC), a section of the security centre: the state of the player's documents
 * and, when they may send them (none yet, or rejected), the front and back of an ID and a selfie.
 * Phones open the camera (`capture`); the server checks and re-encodes the photos.
 */
import { QueryState } from '../../../components/load-state';
import '../strings';
import { KYC_LIMITS, KYC_SIDES, type KycSide, type KycStatus } from '@khela/contract/kyc';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/spinner';
import { ApiError } from '../../../lib/api-client';
import { showToast } from '../../../lib/notify';
import { kycQueryKey, kycQueryOptions, readAsDataUrl, sendKyc } from '../api/kyc';
import formStyles from '../../../components/form.module.css';
import styles from './security.module.css';

export function IdentitySection({ token }: { token: string }) {
  const { t } = useTranslation();
  const id = useId();
  const status = useQuery(kycQueryOptions(token));
  return (
    <section className={formStyles.card} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={formStyles.title}>
        {t('security.kycTitle')}
      </h2>
      {status.isPending || status.isError ? (
        <QueryState query={status} loading={<Spinner label={t('common.loading')} />} />
      ) : (
        <>
          <KycState status={status.data} />
          {status.data.canUpload && <KycForm />}
        </>
      )}
    </section>
  );
}

function KycState({ status }: { status: KycStatus }) {
  const { t } = useTranslation();
  return (
    <>
      <p className={formStyles.muted} role="status">
        <span className={styles.strong}>{t(`security.kyc_${status.state}`)}</span>
        {status.state === 'rejected' && status.reason
          ? ` ${t('security.kycReason', { reason: status.reason })}`
          : ''}
      </p>
      {status.waitingWithdrawals > 0 && (
        <p className={formStyles.muted}>
          {t('security.kycWaitingWithdrawals', { count: status.waitingWithdrawals })}
        </p>
      )}
    </>
  );
}

type Files = Partial<Record<KycSide, File>>;
type Errors = Partial<Record<KycSide, string>>;

function KycForm() {
  const { t } = useTranslation();
  const id = useId();
  const queryClient = useQueryClient();
  const [files, setFiles] = useState<Files>({});
  const [errors, setErrors] = useState<Errors>({});
  const send = useMutation({ meta: { silent: true }, mutationFn: sendKyc });

  const focus = (side: KycSide) => document.getElementById(`${id}-${side}`)?.focus();
  const fail = (next: Errors) => {
    setErrors(next);
    const first = KYC_SIDES.find((side) => next[side]);
    if (first) focus(first);
  };

  const pick = (side: KycSide, file: File | undefined) => {
    setFiles((current) => ({ ...current, [side]: file }));
    setErrors((current) => ({ ...current, [side]: undefined }));
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const problems: Errors = {};
    for (const side of KYC_SIDES) {
      const file = files[side];
      if (!file) problems[side] = t('security.kycRequired');
      else if (file.type && !file.type.startsWith('image/')) problems[side] = t('security.kycType');
      else if (file.size > KYC_LIMITS.imageBytes) problems[side] = t('security.kycTooLarge');
    }
    if (Object.keys(problems).length > 0) {
      fail(problems);
      return;
    }
    try {
      const [front, back, selfie] = await Promise.all(
        KYC_SIDES.map(async (side) => ({ data: await readAsDataUrl(files[side]!) })),
      );
      const status = await send.mutateAsync({ front: front!, back: back!, selfie: selfie! });
      queryClient.setQueriesData({ queryKey: kycQueryKey }, status);
      showToast(t('security.kycSent'), 'success');
      setFiles({});
      await queryClient.invalidateQueries({ queryKey: kycQueryKey });
    } catch (caught) {
      if (!(caught instanceof ApiError)) throw caught;
      const field = caught.data?.field;
      if (typeof field === 'string' && (KYC_SIDES as readonly string[]).includes(field)) {
        fail({ [field]: caught.message });
      } else {
        showToast(caught.message, 'error');
      }
    }
  };

  const label: Record<KycSide, string> = {
    front: t('security.kycFront'),
    back: t('security.kycBack'),
    selfie: t('security.kycSelfie'),
  };

  return (
    <form className={formStyles.form} noValidate onSubmit={(event) => void onSubmit(event)}>
      <p className={formStyles.muted}>{t('security.kycIntro')}</p>
      {KYC_SIDES.map((side) => {
        const note = errors[side] ?? (files[side] ? files[side].name : t('security.kycHint'));
        return (
          <div key={side} className={formStyles.field}>
            <label htmlFor={`${id}-${side}`} className={formStyles.label}>
              {label[side]}
            </label>
            <input
              id={`${id}-${side}`}
              className={formStyles.input}
              type="file"
              accept="image/*"
              capture={side === 'selfie' ? 'user' : 'environment'}
              aria-invalid={errors[side] ? true : undefined}
              aria-describedby={`${id}-${side}-note`}
              onChange={(event) => pick(side, event.target.files?.[0])}
            />
            <p
              id={`${id}-${side}-note`}
              className={errors[side] ? formStyles.error : formStyles.muted}
            >
              {note}
            </p>
          </div>
        );
      })}
      <button type="submit" className={formStyles.primary} disabled={send.isPending}>
        {send.isPending ? t('security.kycSending') : t('security.kycSend')}
      </button>
    </form>
  );
}
