import type { segmentTypes, sequenceResets } from '@erp/contracts';

export type Segment = { position: number; type: (typeof segmentTypes)[number]; value: string | null; width: number | null };
export type NumberContext = { date: string; companyCode: string; periodNo?: number };

/** Which counter a number comes from: one for ever, one per calendar year, or one per month. */
export function counterBucket(reset: (typeof sequenceResets)[number], date: string): string {
  if (reset === 'Year') return date.slice(0, 4);
  if (reset === 'Period') return date.slice(0, 7);
  return 'all';
}

function renderSegment(s: Segment, counter: number, ctx: NumberContext): string {
  switch (s.type) {
    case 'Prefix':
    case 'Text':
      return s.value ?? '';
    case 'Year':
      return s.width === 2 ? ctx.date.slice(2, 4) : ctx.date.slice(0, 4);
    case 'Period':
      return String(ctx.periodNo ?? Number(ctx.date.slice(5, 7))).padStart(s.width ?? 2, '0');
    case 'Company':
      return ctx.companyCode;
    case 'Counter':
      return String(counter).padStart(s.width ?? 1, '0');
  }
}

/** Renders a document number from its segments, e.g. Prefix JV, Year(4), Text '-', Counter(6) -> JV2026-000042. */
export function formatNumber(segments: Segment[], counter: number, ctx: NumberContext): string {
  const ordered = [...segments].sort((a, b) => a.position - b.position);
  if (!ordered.some((s) => s.type === 'Counter')) throw new Error('A number sequence needs a Counter segment');
  return ordered.map((s) => renderSegment(s, counter, ctx)).join('');
}

/**
 * The number with its counter left open, for a statement that takes the counter and writes the
 * number at once: `prefix + counter zero-padded to width + suffix` equals formatNumber for every
 * counter. Undefined unless the sequence has exactly one Counter segment.
 */
export function numberTemplate(segments: Segment[], ctx: NumberContext): { prefix: string; width: number; suffix: string } | undefined {
  const ordered = [...segments].sort((a, b) => a.position - b.position);
  const at = ordered.findIndex((s) => s.type === 'Counter');
  if (at < 0 || ordered.filter((s) => s.type === 'Counter').length !== 1) return undefined;
  const render = (part: Segment[]) => part.map((s) => renderSegment(s, 0, ctx)).join('');
  return { prefix: render(ordered.slice(0, at)), width: ordered[at]!.width ?? 1, suffix: render(ordered.slice(at + 1)) };
}
