import { useEffect, useRef, useState } from 'react';
import { formFailure } from './adminForm';

/** One page of a list: its items and where the next page starts (null on the last). */
export interface ListPage<T> {
  readonly items: readonly T[];
  readonly next: string | null;
}

/**
 * A list read a page at a time (the audit log, orders, the mail outbox): the first page again whenever `key` (the
 * filter) changes, the next one on `more()`; a failure's field messages and words. `page(cursor)` reads one page.
 */
export function usePagedList<T>(page: (cursor?: string) => Promise<ListPage<T>>, key: string) {
  const [items, setItems] = useState<readonly T[]>([]);
  const [next, setNext] = useState<string | null>(null);
  const [fields, setFields] = useState<Readonly<Record<string, string>>>({});
  const [failure, setFailure] = useState('');
  const [loading, setLoading] = useState(false);
  // The latest reader: `more()` reads with the filter of the page it follows.
  const reader = useRef(page);
  reader.current = page;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the filter (`key`) is what reads the list again
  useEffect(() => {
    let live = true;
    setLoading(true);
    reader.current().then(
      (first) => {
        if (!live) return;
        setItems(first.items);
        setNext(first.next);
        setFailure('');
        setFields({});
        setLoading(false);
      },
      (error: unknown) => {
        if (!live) return;
        const failed = formFailure(error);
        setFields(failed.fields);
        setFailure(failed.message || (failed.issues.length > 0 ? 'Check the filter' : ''));
        setItems([]);
        setNext(null);
        setLoading(false);
      },
    );
    return () => {
      live = false;
    };
  }, [key]);
  const more = () => {
    if (next === null) return;
    setLoading(true);
    reader.current(next).then(
      (following) => {
        setItems((current) => [...current, ...following.items]);
        setNext(following.next);
        setLoading(false);
      },
      (error: unknown) => {
        setFailure(formFailure(error).message);
        setLoading(false);
      },
    );
  };
  return { items, next, fields, failure, loading, more, setFields };
}
