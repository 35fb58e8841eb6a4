/**
 * The made-up Google accounts of the demo's account chooser (demo and test mode only: the site status
 * names an Auth emulator) and the Google ID token the emulator accepts for one. Loaded with the
 * chooser, never in a first load.
 *
 * The emulator checks no signature: it reads the token's claims (`sub` required; `email`,
 * `email_verified`, `name` become the account's) and answers with an ID token of its own, which is
 * what the /wps login sends (docs/server.md, "The demo's identity provider"). `sub` is derived from
 * the email, so choosing the same account again is the same provider account (a bound member then
 * logs straight in).
 */

export interface DemoAccount {
  name: string;
  email: string;
}

/** The chooser's accounts: made up, on example.com (a domain that is nobody's). */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  { name: 'Alex Rivera', email: 'alex.rivera@example.com' },
  { name: 'Mei Lin', email: 'mei.lin@example.com' },
  { name: 'Sam Okafor', email: 'sam.okafor@example.com' },
];

/** A basic email shape: something@something.tld, no spaces (as the two-factor modal checks). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Longer addresses are not addresses (RFC 5321's limit). */
export const EMAIL_MAX_LENGTH = 254;

export type EmailProblem = 'required' | 'invalid';

/** Why a typed email cannot be used, or undefined when it can. */
export function emailProblem(typed: string): EmailProblem | undefined {
  const email = typed.trim();
  if (!email) return 'required';
  return EMAIL_PATTERN.test(email) && email.length <= EMAIL_MAX_LENGTH ? undefined : 'invalid';
}

/** The account of a typed email: its name from the part before @ ('jo.smith_1@x.io' → 'Jo Smith 1'). */
export function accountOf(typed: string): DemoAccount {
  const email = typed.trim().toLowerCase();
  const local = email.split('@')[0] ?? '';
  const name = local
    .split(/[._+-]+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join(' ');
  return { name: name || email, email };
}

/** A stable Google-like `sub` (digits) for an email: FNV-1a 64, so the same email is the same user. */
export function demoSubject(email: string): string {
  let hash = 0xcbf29ce484222325n;
  for (const byte of new TextEncoder().encode(email.trim().toLowerCase())) {
    hash ^= BigInt(byte);
    hash = (hash * 0x100000001b3n) & 0xffffffffffffffffn;
  }
  return `1${hash.toString().padStart(20, '0')}`;
}

const base64url = (value: object) => {
  let binary = '';
  for (const byte of new TextEncoder().encode(JSON.stringify(value))) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
};

/**
 * An unsigned Google ID token (`alg: none`, empty signature) for a made-up account: what the Auth
 * emulator's `signInWithIdp` accepts in place of Google's own. Worthless anywhere else.
 */
export function demoGoogleIdToken(account: DemoAccount, nowMs = Date.now()): string {
  const iat = Math.floor(nowMs / 1000);
  const claims = {
    iss: 'https://accounts.google.com',
    aud: 'wps-demo',
    sub: demoSubject(account.email),
    email: account.email.trim().toLowerCase(),
    email_verified: true,
    name: account.name,
    iat,
    exp: iat + 3600,
  };
  return `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(claims)}.`;
}
