/** Line icons the game screens need beyond the shared set (24×24, decorative). */
const PATHS = {
  heart: 'M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10z',
  search: 'M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14zM16 16l5 5',
  fire: 'M12 21c-4 0-7-2.7-7-6.5 0-3.6 3-5.5 3.5-9 2 1.3 3.5 3.5 3.5 5.5 1-.6 1.7-1.7 2-3 2.2 1.8 3 4 3 6.5 0 3.8-3 6.5-5 6.5z',
  clock: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM12 7v5l3 2',
  sparkle:
    'M12 3l1.8 5.2L19 10l-5.2 1.8L12 17l-1.8-5.2L5 10l5.2-1.8zM19 16l.8 2.2L22 19l-2.2.8L19 22l-.8-2.2L16 19l2.2-.8z',
  grid: 'M4 4h7v7H4zM13 4h7v7h-7zM4 13h7v7H4zM13 13h7v7h-7z',
  chevronRight: 'M9 5l7 7-7 7',
  play: 'M8 5v14l11-7z',
  pause: 'M8 5v14M16 5v14',
  home: 'M4 11l8-7 8 7v9a1 1 0 0 1-1 1h-4v-6h-6v6H5a1 1 0 0 1-1-1z',
  slots: 'M4 5h13v14H4zM17 9h3v6M7.5 9v6M10.5 9v6M13.5 9v6',
  live: 'M12 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM5 21v-2a5 5 0 0 1 5-5h4a5 5 0 0 1 5 5v2',
  ball: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM12 7l4 3-1.5 5h-5L8 10z',
  gamepad:
    'M6 9h12a3 3 0 0 1 3 3v3a3 3 0 0 1-5 2l-1-1H9l-1 1a3 3 0 0 1-5-2v-3a3 3 0 0 1 3-3zM8 11v4M6 13h4',
  bird: 'M7 18c-2-2-2-6 1-8l2-4 2 3 4-1-1 3c3 2 3 6 0 8zM10 19v3M14 19v3',
  fish: 'M3 12c3-4 8-6 13-3l5-3v12l-5-3c-5 3-10 1-13-3zM15 11h.01',
  cards: 'M4 6l8-2 4 14-8 2zM14 4l6 2-3 12',
  lottery: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM9 10h6M9 14h6',
  ticket: 'M5 4h14v16H5zM9 8h6M9 12h6M9 16h3',
  bingo: 'M4 4h16v16H4zM9.3 4v16M14.7 4v16M4 9.3h16M4 14.7h16',
} as const;

export type GamesIconName = keyof typeof PATHS;

export function GamesIcon({
  name,
  size = 20,
  filled = false,
}: {
  name: GamesIconName;
  size?: number;
  filled?: boolean;
}) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill={filled ? 'currentColor' : 'none'}
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={PATHS[name]} />
    </svg>
  );
}

const CATEGORY_ICONS: Record<string, GamesIconName> = {
  HOME: 'home',
  HOT: 'fire',
  RNG: 'slots',
  LIVE: 'live',
  SPORTS: 'ball',
  ESPORTS: 'gamepad',
  COCKFIGHT: 'bird',
  FISH: 'fish',
  PVP: 'cards',
  LOTT: 'lottery',
  ELOTT: 'ticket',
  BINGO: 'bingo',
  INHOUSE: 'sparkle',
};

export function CategoryIcon({ category, size = 22 }: { category: string; size?: number }) {
  return <GamesIcon name={CATEGORY_ICONS[category] ?? 'grid'} size={size} />;
}
