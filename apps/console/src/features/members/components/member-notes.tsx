/** A member's notes (newest first) and tags; adding either needs members.write. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadState } from '../../../components/load-state';
import { errorMessage } from '../../../lib/api';
import { useFormat } from '../../../lib/format';
import { Can } from '../../../lib/session';
import { addNote, memberListQueryOptions, setTags } from '../api';

export function MemberNotes({ username, tags }: { username: string; tags: string[] }) {
  const { t } = useTranslation();
  const { when } = useFormat();
  const queryClient = useQueryClient();
  const notes = useQuery(memberListQueryOptions(username, 'notes'));
  const [text, setText] = useState('');
  const [tagText, setTagText] = useState(tags.join(', '));
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['members', username] });
  const note = useMutation({
    mutationFn: () => addNote(username, text.trim()),
    onSuccess: () => {
      setText('');
      void refresh();
    },
  });
  const tagging = useMutation({
    mutationFn: () =>
      setTags(
        username,
        tagText
          .split(',')
          .map((tag) => tag.trim())
          .filter(Boolean),
      ),
    onSuccess: () => void refresh(),
  });
  const submitNote = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim()) note.mutate();
  };

  return (
    <div className="columns">
      <section aria-labelledby="notes-title">
        <h2 id="notes-title">{t('member.notes')}</h2>
        <Can permission="members.write">
          <form onSubmit={submitNote}>
            <label className="field">
              <span>{t('member.newNote')}</span>
              <textarea rows={3} value={text} onChange={(event) => setText(event.target.value)} />
            </label>
            {note.error && (
              <p role="alert" className="form-error">
                {errorMessage(note.error)}
              </p>
            )}
            <button type="submit" disabled={note.isPending}>
              {t('member.addNote')}
            </button>
          </form>
        </Can>
        <LoadState isPending={notes.isPending} error={notes.error}>
          <ul className="notes">
            {notes.data?.items.map((item) => (
              <li key={item.id}>
                <p>{item.text}</p>
                <small>
                  {item.author} · {when(item.createdAt)}
                </small>
              </li>
            ))}
          </ul>
        </LoadState>
      </section>
      <section aria-labelledby="tags-title">
        <h2 id="tags-title">{t('member.tags')}</h2>
        <p>{tags.join(', ') || '—'}</p>
        <Can permission="members.write">
          <form
            onSubmit={(event) => {
              event.preventDefault();
              tagging.mutate();
            }}
          >
            <label className="field">
              <span>{t('member.tagsField')}</span>
              <input value={tagText} onChange={(event) => setTagText(event.target.value)} />
            </label>
            {tagging.error && (
              <p role="alert" className="form-error">
                {errorMessage(tagging.error)}
              </p>
            )}
            <button type="submit" disabled={tagging.isPending}>
              {t('member.saveTags')}
            </button>
          </form>
        </Can>
      </section>
    </div>
  );
}
