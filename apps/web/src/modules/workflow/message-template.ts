/*
 * The /message-setting preview: a template with its placeholders filled from a sample document, and
 * the placeholders it names that the server would not fill (typos such as {ammount}).
 */
import { messagePlaceholders } from '@erp/contracts';

export type Placeholder = (typeof messagePlaceholders)[number];

export const placeholderHelp: Readonly<Record<Placeholder, string>> = {
  '{documentNumber}': 'The document number (or its description while it has none)',
  '{amount}': 'The document amount with its currency',
  '{actor}': 'Who submitted, approved or rejected; for an escalation, who held the task',
  '{link}': 'The address that opens the document',
  '{approvalType}': 'The kind of approval, e.g. JournalApproval',
  '{comment}': "The approver's comment",
};

export const sampleValues: Readonly<Record<Placeholder, string>> = {
  '{documentNumber}': 'JV2026-000042',
  '{amount}': '1,250.00 USD',
  '{actor}': 'Ada Lovelace',
  '{link}': 'https://erp.example.com/journal?id=…',
  '{approvalType}': 'JournalApproval',
  '{comment}': 'Checked against the invoice.',
};

export function fillTemplate(text: string, values: Readonly<Record<string, string>> = sampleValues): string {
  return text.replace(/\{[A-Za-z]+\}/g, (token) => values[token] ?? token);
}

/** Placeholders in the text that are not among the known ones, each once, in order. */
export function unknownPlaceholders(text: string): string[] {
  const found = text.match(/\{[A-Za-z]+\}/g) ?? [];
  return [...new Set(found.filter((token) => !(messagePlaceholders as readonly string[]).includes(token)))];
}

/** The text with a placeholder put at the caret (or at the end), and where the caret goes after it. */
export function insertAt(text: string, token: string, caret: number | null): { text: string; caret: number } {
  const at = caret === null || caret < 0 || caret > text.length ? text.length : caret;
  return { text: text.slice(0, at) + token + text.slice(at), caret: at + token.length };
}
