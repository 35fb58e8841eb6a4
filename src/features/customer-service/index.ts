/** The customer-service feature's public entry for other features: which entries a player is offered and their URLs. */
export { entriesFor, entryUrl, type CsViewer } from './model.ts';
