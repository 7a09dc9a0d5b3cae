/* The notification banner's rules of SPEC.md sections 4 and 8: defaults, hide delays and the 200-character cut. */
export type NotificationKind = 'success' | 'error';

export type Notice = { kind: NotificationKind; header: string; body: string };

export const NOTIFICATION_BODY_MAX = 200;
export const NOTIFICATION_HIDE_MS: Readonly<Record<NotificationKind, number>> = { success: 10_000, error: 30_000 };
export const NOTIFICATION_DEFAULTS: Readonly<Record<NotificationKind, { header: string; body: string }>> = {
  success: { header: 'Success', body: 'Operation Successful' },
  error: { header: 'Error', body: 'Error' },
};
export const ERROR_DRAWER_TITLE = 'Error Message';

export function makeNotice(kind: NotificationKind, body?: string, header?: string): Notice {
  const defaults = NOTIFICATION_DEFAULTS[kind];
  return { kind, header: header || defaults.header, body: body || defaults.body };
}

/** A body over 200 characters is cut to 200 with an ellipsis; `cut` says whether See more applies. */
export function cutBody(body: string): { text: string; cut: boolean } {
  const chars = Array.from(body);
  if (chars.length <= NOTIFICATION_BODY_MAX) return { text: body, cut: false };
  return { text: `${chars.slice(0, NOTIFICATION_BODY_MAX).join('')}…`, cut: true };
}
