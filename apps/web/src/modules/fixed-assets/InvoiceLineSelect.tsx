import { Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { CapitalisableLine, InvoiceLineRef } from '@erp/contracts';
import { useDebouncedValue } from '../../shared/kit';
import { useDisplay } from '../../shared/useDisplay';
import { fetchCapitalisableLines } from './fa-api';

const keyOf = (l: { vendorInvoice: string; lineNo: number }) => `${l.vendorInvoice}:${l.lineNo}`;

/**
 * Picks a line of a posted vendor invoice on an asset class's clearing account, with what is left
 * of it to capitalise (the server's list; the server refuses anything beyond it).
 */
export function InvoiceLineSelect({ value, onChange, id }: { value?: InvoiceLineRef | null; onChange?: (v: InvoiceLineRef | null, line: CapitalisableLine | null) => void; id?: string }) {
  const display = useDisplay();
  const [search, setSearch] = useState('');
  const settled = useDebouncedValue(search);
  const lines = useQuery({ queryKey: ['fa', 'capitalisable-lines', settled], queryFn: ({ signal }) => fetchCapitalisableLines(settled, signal), staleTime: 10_000 });
  const byKey = new Map((lines.data ?? []).map((l) => [keyOf(l), l]));
  return (
    <Select
      id={id}
      aria-label="Vendor invoice line"
      showSearch
      allowClear
      filterOption={false}
      onSearch={setSearch}
      loading={lines.isPending}
      style={{ minWidth: 360 }}
      placeholder="Vendor invoice, line"
      value={value ? keyOf(value) : undefined}
      onChange={(k?: string) => {
        const line = k ? (byKey.get(k) ?? null) : null;
        onChange?.(line ? { vendorInvoice: line.vendorInvoice, lineNo: line.lineNo } : null, line);
      }}
      options={(lines.data ?? []).map((l) => ({
        value: keyOf(l),
        label: `${l.invoiceNumber ?? ''}${l.partyDocumentNumber ? ` (${l.partyDocumentNumber})` : ''} · line ${l.lineNo} · ${l.description} · ${l.accountCode} · left ${display.amount(l.left)} of ${display.amount(l.amount)}`,
      }))}
    />
  );
}
