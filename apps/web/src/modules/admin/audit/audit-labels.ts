/*
 * Readable names for the audit trail's raw words: entity and field names as the writers record
 * them ('fiscalYear', 'role-permissions', 'journalDate') and the actions.
 */
import { relativeDayLabel } from '../../../shared/format';

/** 'fiscalYear' -> 'Fiscal year', 'role-permissions' -> 'Role permissions', 'totalBaseMinor' -> 'Total base minor'. */
export function humanise(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[\s_-]+/)
    .filter(Boolean)
    .map((word) => word.toLowerCase());
  const text = words.join(' ');
  return text ? text.charAt(0).toUpperCase() + text.slice(1) : name;
}

const actionLabels: Record<string, string> = {
  create: 'Created',
  edit: 'Edited',
  delete: 'Deleted',
  'sign-in': 'Signed in',
  'password-change': 'Password changed',
  permissions: 'Permissions saved',
};

export function actionLabel(action: string): string {
  return actionLabels[action] ?? humanise(action);
}

const actionColours: Record<string, string> = {
  create: 'green',
  edit: 'blue',
  delete: 'red',
  'password-change': 'orange',
  permissions: 'purple',
};

export function actionColour(action: string): string | undefined {
  return actionColours[action];
}

const pad = (n: number) => String(n).padStart(2, '0');

/** 'Today 14:03:12', 'Yesterday 09:00:00', 'March 3 10:00:00' (SPEC.md section 9 day labels, local time). */
export function entryTimeLabel(iso: string, today: Date = new Date()): string {
  const at = new Date(iso);
  return `${relativeDayLabel(at, today)} ${pad(at.getHours())}:${pad(at.getMinutes())}:${pad(at.getSeconds())}`;
}
