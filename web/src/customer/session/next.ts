/**
 * Where a signed-out visitor was going: a protected screen sends them to sign in with its own
 * address (`/signin?next=/bookings/…/receipt`), and signing in takes them back there, so a link in
 * an email lands on the page it names. Only a path of this site is followed (never another
 * origin, which would make /signin an open redirect); anything else goes home.
 */
export const AFTER_SIGN_IN = "/home";

/** The sign-in screen's address for a visitor who wanted `path` (its pathname, search and hash). */
export function signInFor(path: string): string {
  const next = safeNext(path);
  return next ? `/signin?next=${encodeURIComponent(next)}` : "/signin";
}

/** Where to go once signed in: the `next` of the sign-in screen's address when it is a path of this site, else home. */
export function afterSignIn(search: string): string {
  return safeNext(new URLSearchParams(search).get("next")) ?? AFTER_SIGN_IN;
}

function safeNext(path: string | null): string | null {
  if (!path || !path.startsWith("/") || path.startsWith("//") || path.startsWith("/\\")) return null;
  // Back to the sign-in or sign-up screen would go round in a circle.
  if (/^\/(signin|signup)(?:[/?#]|$)/.test(path)) return null;
  return path;
}
