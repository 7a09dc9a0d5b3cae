/*
 * The recurring journal form's model: the schedule as the user edits it (the end as never, a date
 * or a number of journals), the body it sends, what stops it being sent (the contract's own
 * messages) and the dates it will generate next.
 */
import {
  recurringJournalInputSchema,
  upcomingDates,
  type RecurringFrequency,
  type RecurringJournalInput,
  type RecurringJournalView,
  type RecurringMode,
} from '@erp/contracts';

export type EndKind = 'never' | 'date' | 'count';

export type RecurringForm = {
  code: string;
  description: string;
  template: string | null;
  /** 'CODE · Name' of the chosen template, so the picker reads well without a lookup. */
  templateLabel: string;
  frequency: RecurringFrequency;
  interval: number;
  startDate: string;
  /** Empty on a new schedule: the start date. */
  nextDate: string;
  endKind: EndKind;
  endDate: string;
  occurrences: number | null;
  mode: RecurringMode;
  active: boolean;
};

export function blankRecurringForm(today: string): RecurringForm {
  return { code: '', description: '', template: null, templateLabel: '', frequency: 'Monthly', interval: 1, startDate: today, nextDate: '', endKind: 'never', endDate: '', occurrences: null, mode: 'Draft', active: true };
}

export function formFromRecurring(view: RecurringJournalView): RecurringForm {
  return {
    code: view.code,
    description: view.description,
    template: view.template,
    templateLabel: `${view.templateCode} · ${view.templateName}`,
    frequency: view.frequency,
    interval: view.interval,
    startDate: view.startDate,
    nextDate: view.nextDate ?? '',
    endKind: view.endDate ? 'date' : view.occurrences ? 'count' : 'never',
    endDate: view.endDate ?? '',
    occurrences: view.occurrences,
    mode: view.mode,
    active: view.active,
  };
}

/** The POST/PUT body: the end the user chose (the other one cleared), the next date when one is set. */
export function buildRecurringInput(form: RecurringForm): RecurringJournalInput {
  return {
    code: form.code.trim(),
    description: form.description.trim(),
    template: form.template ?? '',
    frequency: form.frequency,
    interval: form.interval,
    startDate: form.startDate,
    ...(form.nextDate ? { nextDate: form.nextDate } : {}),
    endDate: form.endKind === 'date' ? form.endDate : null,
    occurrences: form.endKind === 'count' ? form.occurrences : null,
    mode: form.mode,
    active: form.active,
  };
}

/** What stops the form being sent, in the contract's words; empty when it may be sent. */
export function recurringProblems(form: RecurringForm): string[] {
  if (form.endKind === 'date' && !form.endDate) return ['Please supply the end date'];
  if (form.endKind === 'count' && !form.occurrences) return ['Please supply the number of journals'];
  const parsed = recurringJournalInputSchema.safeParse(buildRecurringInput(form));
  return parsed.success ? [] : [...new Set(parsed.error.issues.map((issue) => issue.message))];
}

/** 'Monthly', 'Every 2 weeks', 'Every 3 quarters'. */
export function frequencyText(frequency: RecurringFrequency, interval: number): string {
  if (interval <= 1) return frequency;
  const unit = { Daily: 'days', Weekly: 'weeks', Monthly: 'months', Quarterly: 'quarters', Yearly: 'years' }[frequency];
  return `Every ${interval} ${unit}`;
}

/** The next `count` dates the schedule will generate, as the server will (shared calendar rules); none when the form is not complete. */
export function previewDates(form: RecurringForm, generated: number, count: number): string[] {
  const iso = /^\d{4}-\d{2}-\d{2}$/;
  if (!iso.test(form.startDate) || !Number.isInteger(form.interval) || form.interval < 1 || !form.active) return [];
  const next = form.nextDate || form.startDate;
  if (!iso.test(next)) return [];
  const endDate = form.endKind === 'date' && iso.test(form.endDate) ? form.endDate : null;
  const occurrencesLeft = form.endKind === 'count' && form.occurrences ? Math.max(0, form.occurrences - generated) : null;
  return upcomingDates({ frequency: form.frequency, interval: form.interval, startDate: form.startDate }, { nextDate: next, endDate, occurrencesLeft }, count);
}
