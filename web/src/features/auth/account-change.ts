/**
 * Calls `onLeave` whenever the signed-in account is left: signed out, or (after a restore
 * in another tab) a different account. Feed it the account id on every session change,
 * null when nobody is signed in. Signing in from signed-out leaves nothing behind.
 */
export function accountChangeWatcher(onLeave: () => void): (userId: string | null) => void {
  let current: string | null = null;
  return (userId) => {
    if (current !== null && userId !== current) onLeave();
    current = userId;
  };
}
