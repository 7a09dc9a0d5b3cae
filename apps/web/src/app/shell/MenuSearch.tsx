import { useMemo, useState } from 'react';
import { SearchOutlined } from '@ant-design/icons';
import { AutoComplete, Input } from 'antd';
import { useNavigate } from 'react-router';
import type { MenuItem } from '@erp/contracts';

export const SEARCH_MIN_CHARS = 1;
export const NO_RESULTS_TEXT = 'No results found.';

/** Menu pages whose name contains the text (case-insensitive), once it has at least 1 character. */
export function searchPages(pages: readonly MenuItem[], text: string): MenuItem[] {
  const needle = text.trim().toLowerCase();
  if (needle.length < SEARCH_MIN_CHARS) return [];
  return pages.filter((page) => page.name.toLowerCase().includes(needle) || page.module.toLowerCase().includes(needle));
}

/** The top bar's search over the menu pages the user may see. */
export function MenuSearch({ pages, width, onDone }: { pages: readonly MenuItem[]; width: number | string; onDone?: () => void }) {
  const [text, setText] = useState('');
  const navigate = useNavigate();
  const found = useMemo(() => searchPages(pages, text).slice(0, 30), [pages, text]);
  const options = found.map((page) => ({
    value: `${page.module}|${page.link}`,
    // The screen-reader list names an option by this (it would read the raw value otherwise).
    'aria-label': `${page.name} (${page.module})`,
    label: (
      <span style={{ display: 'flex', justifyContent: 'space-between', gap: 8 }}>
        <span>{page.name}</span>
        <span style={{ opacity: 0.55, fontSize: 11 }}>{page.module}</span>
      </span>
    ),
  }));
  const choose = (value: string) => {
    const link = value.split('|')[1] ?? '/home';
    setText('');
    navigate(link);
    onDone?.();
  };
  return (
    <AutoComplete
      value={text}
      options={options}
      onSearch={setText}
      onSelect={choose}
      notFoundContent={text.trim().length >= SEARCH_MIN_CHARS ? NO_RESULTS_TEXT : null}
      style={{ width }}
      popupMatchSelectWidth={Math.max(typeof width === 'number' ? width : 0, 280)}
    >
      <Input prefix={<SearchOutlined />} placeholder="Search pages" aria-label="Search pages" allowClear onChange={(event) => setText(event.target.value)} />
    </AutoComplete>
  );
}
