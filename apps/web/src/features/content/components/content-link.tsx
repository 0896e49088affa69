/** A banner or popup target: a /m screen inside the app, an http(s) address in a new tab. */
import type { ReactNode } from 'react';
import { Link } from 'react-router';

export function ContentLink({
  to,
  className,
  label,
  onClick,
  children,
}: {
  to: string | null;
  className?: string;
  label?: string;
  onClick?: () => void;
  children: ReactNode;
}) {
  if (to?.startsWith('/m/')) {
    return (
      <Link to={to} className={className} aria-label={label} onClick={onClick}>
        {children}
      </Link>
    );
  }
  if (to && /^https?:\/\//.test(to)) {
    return (
      <a
        href={to}
        target="_blank"
        rel="noopener noreferrer"
        className={className}
        aria-label={label}
        onClick={onClick}
      >
        {children}
      </a>
    );
  }
  return <div className={className}>{children}</div>;
}
