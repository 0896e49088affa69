/** Recent games: opening a game records it (GET /wps/game/recent/add?nodeId=, session). */
import { api } from '../../../lib/api-client';

export const addRecentGame = (nodeId: string) =>
  api.get('/wps/game/recent/add', { query: { nodeId } });
