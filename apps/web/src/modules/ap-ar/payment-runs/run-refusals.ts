/** The line a run's refusal names, as the editor's row index and field: `lines.2.amount: …` (saving) or `…, VI2026-000003 (line 3): …` (posting). */
export type LineRefusal = { index: number; field: 'amount' | 'discount' | 'openItem' };

export function lineOfRefusal(message: string | null): LineRefusal | null {
  if (!message) return null;
  const saved = /^lines\.(\d+)\.(amount|discount|openItem): /.exec(message);
  if (saved) return { index: Number(saved[1]), field: saved[2] as LineRefusal['field'] };
  const posted = /\(line (\d+)\): /.exec(message);
  if (posted) return { index: Number(posted[1]) - 1, field: /discount/i.test(message) ? 'discount' : 'amount' };
  return null;
}
