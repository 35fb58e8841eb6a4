/**
 * The games' rows: the catalogue, launch and trial calls (docs/games.md). Not in the first load of
 * /m/home: the games' code imports them; the server registers every row (../catalogue.ts).
 */
import { row, type Endpoint } from '../endpoint-row.ts';
import type * as S from '../schemas.ts';
import type { GameLaunch, GameVendorData } from '../types/games.ts';

/** The game catalogue, launch and trial calls (docs/games.md). */
export const gameEndpoints = {
  launchGame: row<S.LaunchGamePayload, GameLaunch>({
    method: 'POST',
    path: '/wps/game/launchGame',
    encrypted: false,
    auth: true,
    client: 'B',
    payload: 'launchGamePayload',
    timeout: 10000,
  }),
  gameTrialLaunch: row<S.TrialLaunchQuery, { gameUrl: string }>({
    method: 'GET',
    path: '/wps/relay/GCS_gameTrialLaunch',
    encrypted: false,
    auth: false,
    client: 'B',
    payload: 'trialLaunchQuery',
  }),
  newGameVendor: row<void, GameVendorData>({
    method: 'GET',
    path: '/wps/relay/GCSGAME_newGameVendor',
    encrypted: false,
    auth: false,
    client: 'B',
    cache: true,
  }),
} satisfies Record<string, Endpoint>;
