/**
 * A match's state as the scoreboard shows it: the score line and the latest event, per sport, in
 * Bengali and English (the sides by their names in each).
 */
import type { CockfightMatch, Exchange } from './domain/cockfight';
import type { CricketMatch } from './domain/cricket';
import type { EsportsMatch } from './domain/esports';
import type { FootballMatch } from './domain/football';
import type { KabaddiMatch } from './domain/kabaddi';
import type { AnyMatch } from './domain/markets';
import { localName } from './domain/names';
import type { Fixture, MatchStatus, Side, Text } from './domain/types';

export interface Scoreboard {
  status: MatchStatus;
  /** e.g. `Sylhet Tea Barons 142/6 (20) · Khulna Mangroves 98/3 (12.4)`, `2 – 1 (67')`. */
  score: Text;
  /** The last thing that happened, in both languages. */
  latest: Text | null;
}

/** Both languages of a line made from a side's name in each. */
const both = (
  fixture: Fixture,
  line: (name: (side: Side) => string, bn: boolean) => string,
): Text => ({
  EN: line((side) => fixture[side], false),
  BN: line((side) => localName(fixture[side]).BN, true),
});
const same = (text: string): Text => ({ EN: text, BN: text });

const overs = (balls: number) => `${Math.floor(balls / 6)}${balls % 6 ? `.${balls % 6}` : ''}`;

export function scoreboardOf(match: AnyMatch, index: number): Scoreboard {
  const { fixture } = match;
  if (fixture.sport === 'cricket') {
    const m = match as CricketMatch;
    const s = m.states[index]!;
    const score = both(fixture, (name) =>
      s.innings
        .map((inn) => `${name(inn.team)} ${inn.runs}/${inn.wickets} (${overs(inn.balls)})`)
        .join(' · '),
    );
    const e = index > 0 ? m.events[index - 1] : undefined;
    let latest: Text | null = null;
    if (e?.kind === 'ball') {
      latest = e.wicket
        ? {
            EN: `${e.over - 1}.${e.ball}: WICKET! ${e.batter} ${e.wicket.replace('_', ' ')}`,
            BN: `${e.over - 1}.${e.ball}: উইকেট! ${localName(e.batter).BN}`,
          }
        : {
            EN: `${e.over - 1}.${e.ball}: ${e.batter} ${e.runs} run${e.runs === 1 ? '' : 's'}`,
            BN: `${e.over - 1}.${e.ball}: ${localName(e.batter).BN} ${e.runs} রান`,
          };
    }
    if (s.status === 'finished') {
      latest =
        s.winner === 'tie'
          ? { EN: 'Match tied', BN: 'ম্যাচ টাই' }
          : both(fixture, (name, bn) =>
              bn ? `${name(s.winner as Side)} জিতেছে` : `${name(s.winner as Side)} won`,
            );
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
          ? both(fixture, (name, bn) => `${bn ? 'গোল' : 'Goal'} ${name(goal.side)} ${goal.minute}'`)
          : null;
    return {
      status: s.status,
      score: same(
        `${s.score.home} – ${s.score.away}${s.status === 'live' ? ` (${s.minute}')` : ''}`,
      ),
      latest,
    };
  }
  if (fixture.sport === 'esports') return esportsBoard(match as EsportsMatch, index);
  if (fixture.sport === 'cockfight') return cockfightBoard(match as CockfightMatch, index);
  const s = (match as KabaddiMatch).states[index]!;
  const live = s.status === 'live';
  return {
    status: s.status,
    score: {
      EN: `${s.score.home} – ${s.score.away}${live ? ` (raid ${s.raid})` : ''}`,
      BN: `${s.score.home} – ${s.score.away}${live ? ` (রেইড ${s.raid})` : ''}`,
    },
    latest: s.status === 'abandoned' ? { EN: 'Abandoned', BN: 'পরিত্যক্ত' } : null,
  };
}

/** Maps won, then the map being played: `1 – 0 · Map 2: 7 – 5`; the last round or map. */
function esportsBoard(match: EsportsMatch, index: number): Scoreboard {
  const { fixture } = match;
  const s = match.states[index]!;
  const maps = `${s.maps.home} – ${s.maps.away}`;
  const current = s.status === 'live' ? s.rounds : null;
  const score: Text = {
    EN: current ? `${maps} · Map ${s.map}: ${current.home} – ${current.away}` : maps,
    BN: current ? `${maps} · ম্যাপ ${s.map}: ${current.home} – ${current.away}` : maps,
  };
  const e = index > 0 ? match.events[index - 1] : undefined;
  let latest: Text | null = null;
  if (e?.kind === 'round') {
    const kills = `${e.kills.home}–${e.kills.away}`;
    latest = e.mapWon
      ? both(fixture, (name, bn) =>
          bn ? `${name(e.mapWon!)} ম্যাপ ${e.map} জিতেছে` : `${name(e.mapWon!)} take map ${e.map}`,
        )
      : both(fixture, (name, bn) =>
          bn
            ? `ম্যাপ ${e.map}, রাউন্ড ${e.round}: ${name(e.winner)} (কিল ${kills})`
            : `Map ${e.map}, round ${e.round}: ${name(e.winner)} (kills ${kills})`,
        );
  }
  if (s.status === 'finished') {
    const winner: Side = s.maps.home > s.maps.away ? 'home' : 'away';
    latest = both(fixture, (name, bn) =>
      bn ? `${name(winner)} সিরিজ জিতেছে ${maps}` : `${name(winner)} win the series ${maps}`,
    );
  }
  if (s.status === 'abandoned') latest = { EN: 'Abandoned', BN: 'পরিত্যক্ত' };
  return { status: s.status, score, latest };
}

const EXCHANGE: Record<Exchange, Text> = {
  meron: { EN: 'the meron lands a blow', BN: 'মেরনের আঘাত' },
  wala: { EN: 'the wala lands a blow', BN: 'ওয়ালার আঘাত' },
  both: { EN: 'both land a blow', BN: 'দুজনেরই আঘাত' },
  none: { EN: 'no blow landed', BN: 'কোনো আঘাত নেই' },
  meron_down: { EN: 'the meron strikes the wala down', BN: 'মেরন ওয়ালাকে ফেলে দিয়েছে' },
  wala_down: { EN: 'the wala strikes the meron down', BN: 'ওয়ালা মেরনকে ফেলে দিয়েছে' },
};

/** Blows each cock can still take, meron first: `3 – 2 (round 2)`; the last exchange or result. */
function cockfightBoard(match: CockfightMatch, index: number): Scoreboard {
  const { fixture } = match;
  const s = match.states[index]!;
  const health = `${Math.max(0, s.health.home)} – ${Math.max(0, s.health.away)}`;
  const live = s.status === 'live';
  const score: Text = {
    EN: live ? `${health} (round ${s.round})` : health,
    BN: live ? `${health} (রাউন্ড ${s.round})` : health,
  };
  const e = index > 0 ? match.events[index - 1] : undefined;
  let latest: Text | null = null;
  if (e?.kind === 'round') {
    const what = EXCHANGE[e.exchange];
    latest = { EN: `Round ${e.round}: ${what.EN}`, BN: `রাউন্ড ${e.round}: ${what.BN}` };
  }
  if (s.result === 'draw') latest = { EN: 'Draw', BN: 'ড্র' };
  else if (s.result) {
    const side: Side = s.result === 'meron' ? 'home' : 'away';
    latest = both(fixture, (name, bn) =>
      bn
        ? `${s.result === 'meron' ? 'মেরন' : 'ওয়ালা'} ${name(side)} জিতেছে`
        : `${s.result === 'meron' ? 'Meron' : 'Wala'} ${name(side)} wins`,
    );
  }
  if (s.status === 'abandoned') latest = { EN: 'Cancelled', BN: 'বাতিল' };
  return { status: s.status, score, latest };
}
