/** Opening and closing a game (GET /wps/game/launchGame, POST /wps/game/closeGame; session). */
import {
  CloseGameAnswerSchema,
  LaunchAnswerSchema,
  type LaunchAnswer,
} from '@khela/contract/launch';
import { api } from '../../../lib/api-client';

export const launchGame = (nodeId: string, signal?: AbortSignal): Promise<LaunchAnswer> =>
  api.get('/wps/game/launchGame', { query: { nodeId }, parse: LaunchAnswerSchema, signal });

export const closeGame = (token: string) =>
  api.post('/wps/game/closeGame', { body: { token }, parse: CloseGameAnswerSchema });
