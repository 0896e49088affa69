/**
 * The signed-in operator, for every screen below the shell: who they are and what they may do.
 * The server enforces permissions on every call; the console only leaves out what would be
 * refused (a viewer sees no action buttons).
 */
import type { OperatorSession } from '@khela/contract/backoffice/operators';
import type { Permission } from '@khela/contract/operators';
import { createContext, useContext, type ReactNode } from 'react';

const SessionContext = createContext<OperatorSession | null>(null);

export function SessionProvider({
  session,
  children,
}: {
  session: OperatorSession;
  children: ReactNode;
}) {
  return <SessionContext value={session}>{children}</SessionContext>;
}

export function useSession(): OperatorSession {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside the signed-in shell');
  return session;
}

/** Whether the signed-in operator holds `permission`. */
export function useCan(): (permission: Permission) => boolean {
  const { operator } = useSession();
  return (permission) => operator.permissions.includes(permission);
}

/** Renders its children only for an operator holding `permission`. */
export function Can({ permission, children }: { permission: Permission; children: ReactNode }) {
  return useCan()(permission) ? children : null;
}
