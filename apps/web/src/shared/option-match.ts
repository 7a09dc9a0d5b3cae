/*
 * Type-ahead for every select and picker: an option is offered only when its label holds every
 * word typed, and the best match comes first, so the option Enter picks is the one the user
 * meant. Without this, a picker that searches on the server kept showing the previous answer
 * (first "40 · Operating Revenue") while "Operating Expenses" was still on its way, and Enter took it.
 */

const words = (text: string) => text.toLowerCase().split(/[\s·,./-]+/).filter(Boolean);

/**
 * How well a label answers the typed text, lower is better; undefined when it does not match.
 * 0 the whole label or one of its parts ('CODE · Name') equals the text, 1 a part starts with it,
 * 2 the label's words start with the typed words, 3 every typed word is somewhere in the label.
 */
export function matchRank(label: string, typed: string): number | undefined {
  const text = typed.trim().toLowerCase();
  if (text === '') return 3;
  const whole = label.toLowerCase();
  const parts = [whole, ...whole.split('·').map((part) => part.trim())];
  if (parts.includes(text)) return 0;
  if (parts.some((part) => part.startsWith(text))) return 1;
  const wanted = words(text);
  const have = words(whole);
  if (wanted.every((word) => have.some((candidate) => candidate.startsWith(word)))) return 2;
  if (wanted.every((word) => whole.includes(word))) return 3;
  return undefined;
}

type Option = { label?: unknown; text?: unknown; value?: unknown; 'aria-label'?: unknown };

/**
 * The text an option is matched on: its `text` when the label is an element (an icon and a name),
 * else the label, else the name it gives screen readers, else its value (never nothing: an option
 * whose label is an element would otherwise match no typed text at all).
 */
const optionText = (option?: Option) => {
  for (const candidate of [option?.text, option?.label, option?.['aria-label'], option?.value]) if (typeof candidate === 'string') return candidate;
  return '';
};

/**
 * The `showSearch` of every select: options that match what is typed, best first (the first is
 * what Enter picks). A picker that searches on the server passes its onSearch and searchValue; its
 * earlier answers are filtered by the text typed since, so a stale first row is never the one taken.
 * The app's ConfigProvider gives it to every select that does not set its own.
 */
export function typeAhead(server?: { onSearch: (text: string) => void; searchValue?: string }) {
  return {
    ...server,
    filterOption: (typed: string, option?: Option) => matchRank(optionText(option), typed) !== undefined,
    filterSort: (a: Option, b: Option, info: { searchValue: string }) =>
      (matchRank(optionText(a), info.searchValue) ?? 9) - (matchRank(optionText(b), info.searchValue) ?? 9),
  };
}
