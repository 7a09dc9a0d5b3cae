import { displayAmount, displayDate, type DisplaySettings } from '@erp/contracts';
import { tablePdf } from '../../../platform/kit/table-pdf';

/*
 * A party's remittance advice of a payment run (or, for a customer run, its direct-debit advice):
 * laid out from what the service read (RemittancePrint), nothing read here, as the kit's table report
 * (the company, the party and the payment's facts above; the invoices paid, their heads repeated on
 * every page they run over; the total).
 */

export type RemittancePrint = {
  title: string;
  company: { name: string; details: string[] };
  party: { label: string; code: string; name: string };
  facts: [string, string][];
  intro: string;
  currency: string;
  scale: number;
  /** Amounts as decimal text of the run's currency. */
  lines: { invoice: string; yourReference: string; dueDate: string; discount: string; amount: string }[];
  totals: { discount: string; amount: string };
  display: Pick<DisplaySettings, 'dateFormat' | 'locale'>;
  generatedAt: string;
};

/** The advice as a PDF. */
export function remittancePdf(p: RemittancePrint): Promise<Buffer> {
  const money = (text: string) => displayAmount(text, p.display, p.scale);
  return tablePdf({
    title: p.title,
    company: [p.company.name, ...p.company.details].join(' · '),
    facts: [`${p.party.label} ${p.party.code} · ${p.party.name}`, p.facts.map(([label, value]) => `${label}: ${value}`).join(' · '), '', p.intro],
    sections: [{
      columns: [
        { head: 'Invoice', share: 0.22 }, { head: 'Your reference', share: 0.3 }, { head: 'Due', share: 0.14 },
        { head: 'Discount', share: 0.16, align: 'right' }, { head: 'Paid', share: 0.18, align: 'right' },
      ],
      rows: [
        ...p.lines.map((l) => ({ cells: [l.invoice, l.yourReference, displayDate(l.dueDate, p.display), /[1-9]/.test(l.discount) ? money(l.discount) : '', money(l.amount)] })),
        { cells: [`Total ${p.currency}`, `${p.lines.length} invoice${p.lines.length === 1 ? '' : 's'}`, '', money(p.totals.discount), money(p.totals.amount)], bold: true, ruled: true },
      ],
    }],
    generatedAt: p.generatedAt,
  });
}
