/**
 * Whether the player closed the download bar this session (docs/product.md §4). On its own, so the
 * host reads it before the first paint without loading the bar's code.
 */
import { sessionStore, KEY_PREFIX } from '../../core/storage/storage.ts';

export const HIDE_KEY = `${KEY_PREFIX}downloadBarHidden`;

export const closedThisSession = () => sessionStore.get<boolean>(HIDE_KEY) === true;
