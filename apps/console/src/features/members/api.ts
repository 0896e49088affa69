/** The members desk: search, a member's page and its lists, and the actions on a member. */
import {
  AdjustmentPaidSchema,
  AdjustmentWaitingSchema,
  LinkedAccountsSchema,
  MemberDepositPageSchema,
  MemberLedgerPageSchema,
  MemberLoginPageSchema,
  MemberNotesSchema,
  MemberRoundPageSchema,
  MemberSearchResultSchema,
  MemberSessionsSchema,
  MemberStatusResultSchema,
  MemberSummarySchema,
  MemberTagsSchema,
  MemberWithdrawalPageSchema,
  PasswordResetResultSchema,
  SessionsEndedSchema,
  MemberTrustedDevicesSchema,
  TrustedDeviceRemovedSchema,
  type MemberSearchKey,
  type MemberStatus,
} from '@khela/contract/backoffice/members';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../lib/api';

const memberPath = (username: string) => `/ops/api/members/${encodeURIComponent(username)}`;

export const memberSearchQueryOptions = (q: string, by: MemberSearchKey) =>
  queryOptions({
    queryKey: ['members', 'search', by, q],
    queryFn: () =>
      api.get('/ops/api/members', { query: { q, by }, parse: MemberSearchResultSchema }),
    enabled: q.trim() !== '',
  });

export const memberQueryOptions = (username: string) =>
  queryOptions({
    queryKey: ['members', username],
    queryFn: () => api.get(memberPath(username), { parse: MemberSummarySchema }),
  });

/** The lists of a member's page: each a tab, each its own call. */
export const MEMBER_LISTS = {
  ledger: MemberLedgerPageSchema,
  deposits: MemberDepositPageSchema,
  withdrawals: MemberWithdrawalPageSchema,
  rounds: MemberRoundPageSchema,
  logins: MemberLoginPageSchema,
  linked: LinkedAccountsSchema,
  sessions: MemberSessionsSchema,
  notes: MemberNotesSchema,
} as const;
export type MemberList = keyof typeof MEMBER_LISTS;
export type MemberListValue<L extends MemberList> = z.infer<(typeof MEMBER_LISTS)[L]>;

export const memberListQueryOptions = <L extends MemberList>(
  username: string,
  list: L,
  query: Record<string, string | undefined> = {},
) =>
  queryOptions({
    queryKey: ['members', username, list, query],
    queryFn: () =>
      api.get<MemberListValue<L>>(`${memberPath(username)}/${list}`, {
        query,
        parse: MEMBER_LISTS[list] as unknown as { parse: (value: unknown) => MemberListValue<L> },
      }),
  });

export const addNote = (username: string, text: string) =>
  api.post(`${memberPath(username)}/notes`, { text });

export const setTags = (username: string, tags: string[]) =>
  api.put(`${memberPath(username)}/tags`, { tags }, { parse: MemberTagsSchema });

export const setStatus = (username: string, status: MemberStatus, reason: string) =>
  api.post(
    `${memberPath(username)}/status`,
    { status, reason },
    { parse: MemberStatusResultSchema },
  );

export const endSessions = (username: string) =>
  api.post(`${memberPath(username)}/sessions/end`, {}, { parse: SessionsEndedSchema });

export const sendPasswordReset = (username: string) =>
  api.post(`${memberPath(username)}/password-reset`, {}, { parse: PasswordResetResultSchema });

/** Paid at once (200) or waiting for a second operator (202). */
const AdjustmentAnswerSchema = z.union([AdjustmentPaidSchema, AdjustmentWaitingSchema]);

export const adjustBalance = (body: {
  username: string;
  amountMinor: number;
  reason: string;
  key: string;
}) => api.post('/ops/api/wallet/adjustments', body, { parse: AdjustmentAnswerSchema });

/** The devices the member trusted at a new-device login (step-up). */
export const memberTrustedDevicesQueryOptions = (username: string) =>
  queryOptions({
    queryKey: ['members', username, 'trusted-devices'],
    queryFn: () =>
      api.get(`${memberPath(username)}/trusted-devices`, { parse: MemberTrustedDevicesSchema }),
  });

export const removeTrustedDevice = (username: string, id: string) =>
  api.delete(`${memberPath(username)}/trusted-devices/${id}`, {
    parse: TrustedDeviceRemovedSchema,
  });
