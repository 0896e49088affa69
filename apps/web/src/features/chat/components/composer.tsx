/**
 * The message box under the chat: a labelled text area (at most 1000 characters, counted as the
 * box counts them) and a Send button. Ctrl+Enter sends too; Enter alone makes a new line, as on
 * a phone keyboard.
 */
import { CHAT_LIMITS } from '@khela/contract/chat';
import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/icons';
import { ApiError, isHandledGlobally } from '../../../lib/api-client';
import { showToast } from '../../../lib/notify';
import styles from './chat-page.module.css';
import '../strings';

export function Composer({
  onSend,
  disabled,
}: {
  onSend: (text: string) => Promise<void>;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const trimmed = text.trim();
  const canSend =
    !disabled && !sending && trimmed.length > 0 && trimmed.length <= CHAT_LIMITS.messageMax;

  async function submit(event?: FormEvent) {
    event?.preventDefault();
    if (!canSend) return;
    setSending(true);
    try {
      await onSend(trimmed);
      setText('');
    } catch (error) {
      if (isHandledGlobally(error)) return;
      // Keep the text so nothing typed is lost; say why (too fast, switched off…).
      showToast(error instanceof ApiError ? error.message : t('chat.sendFailed'), 'error');
    } finally {
      setSending(false);
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) void submit();
  }

  return (
    <form className={styles.composer} onSubmit={(event) => void submit(event)}>
      <label htmlFor={`${id}-text`} className="visually-hidden">
        {t('chat.messageLabel')}
      </label>
      <textarea
        id={`${id}-text`}
        className={styles.input}
        value={text}
        rows={2}
        maxLength={CHAT_LIMITS.messageMax}
        placeholder={t('chat.placeholder')}
        aria-describedby={`${id}-count`}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
      />
      <div className={styles.composerBar}>
        <span id={`${id}-count`} className={styles.counter}>
          {t('chat.counter', { length: text.length, max: CHAT_LIMITS.messageMax })}
        </span>
        <button type="submit" className={styles.send} disabled={!canSend} aria-busy={sending}>
          <Icon name="send" size={20} />
          {sending ? t('chat.sending') : t('chat.send')}
        </button>
      </div>
    </form>
  );
}
