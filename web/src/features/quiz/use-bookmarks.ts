import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { isApiError } from '@/lib/api-client.ts';
import { QUERY_ROOTS } from '@/lib/query/query-roots.ts';
import { toggleBookmark } from './api/bookmarks.ts';

const NONE: readonly string[] = [];

export interface BookmarkMessage {
  text: string;
  tone: 'info' | 'error';
}

/**
 * The bookmark toggle: the server says whether a question is now bookmarked, and
 * refuses a free user's 21st bookmark (403 limit_reached, its message shown as is).
 * `initial`: the round's questions bookmarked before it started (from the round payload).
 */
export function useBookmarks(initial: readonly string[] = NONE) {
  const [marked, setMarked] = useState<Record<string, boolean>>({});
  const [message, setMessage] = useState<BookmarkMessage | null>(null);
  // The round says what was bookmarked when it started; the answers of the toggles since override it.
  const client = useQueryClient();
  // Review Mode and the due cards read bookmarks: asked again after a toggle (docs/learning.md).
  const { mutateAsync: send, isPending: pending } = useMutation({
    mutationFn: (questionId: string) => toggleBookmark(questionId),
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: [QUERY_ROOTS.bookmarks] }), client.invalidateQueries({ queryKey: [QUERY_ROOTS.cards] })]),
  });
  /** Synchronous lock: the pending flag reaches the screen a render later, a double click must not toggle twice. */
  const inFlight = useRef(false);

  const toggle = useCallback(
    async (questionId: string) => {
      if (inFlight.current) return;
      inFlight.current = true;
      setMessage(null);
      try {
        const { bookmarked } = await send(questionId);
        setMarked((previous) => ({ ...previous, [questionId]: bookmarked }));
        setMessage({ text: bookmarked ? 'Question bookmarked' : 'Bookmark removed', tone: 'info' });
      } catch (error) {
        setMessage({ text: isApiError(error) ? error.message : 'The bookmark could not be saved. Please try again.', tone: 'error' });
      } finally {
        inFlight.current = false;
      }
    },
    [send],
  );

  const isBookmarked = useCallback((questionId: string) => marked[questionId] ?? initial.includes(questionId), [marked, initial]);
  const clearMessage = useCallback(() => setMessage(null), []);

  return { isBookmarked, toggle, pending, message, clearMessage };
}
