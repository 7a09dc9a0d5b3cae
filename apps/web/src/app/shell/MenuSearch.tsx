import { useMemo, useState } from 'react';
import { SearchOutlined } from '@ant-design/icons';
import { AutoComplete, Input } from 'antd';
import { useNavigate } from 'react-router';
import { matchRank } from '../../shared/option-match';
import type { PageEntry } from './useVisibleMenu';

export const SEARCH_MIN_CHARS = 1;
export const NO_RESULTS_TEXT = 'No results found.';

/** Pages whose name or module contains the text (case-insensitive), once it has at least 1 character; best name match first. */
export function searchPages(pages: readonly PageEntry[], text: string): PageEntry[] {
  const needle = text.trim().toLowerCase();
  if (needle.length < SEARCH_MIN_CHARS) return [];
  const rank = (page: PageEntry) => matchRank(page.name, needle) ?? 9;
  return pages
    .filter((page) => page.name.toLowerCase().includes(needle) || page.module.toLowerCase().includes(needle))
    .map((page, index) => ({ page, index, rank: rank(page) }))
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map(({ page }) => page);
}

/** The top bar's search over the pages the user may open. */
export function MenuSearch({ pages, width, onDone }: { pages: readonly PageEntry[]; width: number | string; onDone?: () => void }) {
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
      // searchPages has filtered and ranked the pages already: the app-wide type-ahead of selects must not filter them again.
      filterOption={false}
      notFoundContent={text.trim().length >= SEARCH_MIN_CHARS ? NO_RESULTS_TEXT : null}
      style={{ width }}
      popupMatchSelectWidth={Math.max(typeof width === 'number' ? width : 0, 280)}
    >
      <Input prefix={<SearchOutlined />} placeholder="Search pages" aria-label="Search pages" allowClear onChange={(event) => setText(event.target.value)} />
    </AutoComplete>
  );
}
