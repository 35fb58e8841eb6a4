/**
 * The only module that imports the identity provider's SDK (firebase/app + firebase/auth, about
 * 31 KB gzip). Nothing imports it statically: ./firebase.ts loads it with one `import()` when a
 * player starts an identity-provider sign-in, so it never joins the first load (docs/architecture.md, Budgets).
 */
export { getApps, initializeApp } from 'firebase/app';
export {
  GoogleAuthProvider,
  OAuthProvider,
  FacebookAuthProvider,
  RecaptchaVerifier,
  browserPopupRedirectResolver,
  connectAuthEmulator,
  getAuth,
  inMemoryPersistence,
  initializeAuth,
  signInWithCredential,
  signInWithPhoneNumber,
  signInWithPopup,
  signOut,
} from 'firebase/auth';
