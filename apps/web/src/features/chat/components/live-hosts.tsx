/**
 * The live hosts screen: who is streaming and who is on duty now (the live model list), the
 * hosts the member follows (the focus list) and a follow button on each. A visitor sees the
 * list; following needs a real member (logged out goes to login, a guest is told).
 */
import type { LiveModel } from '@khela/contract/chat';
import { isGuest } from '@khela/contract/members';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { EmptyState, QueryState } from '../../../components/load-state';
import { paths } from '../../../config/paths';
import { FIRST_MESSAGES } from '../../../lib/first-messages';
import { currentLanguage, useLanguage } from '../../../lib/i18n';
import { showToast } from '../../../lib/notify';
import { useSessionStore } from '../../../lib/session-store';
import {
  focusListQueryKey,
  focusListQueryOptions,
  liveModelsQueryOptions,
  setFocus,
} from '../api/live-hosts';
import styles from './live-hosts.module.css';
import '../strings';

const status = (model: LiveModel) =>
  model.streaming ? 'streaming' : model.active ? 'online' : 'away';

function HostRow({
  model,
  followed,
  busy,
  onToggle,
}: {
  model: LiveModel;
  followed: boolean;
  busy: boolean;
  onToggle: (model: LiveModel) => void;
}) {
  const { t } = useTranslation();
  const state = status(model);
  return (
    <li className={styles.host}>
      <img className={styles.avatar} src={model.avatarUrl} alt="" width={48} height={48} />
      {/* The state beside the name, so the topic has the row's whole width under them. */}
      <span className={styles.text}>
        <span className={styles.nameLine}>
          <span className={styles.name}>{model.name}</span>
          <span className={`${styles.status} ${styles[state]}`}>{t(`liveHosts.${state}`)}</span>
        </span>
        <span className={styles.topic}>{model.topic}</span>
      </span>
      <button
        type="button"
        className={followed ? styles.following : styles.follow}
        aria-pressed={followed}
        aria-label={t(followed ? 'liveHosts.unfollowName' : 'liveHosts.followName', {
          name: model.name,
        })}
        disabled={busy}
        onClick={() => onToggle(model)}
      >
        {t(followed ? 'liveHosts.followingButton' : 'liveHosts.follow')}
      </button>
    </li>
  );
}

export function LiveHosts() {
  const { t } = useTranslation();
  const language = useLanguage();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const session = useSessionStore((state) => state.session);
  const member = session !== null && !isGuest(session.type);
  const [streamingOnly, setStreamingOnly] = useState(false);
  const hosts = useQuery(liveModelsQueryOptions(language, streamingOnly));
  const focus = useQuery({
    ...focusListQueryOptions(session?.token ?? '', language),
    enabled: member,
  });
  const followedIds = new Set((focus.data ?? []).map((model) => model.modelId));
  const toggle = useMutation({
    mutationFn: ({ model, on }: { model: LiveModel; on: boolean }) => setFocus(model.modelId, on),
    onSuccess: (_ids, { model, on }) => {
      showToast(
        t(on ? 'liveHosts.followed' : 'liveHosts.unfollowed', { name: model.name }),
        'success',
      );
      return queryClient.invalidateQueries({ queryKey: focusListQueryKey(session?.token ?? '') });
    },
  });

  function onToggle(model: LiveModel) {
    if (!session) {
      void navigate(paths.login);
      return;
    }
    if (isGuest(session.type)) {
      showToast(FIRST_MESSAGES['member.trialForbidden'][currentLanguage()], 'error');
      return;
    }
    toggle.mutate({ model, on: !followedIds.has(model.modelId) });
  }

  const busyId = toggle.isPending ? toggle.variables.model.modelId : undefined;
  const row = (model: LiveModel) => (
    <HostRow
      key={model.modelId}
      model={model}
      followed={followedIds.has(model.modelId)}
      busy={busyId === model.modelId}
      onToggle={onToggle}
    />
  );

  return (
    <div className={styles.page}>
      {member && (
        <section aria-labelledby="focus-heading" className={styles.section}>
          <h2 id="focus-heading" className={styles.heading}>
            {t('liveHosts.focusHeading')}
          </h2>
          {focus.isPending || focus.isError ? (
            <QueryState query={focus} />
          ) : focus.data.length === 0 ? (
            <EmptyState>{t('liveHosts.focusEmpty')}</EmptyState>
          ) : (
            <ul className={styles.list} aria-labelledby="focus-heading">
              {focus.data.map(row)}
            </ul>
          )}
        </section>
      )}
      <section aria-labelledby="hosts-heading" className={styles.section}>
        <div className={styles.bar}>
          <h2 id="hosts-heading" className={styles.heading}>
            {t('liveHosts.heading')}
          </h2>
          <label className={styles.filter}>
            <input
              type="checkbox"
              checked={streamingOnly}
              onChange={(event) => setStreamingOnly(event.target.checked)}
            />
            {t('liveHosts.streamingOnly')}
          </label>
        </div>
        {hosts.isPending || hosts.isError ? (
          <QueryState query={hosts} />
        ) : hosts.data.length === 0 ? (
          <EmptyState>{t(streamingOnly ? 'liveHosts.noneStreaming' : 'liveHosts.none')}</EmptyState>
        ) : (
          <ul className={styles.list} aria-labelledby="hosts-heading">
            {hosts.data.map(row)}
          </ul>
        )}
      </section>
    </div>
  );
}
