/**
 * The line icons home's first screen draws (the header's, its language switcher's and the footer
 * menu's) and the brand mark, apart from the rest (icons.tsx, which includes these): the shell's
 * first download carries these few paths, not every icon's.
 */
export const SHELL_ICON_PATHS = {
  menu: 'M4 6h16M4 12h16M4 18h16',
  back: 'M15 5l-7 7 7 7',
  home: 'M4 11l8-7 8 7v9a1 1 0 0 1-1 1h-4v-6h-6v6H5a1 1 0 0 1-1-1z',
  gift: 'M4 11h16v10H4zM3 7h18v4H3zM12 7v14M12 7c-1-3-5-4-5-1.5S10 7 12 7c1-3 5-4 5-1.5S14 7 12 7',
  invite: 'M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM2 21c0-4 3-7 7-7s7 3 7 7M19 8v6M16 11h6',
  wallet: 'M3 7a2 2 0 0 1 2-2h13v4M3 7v11a2 2 0 0 0 2 2h15V9H5a2 2 0 0 1-2-2zM16 14h1',
  user: 'M12 12a4.5 4.5 0 1 0 0-9 4.5 4.5 0 0 0 0 9zM4 21c0-4.4 3.6-7 8-7s8 2.6 8 7',
  globe:
    'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM3 12h18M12 3c2.5 2.5 3.5 5.5 3.5 9s-1 6.5-3.5 9c-2.5-2.5-3.5-5.5-3.5-9s1-6.5 3.5-9',
} as const;

export type ShellIconName = keyof typeof SHELL_ICON_PATHS;

/** A 24×24 line icon (stroke = currentColor) from its path; decorative. */
export function PathIcon({ path, size = 24 }: { path: string; size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={path} />
    </svg>
  );
}

export function ShellIcon({ name, size }: { name: ShellIconName; size?: number }) {
  return <PathIcon path={SHELL_ICON_PATHS[name]} size={size} />;
}

/** The brand mark: the app icon's gold coin with a K. */
export function LogoMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 512 512" aria-hidden="true" focusable="false">
      <circle cx="256" cy="256" r="240" fill="var(--color-primary)" />
      <g fill="var(--color-bg)">
        <polygon points="184,160 232,160 232,352 184,352" />
        <polygon points="226,252 298,160 354,160 258,284" />
        <polygon points="248,244 352,352 294,352 222,280" />
      </g>
    </svg>
  );
}
