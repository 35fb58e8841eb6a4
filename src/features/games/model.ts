/** The catalogue call (docs/games.md): GCSGAME_newGameVendor, shaped by ./vendors.ts. */
import { call } from '../../core/api/client.ts';
import { gameEndpoints } from '../../contract/rows/games.ts';
import { buildCatalogue, type Catalogue } from './vendors.ts';

/** Quiet: the page shows a failed catalogue with its own retry. */
export async function loadCatalogue(): Promise<Catalogue> {
  const res = await call(gameEndpoints.newGameVendor, undefined, { alert: false });
  return buildCatalogue(res.value);
}
