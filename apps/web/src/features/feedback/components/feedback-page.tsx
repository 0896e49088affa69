/**
 * /m/feedback: write feedback between the operator's word bounds and attach up to 3 PNG or JPG
 * images of at most 5 MB (checked here by their first bytes, as the server does again); below,
 * the member's earlier feedback with the operator's answers.
 */
import { formatDate } from '@khela/contract/date';
import '../strings';
import { countWords, detectImageType, FEEDBACK_LIMITS } from '@khela/contract/feedback';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/icons';
import { Spinner } from '../../../components/spinner';
import { ApiError } from '../../../lib/api-client';
import { useLanguage } from '../../../lib/i18n';
import { feedbackListQueryOptions, readAsDataUrl, sendFeedback } from '../api/feedback';
import styles from '../../../components/messages.module.css';

interface Attached {
  name: string;
  data: string;
}

/** Why a picked file cannot be attached, or null when it can. */
export async function imageProblem(file: File): Promise<'imageType' | 'imageTooLarge' | null> {
  if (file.size > FEEDBACK_LIMITS.imageBytes) return 'imageTooLarge';
  const head = new Uint8Array(await file.slice(0, 8).arrayBuffer());
  return detectImageType(head) ? null : 'imageType';
}

export function FeedbackPage({ token }: { token: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const queryClient = useQueryClient();
  const ids = { content: useId(), count: useId(), files: useId(), errors: useId() };
  const list = useQuery(feedbackListQueryOptions(token));
  const [content, setContent] = useState('');
  const [images, setImages] = useState<Attached[]>([]);
  const [errors, setErrors] = useState<string[]>([]);
  const [sent, setSent] = useState(false);
  const min = list.data?.minWords ?? 1;
  const max = list.data?.maxWords ?? 500;
  const words = countWords(content);

  const send = useMutation({
    mutationFn: sendFeedback,
    meta: { silent: true },
    onSuccess: () => {
      setContent('');
      setImages([]);
      setErrors([]);
      setSent(true);
      void queryClient.invalidateQueries({ queryKey: feedbackListQueryOptions(token).queryKey });
    },
    onError: (error) => {
      const fields = error instanceof ApiError ? error.data?.fields : undefined;
      setErrors(
        fields && typeof fields === 'object'
          ? Object.values(fields as Record<string, string[]>).flat()
          : [error.message],
      );
    },
  });

  const pick = async (files: FileList | null) => {
    if (!files) return;
    const problems: string[] = [];
    const added: Attached[] = [];
    for (const file of Array.from(files)) {
      if (images.length + added.length >= FEEDBACK_LIMITS.images) {
        problems.push(t('feedback.tooManyImages', { max: FEEDBACK_LIMITS.images }));
        break;
      }
      const problem = await imageProblem(file);
      if (problem) problems.push(t(`feedback.${problem}`, { name: file.name }));
      else added.push({ name: file.name, data: await readAsDataUrl(file) });
    }
    setImages((current) => [...current, ...added]);
    setErrors(problems);
    setSent(false);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSent(false);
    if (words < min || words > max) {
      setErrors([t('feedback.wordsOutOfRange', { min, max })]);
      return;
    }
    send.mutate({ content, images });
  };

  const date = (iso: string) => formatDate(iso, 'dateTime', language);

  return (
    <div className={styles.page}>
      <form className={styles.form} onSubmit={submit} noValidate aria-describedby={ids.errors}>
        <h2 className={styles.heading}>{t('feedback.heading')}</h2>
        <p className={styles.hint}>{t('feedback.intro')}</p>
        <label htmlFor={ids.content} className={styles.label}>
          {t('feedback.content')}
        </label>
        <textarea
          id={ids.content}
          className={styles.textarea}
          value={content}
          maxLength={FEEDBACK_LIMITS.contentChars}
          aria-describedby={ids.count}
          aria-invalid={errors.length > 0 && (words < min || words > max)}
          onChange={(event) => {
            setContent(event.target.value);
            setSent(false);
          }}
        />
        <p id={ids.count} className={styles.hint}>
          {t('feedback.wordCount', { count: words, min, max })}
        </p>
        <p id={ids.files} className={styles.hint}>
          {t('feedback.images', { max: FEEDBACK_LIMITS.images })}
        </p>
        {images.length > 0 && (
          <ul className={styles.files}>
            {images.map((image, index) => (
              <li key={`${image.name}-${index}`} className={styles.file}>
                {image.name}
                <button
                  type="button"
                  className={styles.fileButton}
                  aria-label={t('feedback.remove', { name: image.name })}
                  onClick={() => setImages((current) => current.filter((_, i) => i !== index))}
                >
                  <Icon name="close" size={16} />
                </button>
              </li>
            ))}
          </ul>
        )}
        {images.length < FEEDBACK_LIMITS.images && (
          <label
            className={styles.secondary}
            style={{ display: 'inline-flex', alignItems: 'center', alignSelf: 'flex-start' }}
          >
            {t('feedback.addImages')}
            <input
              type="file"
              accept="image/png,image/jpeg"
              multiple
              className="visually-hidden"
              aria-describedby={ids.files}
              onChange={(event) => {
                void pick(event.target.files);
                event.target.value = '';
              }}
            />
          </label>
        )}
        <div id={ids.errors} role="alert">
          {errors.map((error) => (
            <p key={error} className={styles.error}>
              {error}
            </p>
          ))}
        </div>
        {sent && (
          <p role="status" className={styles.success}>
            {t('feedback.sent')}
          </p>
        )}
        <button type="submit" className={styles.primary} disabled={send.isPending}>
          {send.isPending ? t('feedback.sending') : t('feedback.send')}
        </button>
      </form>
      <section aria-labelledby="feedback-history">
        <h2 id="feedback-history" className={styles.heading}>
          {t('feedback.history')}
        </h2>
        {list.isPending ? (
          <Spinner label={t('common.loading')} />
        ) : !list.data || list.data.list.length === 0 ? (
          <p className={styles.empty}>{t('feedback.none')}</p>
        ) : (
          <ul className={styles.list}>
            {list.data.list.map((item) => (
              <li key={item.id} className={styles.item}>
                <article
                  className={styles.summary}
                  aria-label={t('feedback.sentAt', { time: date(item.createdAt) })}
                >
                  <span className={styles.status}>
                    {item.status === 'answered'
                      ? t('feedback.statusAnswered')
                      : t('feedback.statusOpen')}
                  </span>
                  <span className={styles.meta}>
                    {t('feedback.sentAt', { time: date(item.createdAt) })}
                    {item.images.length > 0 &&
                      ` · ${t('feedback.imageCount', { count: item.images.length })}`}
                  </span>
                  <p className={styles.body} style={{ padding: 0 }}>
                    {item.content}
                  </p>
                  {item.answer && (
                    <div className={styles.answer}>
                      <strong>{t('feedback.answer')}: </strong>
                      {item.answer}
                    </div>
                  )}
                </article>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
