/**
 * Every row of the contract by name: the first load's (./endpoints.ts) and the lazy parts'
 * (./rows/*.ts). For the server, which registers a route per row, and for docs and tests; the browser
 * imports the row files themselves, so a lazy part's rows stay in its chunk.
 */
import { endpoints } from './endpoints.ts';
import { gameEndpoints } from './rows/games.ts';
import { mcEndpoints } from './rows/member-centre.ts';
import { pushEndpoints } from './rows/push.ts';

export const catalogue = { ...endpoints, ...mcEndpoints, ...gameEndpoints, ...pushEndpoints };

export type Catalogue = typeof catalogue;
export type EndpointName = keyof Catalogue;
