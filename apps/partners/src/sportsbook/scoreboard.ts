/** A match's state as the scoreboard shows it: the score line and the latest event, per sport. */
import type { CricketMatch } from './domain/cricket';
import type { FootballMatch } from './domain/football';
import type { KabaddiMatch } from './domain/kabaddi';
import type { AnyMatch } from './domain/markets';
import type { MatchStatus, Text } from './domain/types';

export interface Scoreboard {
  status: MatchStatus;
  /** e.g. `Sylhet Tea Barons 142/6 (20) · Khulna Mangroves 98/3 (12.4)`, `2 – 1 (67')`. */
  score: string;
  /** The last thing that happened, in both languages. */
  latest: Text | null;
}

const overs = (balls: number) => `${Math.floor(balls / 6)}${balls % 6 ? `.${balls % 6}` : ''}`;

export function scoreboardOf(match: AnyMatch, index: number): Scoreboard {
  const { fixture } = match;
  if (fixture.sport === 'cricket') {
    const m = match as CricketMatch;
    const s = m.states[index]!;
    const score = s.innings
      .map((inn) => `${fixture[inn.team]} ${inn.runs}/${inn.wickets} (${overs(inn.balls)})`)
      .join(' · ');
    const e = index > 0 ? m.events[index - 1] : undefined;
    let latest: Text | null = null;
    if (e?.kind === 'ball') {
      latest = e.wicket
        ? {
            EN: `${e.over - 1}.${e.ball}: WICKET! ${e.batter} ${e.wicket.replace('_', ' ')}`,
            BN: `${e.over - 1}.${e.ball}: উইকেট! ${e.batter}`,
          }
        : {
            EN: `${e.over - 1}.${e.ball}: ${e.batter} ${e.runs} run${e.runs === 1 ? '' : 's'}`,
            BN: `${e.over - 1}.${e.ball}: ${e.batter} ${e.runs} রান`,
          };
    }
    if (s.status === 'finished') {
      latest =
        s.winner === 'tie'
          ? { EN: 'Match tied', BN: 'ম্যাচ টাই' }
          : { EN: `${fixture[s.winner!]} won`, BN: `${fixture[s.winner!]} জিতেছে` };
    }
    if (s.status === 'abandoned') latest = { EN: 'Abandoned (rain)', BN: 'পরিত্যক্ত (বৃষ্টি)' };
    return { status: s.status, score, latest };
  }
  if (fixture.sport === 'football') {
    const s = (match as FootballMatch).states[index]!;
    const goal = s.goals.at(-1);
    const latest: Text | null =
      s.status === 'abandoned'
        ? { EN: 'Abandoned', BN: 'পরিত্যক্ত' }
        : goal
          ? {
              EN: `Goal ${fixture[goal.side]} ${goal.minute}'`,
              BN: `গোল ${fixture[goal.side]} ${goal.minute}'`,
            }
          : null;
    return {
      status: s.status,
      score: `${s.score.home} – ${s.score.away}${s.status === 'live' ? ` (${s.minute}')` : ''}`,
      latest,
    };
  }
  const s = (match as KabaddiMatch).states[index]!;
  return {
    status: s.status,
    score: `${s.score.home} – ${s.score.away}${s.status === 'live' ? ` (raid ${s.raid})` : ''}`,
    latest: s.status === 'abandoned' ? { EN: 'Abandoned', BN: 'পরিত্যক্ত' } : null,
  };
}
