import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { editorLinkOfKind } from '../journal-kinds';
import { fetchJournal } from '../journals-api';
import { journalKey } from '../useJournalActions';

/** A link to another journal by id, named by its number once loaded. */
export function JournalLink({ id }: { id: string }) {
  const journal = useQuery({ queryKey: journalKey(id), queryFn: ({ signal }) => fetchJournal(id, signal), staleTime: 60_000 });
  const link = journal.data ? editorLinkOfKind(journal.data.kind) : '/journal';
  return <Link to={`${link}?id=${id}`}>{journal.data?.number ?? 'journal'}</Link>;
}
