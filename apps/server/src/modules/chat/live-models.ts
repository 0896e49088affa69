/**
 * The live hosts of the chat module: a fixed demo roster of made-up hosts (no real people), each
 * drawn by us as a simple SVG (a figure with a headset on a coloured disc). Whether a host is on
 * duty (`active`) and streaming is part of the roster here; a live-streaming partner's feed
 * would replace this file (docs/decisions.md, "Live hosts").
 */
import type { Language, Localized } from '@khela/contract/language';
import { LIVE_MODEL_PATHS, type LiveModel } from '@khela/contract/chat';

interface RosterEntry {
  modelId: string;
  name: Localized;
  topic: Localized;
  active: boolean;
  streaming: boolean;
  /** Drawing: background, skin, hair, shirt. */
  colours: [string, string, string, string];
}

const ROSTER: readonly RosterEntry[] = [
  {
    modelId: 'HOST_MEGH',
    name: { EN: 'Megh', BN: 'মেঘ' },
    topic: { EN: 'Baccarat table talk', BN: 'ব্যাকারাট টেবিলের আড্ডা' },
    active: true,
    streaming: true,
    colours: ['#2f5fa8', '#d9a06f', '#2b1d14', '#f2b134'],
  },
  {
    modelId: 'HOST_TARA',
    name: { EN: 'Tara', BN: 'তারা' },
    topic: { EN: 'Roulette night', BN: 'রুলেটের রাত' },
    active: true,
    streaming: true,
    colours: ['#a8472f', '#f1c7a1', '#5a3a1e', '#3cb4c8'],
  },
  {
    modelId: 'HOST_RIMJHIM',
    name: { EN: 'Rimjhim', BN: 'রিমঝিম' },
    topic: { EN: 'Cricket match chat', BN: 'ক্রিকেট ম্যাচের আড্ডা' },
    active: true,
    streaming: false,
    colours: ['#1f7a5c', '#a86b3c', '#111111', '#e8e8e8'],
  },
  {
    modelId: 'HOST_SHAPLA',
    name: { EN: 'Shapla', BN: 'শাপলা' },
    topic: { EN: 'Slots and jackpots', BN: 'স্লট আর জ্যাকপট' },
    active: true,
    streaming: true,
    colours: ['#6b3fa0', '#d9a06f', '#8a5a2b', '#e05a7a'],
  },
  {
    modelId: 'HOST_NODI',
    name: { EN: 'Nodi', BN: 'নদী' },
    topic: { EN: 'Kabaddi corner', BN: 'কাবাডি কর্নার' },
    active: false,
    streaming: false,
    colours: ['#2f5fa8', '#7a4a26', '#111111', '#8bc34a'],
  },
  {
    modelId: 'HOST_BRISTI',
    name: { EN: 'Bristi', BN: 'বৃষ্টি' },
    topic: { EN: 'Lottery draw watch', BN: 'লটারির ড্র দেখা' },
    active: false,
    streaming: false,
    colours: ['#a8472f', '#f1c7a1', '#2b1d14', '#ff8a3d'],
  },
];

const byId = new Map(ROSTER.map((entry) => [entry.modelId, entry]));

export const isRosterModel = (modelId: string) => byId.has(modelId);

function toLiveModel(entry: RosterEntry, language: Language): LiveModel {
  return {
    modelId: entry.modelId,
    name: entry.name[language],
    topic: entry.topic[language],
    avatarUrl: `${LIVE_MODEL_PATHS.avatar}/${entry.modelId}.svg`,
    active: entry.active,
    // Only a host on duty streams.
    streaming: entry.active && entry.streaming,
  };
}

const rank = (model: LiveModel) => (model.streaming ? 0 : model.active ? 1 : 2);

/** The roster filtered by `active` and `streaming` when given; streaming, then active, first. */
export function liveModels(
  language: Language,
  filter: { active?: boolean; streaming?: boolean },
): LiveModel[] {
  return ROSTER.map((entry) => toLiveModel(entry, language))
    .filter(
      (model) =>
        (filter.active === undefined || model.active === filter.active) &&
        (filter.streaming === undefined || model.streaming === filter.streaming),
    )
    .sort((a, b) => rank(a) - rank(b));
}

/** The roster's hosts of these ids, in the order given; ids no longer on the roster are skipped. */
export function liveModelsByIds(ids: readonly string[], language: Language): LiveModel[] {
  return ids.flatMap((id) => {
    const entry = byId.get(id);
    return entry ? [toLiveModel(entry, language)] : [];
  });
}

/** A host's picture: a figure with a headset and microphone on a coloured disc. */
export function liveModelAvatarSvg(modelId: string): string | undefined {
  const entry = byId.get(modelId);
  if (!entry) return undefined;
  const [bg, skin, hair, shirt] = entry.colours;
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 128 128" width="128" height="128">',
    `<circle cx="64" cy="64" r="64" fill="${bg}"/>`,
    `<path d="M22 118a42 34 0 0 1 84 0a64 64 0 0 1-84 0z" fill="${shirt}"/>`,
    `<rect x="56" y="68" width="16" height="14" rx="4" fill="${skin}"/>`,
    `<path d="M38 60a26 28 0 0 1 52 0v24h-8v-24q-6-12-18-12t-18 12v24h-8z" fill="${hair}"/>`,
    `<circle cx="64" cy="54" r="21" fill="${skin}"/>`,
    `<path d="M44 50a20 20 0 0 1 40 0q-8-9-20-9t-20 9z" fill="${hair}"/>`,
    '<path d="M40 56a24 24 0 0 1 48 0" stroke="#222" stroke-width="4" fill="none"/>',
    '<rect x="36" y="52" width="8" height="14" rx="3" fill="#222"/>',
    '<rect x="84" y="52" width="8" height="14" rx="3" fill="#222"/>',
    '<path d="M40 64q2 12 16 12" stroke="#222" stroke-width="3" fill="none"/>',
    '<circle cx="57" cy="76" r="3" fill="#222"/>',
    '<circle cx="56" cy="55" r="2.5" fill="#222"/><circle cx="72" cy="55" r="2.5" fill="#222"/>',
    '<path d="M58 64q6 5 12 0" stroke="#222" stroke-width="2.5" fill="none" stroke-linecap="round"/>',
    '</svg>',
  ].join('');
}
