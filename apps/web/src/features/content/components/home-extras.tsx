/**
 * Home's hot matches (a row of cards: the sides, the competition, live or when it starts; a tap
 * goes where the operator pointed, the sports page by default) and videos (links that open at
 * their https address in a new tab). Each shows nothing while empty, loading or failed.
 */
import { formatDate } from '@khela/contract/date';
import type { HotMatch } from '@khela/contract/system';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLanguage } from '../../../lib/i18n';
import { useHotMatches, useVideos } from '../api/home-extras';
import styles from './home-extras.module.css';
import '../../../locales/content';

function MatchCard({ match }: { match: HotMatch }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const when =
    match.status === 'live'
      ? t('homeExtras.live')
      : t('homeExtras.startsAt', { time: formatDate(match.startsAt, 'dayMonthTime', language) });
  return (
    <li>
      <Link
        to={match.path}
        className={styles.match}
        aria-label={t('homeExtras.matchLabel', {
          home: match.home,
          away: match.away,
          competition: match.competition,
          when,
        })}
      >
        <span className={styles.sport}>
          {t(`homeExtras.${match.sport}`)} · {match.competition}
        </span>
        <span className={styles.sides}>
          {t('homeExtras.versus', { home: match.home, away: match.away })}
        </span>
        <span className={match.status === 'live' ? styles.live : styles.when}>{when}</span>
      </Link>
    </li>
  );
}

export function HotMatches() {
  const { t } = useTranslation();
  const matches = useHotMatches();
  if (!matches.data?.length) return null;
  return (
    <section className={styles.section} aria-labelledby="hot-matches-heading">
      <h2 id="hot-matches-heading" className={styles.heading}>
        {t('homeExtras.hotMatches')}
      </h2>
      <ul className={styles.matches}>
        {matches.data.map((match) => (
          <MatchCard key={match.id} match={match} />
        ))}
      </ul>
    </section>
  );
}

/** https only: the server checks it when the operator sets it, and the page checks again. */
const isHttps = (url: string) => {
  try {
    return new URL(url).protocol === 'https:';
  } catch {
    return false;
  }
};

export function HomeVideos() {
  const { t } = useTranslation();
  const videos = useVideos();
  const list = (videos.data ?? []).filter((video) => isHttps(video.url));
  if (list.length === 0) return null;
  return (
    <section className={styles.section} aria-labelledby="home-videos-heading">
      <h2 id="home-videos-heading" className={styles.heading}>
        {t('homeExtras.videos')}
      </h2>
      <ul className={styles.videos}>
        {list.map((video) => (
          <li key={video.id}>
            <a
              href={video.url}
              target="_blank"
              rel="noopener noreferrer"
              className={styles.video}
              aria-label={t('homeExtras.videoLabel', { title: video.title })}
            >
              {video.posterUrl ? (
                <img src={video.posterUrl} alt="" className={styles.poster} loading="lazy" />
              ) : (
                <svg viewBox="0 0 48 32" className={styles.poster} aria-hidden="true">
                  <rect width="48" height="32" rx="4" fill="currentColor" opacity="0.15" />
                  <path d="M20 10l10 6-10 6z" fill="currentColor" />
                </svg>
              )}
              <span className={styles.videoTitle}>{video.title}</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Both, as home shows them: the matches, then the videos. */
export function HomeExtras() {
  return (
    <>
      <HotMatches />
      <HomeVideos />
    </>
  );
}
