/**
 * Operators of the back office: their roles and what each role may do. The server enforces the
 * matrix on every operator route (each route declares one permission); the console reads it to
 * show only what the signed-in operator may use. docs/back-office.md explains the matrix.
 */
import { z } from 'zod';

export const OPERATOR_ROLES = [
  'owner',
  'admin',
  'finance',
  'support',
  'content',
  'viewer',
] as const;
export const OperatorRoleSchema = z.enum(OPERATOR_ROLES);
export type OperatorRole = z.infer<typeof OperatorRoleSchema>;

/** Reads are `<area>.read`; anything that changes the site has its own permission. */
export const PERMISSIONS = [
  'dashboard.read',
  'members.read',
  /** Notes, tags, status changes, ending sessions, password resets. */
  'members.write',
  /** Asking for a balance adjustment (above the threshold it waits for a second operator). */
  'members.adjust',
  /** The second approval of an adjustment above the threshold (never one's own). */
  'adjustments.approve',
  'money.read',
  /** Approving, rejecting and paying withdrawals; deciding deposits. */
  'money.decide',
  'kyc.read',
  'kyc.decide',
  /** Responsible gaming: limits, time-outs and self-exclusions. */
  'rg.read',
  /** Making a break longer (never shorter). */
  'rg.write',
  'reports.read',
  /** Campaigns, members' bonuses, abuse flags (docs/bonuses.md). */
  'bonuses.read',
  /** Creating, scheduling, pausing and editing bonus campaigns. */
  'bonuses.manage',
  /** Giving a member a bonus by hand, forfeiting a member's bonus. */
  'bonuses.grant',
  /** Approving (paying) and rejecting agents' contract payment requests. */
  'agents.decide',
  'content.read',
  /** Banners, announcements, promotions, inbox messages, the game catalogue's presentation. */
  'content.write',
  'chat.read',
  /** Answering live chat and feedback. */
  'chat.answer',
  'settings.read',
  /** Flags, settings, payment channels and gateways, game vendors, the message outbox. */
  'settings.write',
  'operators.read',
  /** Adding operators, changing roles, locking and unlocking. */
  'operators.manage',
  'audit.read',
] as const;
export const PermissionSchema = z.enum(PERMISSIONS);
export type Permission = z.infer<typeof PermissionSchema>;

const READS = PERMISSIONS.filter((permission) => permission.endsWith('.read'));

export const ROLE_PERMISSIONS: Record<OperatorRole, readonly Permission[]> = {
  owner: PERMISSIONS,
  admin: PERMISSIONS,
  finance: [
    ...READS.filter((permission) => permission !== 'operators.read'),
    'members.adjust',
    'adjustments.approve',
    'money.decide',
    'bonuses.grant',
    'agents.decide',
  ],
  support: [
    'dashboard.read',
    'members.read',
    'members.write',
    'money.read',
    'kyc.read',
    'kyc.decide',
    'rg.read',
    'rg.write',
    'chat.read',
    'chat.answer',
    'content.read',
    'bonuses.read',
  ],
  content: [
    'dashboard.read',
    'content.read',
    'content.write',
    'chat.read',
    'settings.read',
    'bonuses.read',
    'bonuses.manage',
  ],
  viewer: READS.filter(
    (permission) => permission !== 'operators.read' && permission !== 'audit.read',
  ),
};

export function roleMay(role: OperatorRole, permission: Permission) {
  return ROLE_PERMISSIONS[role].includes(permission);
}

/**
 * Who did something on the operator side: a named operator signed in to the console, or the
 * automation token (`OPS_TOKEN`: the command line and scripts), which holds every permission.
 */
export const ActorSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('operator'),
    id: z.string(),
    username: z.string(),
    role: OperatorRoleSchema,
  }),
  z.object({ kind: z.literal('automation') }),
]);
export type Actor = z.infer<typeof ActorSchema>;

export const AUTOMATION_ACTOR_NAME = 'automation';
export const actorName = (actor: Actor) =>
  actor.kind === 'operator' ? actor.username : AUTOMATION_ACTOR_NAME;

export function actorMay(actor: Actor, permission: Permission) {
  return actor.kind === 'automation' || roleMay(actor.role, permission);
}
