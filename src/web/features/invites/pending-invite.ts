const KEY = 'kvitt.pendingInvite';

/** An anonymous visitor's invite token, kept for this tab only, so signing up leads back to the invite. */
export function rememberInvite(token: string): void {
  try {
    sessionStorage.setItem(KEY, token);
  } catch {
    // Storage refused (private mode, quota): the redirect parameter still brings the visitor back.
  }
}

export function pendingInvite(): string | null {
  try {
    return sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
}

export function forgetInvite(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Nothing stored, nothing to forget.
  }
}
