/**
 * The chat page's calls (our own, under /wps/chat): a page of the member's messages, sending one,
 * marking answers read. Parsed with the contract's schemas: the page is loaded lazily.
 */
import {
  ConversationAnswerSchema,
  SendMessageAnswerSchema,
  UnreadCountSchema,
} from '@khela/contract/chat';
import { api } from '../../../lib/api-client';

export interface PageRequest {
  after?: string;
  before?: string;
  limit?: number;
}

export const getConversation = (page: PageRequest = {}, signal?: AbortSignal) =>
  api.get('/wps/chat/conversation', {
    query: { after: page.after, before: page.before, limit: page.limit },
    parse: ConversationAnswerSchema,
    signal,
  });

export const sendMessage = (body: string) =>
  api.post('/wps/chat/messages', { body: { body }, parse: SendMessageAnswerSchema });

export const markChatRead = (lastMessageId: string) =>
  api.post('/wps/chat/read', { body: { lastMessageId }, parse: UnreadCountSchema });
