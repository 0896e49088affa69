/**
 * Our own line icons (24×24, stroke = currentColor). No brand artwork: platforms and social
 * channels get generic symbols. Icons are decorative; the control around them carries the name.
 */
import { PathIcon, SHELL_ICON_PATHS } from './icon';

export { LogoMark } from './icon';

const PATHS = {
  ...SHELL_ICON_PATHS,
  close: 'M6 6l12 12M18 6L6 18',
  chat: 'M4 5h16v11H9l-5 4z',
  download: 'M12 3v12M7 10l5 5 5-5M4 19h16',
  trophy: 'M8 4h8v5a4 4 0 0 1-8 0zM8 6H4c0 3 2 5 4 5M16 6h4c0 3-2 5-4 5M12 13v4M8 21h8M9 17h6',
  crown: 'M4 8l4 4 4-6 4 6 4-4-2 10H6zM6 21h12',
  help: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM9.5 9a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.6V14M12 17.5v.5',
  bell: 'M6 16V11a6 6 0 1 1 12 0v5l2 2H4zM10 20a2 2 0 0 0 4 0',
  phone: 'M8 2h8a1 1 0 0 1 1 1v18a1 1 0 0 1-1 1H8a1 1 0 0 1-1-1V3a1 1 0 0 1 1-1zM11 18h2',
  shield: 'M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6z',
  send: 'M21 3L3 11l7 3 3 7zM10 14l11-11',
  people:
    'M8 11a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM16 11a3 3 0 1 0 0-6M2 20c0-3 2.5-5 6-5s6 2 6 5M16 15c3 0 6 2 6 5',
  share: 'M12 15V3M8 7l4-4 4 4M5 11v9h14v-9',
  plus: 'M12 5v14M5 12h14',
  chevronDown: 'M6 9l6 6 6-6',
  eye: 'M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12zM12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6z',
  eyeOff:
    'M3 3l18 18M10.6 5.1A10 10 0 0 1 12 5c6.5 0 10 7 10 7a17 17 0 0 1-3.2 4.1M6.6 6.6C3.8 8.4 2 12 2 12s3.5 7 10 7a9.7 9.7 0 0 0 5.4-1.6M9.9 9.9a3 3 0 0 0 4.2 4.2',
  refresh: 'M20 11a8 8 0 1 0-2.3 5.7M20 4v7h-7',
  logout: 'M15 4h4a1 1 0 0 1 1 1v14a1 1 0 0 1-1 1h-4M10 16l-4-4 4-4M6 12h10',
  check: 'M5 12.5l4.5 4.5L19 7',
  withdraw: 'M3 7a2 2 0 0 1 2-2h14v14H5a2 2 0 0 1-2-2zM12 8v7M9 12l3 3 3-3',
  edit: 'M4 20h4L19 9l-4-4L4 16zM14 6l4 4',
  lock: 'M6 11h12v10H6zM8 11V8a4 4 0 0 1 8 0v3',
} as const;

export type IconName = keyof typeof PATHS;

export function Icon({ name, size = 24 }: { name: IconName; size?: number }) {
  return <PathIcon path={PATHS[name]} size={size} />;
}

export function StarIcon({ size = 18 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M12 2.5l2.9 6 6.6.9-4.8 4.6 1.2 6.5L12 17.4l-5.9 3.1 1.2-6.5L2.5 9.4l6.6-.9z"
      />
    </svg>
  );
}
