import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { generateQuery } from '#shared/explanations/explanations.ts';
import { FormMessage } from '@/components/alert.tsx';
import { Button } from '@/components/button.tsx';
import { isApiError } from '@/lib/api-client.ts';
import { fetchWrongAnswers } from '../api/explanations-api.ts';

/**
 * Add to Video Library after a quiz (premium; docs/ai.md): opens the video library with
 * `?generate=true&questions=…` naming this round's wrong answers; the library makes the videos.
 */
export function AddToVideoLibrary({ roundId }: { roundId: string }) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const add = async () => {
    setBusy(true);
    setMessage(null);
    try {
      const { items } = await fetchWrongAnswers(roundId);
      navigate(`/video-explanations${generateQuery(items.map((item) => ({ roundId, questionId: item.questionId })))}`);
    } catch (error) {
      setMessage(isApiError(error) ? error.message : 'Could not read this round’s answers.');
      setBusy(false);
    }
  };
  return (
    <>
      <Button variant="secondary" block loading={busy} onClick={() => void add()}>
        Add to Video Library
      </Button>
      <FormMessage message={message} />
    </>
  );
}
