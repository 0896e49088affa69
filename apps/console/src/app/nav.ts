/** The console's sections: where each is, the permission that shows it, its live counter. */
import type { Permission } from '@khela/contract/operators';

export interface Section {
  path: string;
  label:
    | 'nav.dashboard'
    | 'nav.members'
    | 'nav.money'
    | 'nav.kyc'
    | 'nav.agents'
    | 'nav.rg'
    | 'nav.reports'
    | 'nav.audit'
    | 'nav.operators';
  permission: Permission;
  /** The live counter shown as a badge beside it. */
  counter?: string;
}

export const SECTIONS: readonly Section[] = [
  { path: '/', label: 'nav.dashboard', permission: 'dashboard.read' },
  { path: '/members', label: 'nav.members', permission: 'members.read' },
  {
    path: '/money',
    label: 'nav.money',
    permission: 'money.read',
    counter: 'pendingWithdrawals',
  },
  { path: '/kyc', label: 'nav.kyc', permission: 'kyc.read', counter: 'kycWaiting' },
  { path: '/agents', label: 'nav.agents', permission: 'money.read' },
  { path: '/rg', label: 'nav.rg', permission: 'rg.read' },
  { path: '/reports', label: 'nav.reports', permission: 'reports.read' },
  { path: '/audit', label: 'nav.audit', permission: 'audit.read' },
  { path: '/operators', label: 'nav.operators', permission: 'operators.read' },
];
