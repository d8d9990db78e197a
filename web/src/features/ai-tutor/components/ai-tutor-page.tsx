import { useCallback, useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import type { ServerMessage } from '#shared/realtime/messages.ts';
import {
  QUICK_QUESTIONS,
  TUTOR_CHUNK_TYPE,
  TUTOR_LIMITS,
  TUTOR_MESSAGES as M,
  TUTOR_SUBJECTS,
  TUTOR_SUBJECT_LABELS,
  joinChunks,
  messageToSend,
  showQuickQuestions,
  tutorChunkSchema,
  tutorContext,
  type ChatMessage,
  type Citation,
  type TutorSubject,
} from '#shared/tutor/tutor.ts';
import { Button, LinkButton } from '@/components/button.tsx';
import { LockIcon } from '@/components/icons.tsx';
import { SelectField } from '@/components/select-field.tsx';
import { isApiError } from '@/lib/api-client.ts';
import { useOwnTopic, useRealtimeTopic } from '@/lib/realtime/index.ts';
import { useAskTutor } from '../api/tutor-api.ts';
import styles from './ai-tutor.module.css';

const timeText = (iso: string) => new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
const newId = () => (typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`);
const KIND_LABEL: Record<Citation['kind'], string> = { document: 'document', country: 'country fact sheet', question: 'question bank', guide: 'study guide' };

/** Shown instead of the chat to accounts without ai_tutor_chat: a description only. */
export function AiTutorUpgradeGate() {
  return (
    <div className={`card ${styles.gate}`}>
      <LockIcon size={28} />
      <h2 className={styles.gateTitle}>{M.premiumRequired}</h2>
      <p className="muted">
        Ask questions about geography, history and religion and get answers from our study material, with the sources they come from. Part of Premium and the free trial.
      </p>
      <LinkButton to="/subscription">Start Free Trial</LinkButton>
    </div>
  );
}

const welcomeMessage = (subject: TutorSubject): ChatMessage => ({ id: 'welcome', type: 'ai', content: M.welcome, timestamp: new Date().toISOString(), context: { subject }, welcome: true });

interface Pending {
  requestId: string;
  chunks: Map<number, string>;
}

/**
 * /ai-tutor: a chat with the AI tutor. The reply's text shows as it is written (pieces pushed
 * over the WebSocket) and is replaced by the complete answer from the response, with its
 * sources; screen readers hear the finished reply once (the conversation is a polite live log).
 */
export function AiTutorPage() {
  const [subject, setSubject] = useState<TutorSubject>('general');
  const [messages, setMessages] = useState<ChatMessage[]>(() => [welcomeMessage('general')]);
  const [pending, setPending] = useState<Pending | null>(null);
  const [remaining, setRemaining] = useState<number | null>(null);
  const ask = useAskTutor();
  const logRef = useRef<HTMLDivElement>(null);
  const pendingRef = useRef<Pending | null>(null);
  pendingRef.current = pending;

  const onMessage = useCallback((message: ServerMessage) => {
    if (message.type !== TUTOR_CHUNK_TYPE) return;
    const parsed = tutorChunkSchema.safeParse(message.data);
    const current = pendingRef.current;
    if (!parsed.success || !current || parsed.data.requestId !== current.requestId) return;
    const chunks = new Map(current.chunks);
    chunks.set(parsed.data.seq, parsed.data.text);
    setPending({ requestId: current.requestId, chunks });
  }, []);
  useRealtimeTopic(useOwnTopic(), onMessage);

  const streamed = pending ? joinChunks(pending.chunks) : '';
  useEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [messages.length, streamed]);

  const send = (draft: string): boolean => {
    const text = messageToSend(draft, pending !== null);
    if (text === null) return false;
    const now = new Date().toISOString();
    const question: ChatMessage = { id: newId(), type: 'user', content: text, timestamp: now, context: { subject } };
    const previousMessages = tutorContext(messages);
    const requestId = newId();
    setMessages((list) => [...list, question]);
    setPending({ requestId, chunks: new Map() });
    const reply = (content: string, extra: Partial<ChatMessage> = {}) =>
      setMessages((list) => [...list, { id: newId(), type: 'ai', content, timestamp: new Date().toISOString(), context: { subject }, ...extra }]);
    ask.mutate(
      { message: text, subject, previousMessages, requestId },
      {
        onSuccess: (answer) => {
          setRemaining(answer.remaining);
          if (answer.response.trim()) reply(answer.response, { citations: answer.citations });
          else reply(M.noContent, { failed: true });
        },
        onError: (error) => {
          if (isApiError(error) && (error.status === 429 || error.status === 403)) {
            if (error.status === 429) setRemaining(0);
            reply(error.message, { failed: true });
          } else reply(M.connection, { failed: true });
        },
        onSettled: () => setPending(null),
      },
    );
    return true;
  };

  return (
    <div className={`page ${styles.page}`}>
      <LinkButton to="/dashboard" variant="link" className={styles.back}>
        ← Back to Dashboard
      </LinkButton>
      <h1 className="page__title">AI Tutor</h1>
      <p className="muted">Answers come from our study material, with their sources. {TUTOR_LIMITS.dailyQuestions} questions a day.</p>

      <section className={`card ${styles.chat}`} aria-label="Chat with the AI tutor">
        <div className={styles.toolbar}>
          <SelectField label="Subject" value={subject} options={TUTOR_SUBJECTS} optionLabel={(s) => TUTOR_SUBJECT_LABELS[s]} onChange={setSubject} />
          {remaining !== null && (
            <p className={styles.remaining} aria-live="polite">
              {remaining} {remaining === 1 ? 'question' : 'questions'} left today
            </p>
          )}
        </div>

        {/* The log scrolls; the list inside it keeps its items in a list (role="log" on the <ol> would leave them outside one). */}
        <div ref={logRef} className={styles.log} role="log" aria-live="polite" aria-relevant="additions" aria-label="Conversation" tabIndex={0}>
          <ol className={styles.messages}>
            {messages.map((m) => (
              <MessageItem key={m.id} message={m} />
            ))}
          </ol>
        </div>
        {pending && (
          <div className={`${styles.message} ${styles.ai} ${styles.pending}`} aria-hidden="true" data-testid="tutor-streaming">
            <span className={styles.sender}>AI Tutor</span>
            {streamed ? (
              <span className={styles.text}>{streamed}</span>
            ) : (
              <span className={styles.typing}>
                <span />
                <span />
                <span />
              </span>
            )}
          </div>
        )}
        <p className="visually-hidden" role="status">
          {pending ? 'The AI tutor is typing…' : ''}
        </p>

        {showQuickQuestions(messages) && (
          <div className={styles.quick} role="group" aria-label="Quick questions">
            {QUICK_QUESTIONS.map((q) => (
              <button key={q} type="button" className={styles.quickButton} onClick={() => send(q)} disabled={pending !== null}>
                {q}
              </button>
            ))}
          </div>
        )}

        <Composer pending={pending !== null} onSend={send} />
      </section>
    </div>
  );
}

function MessageItem({ message }: { message: ChatMessage }) {
  const mine = message.type === 'user';
  const [body, sourcesLine] = message.content.split(/\n\s*Sources:/);
  return (
    <li className={`${styles.message} ${mine ? styles.user : styles.ai} ${message.failed ? styles.failed : ''}`}>
      <span className={styles.sender}>{mine ? 'You' : 'AI Tutor'}</span>
      <span className={styles.text}>{(body ?? message.content).trim()}</span>
      {!mine && message.citations && message.citations.length > 0 && (
        <div className={styles.sources}>
          <span className={styles.sourcesTitle}>Sources</span>
          <ol className={styles.sourceList}>
            {message.citations.map((c, i) => (
              <li key={`${c.kind}-${c.id}`}>
                <details>
                  <summary>
                    [{i + 1}] {c.title} <span className="muted">({KIND_LABEL[c.kind]})</span>
                  </summary>
                  <blockquote className={styles.excerpt}>{c.excerpt}</blockquote>
                </details>
              </li>
            ))}
          </ol>
        </div>
      )}
      {!mine && !message.citations?.length && sourcesLine && <span className="muted">Sources: {sourcesLine.trim()}</span>}
      <time className={styles.time} dateTime={message.timestamp}>
        {timeText(message.timestamp)}
      </time>
    </li>
  );
}

/** Enter sends, Shift+Enter makes a new line; nothing is sent while a reply is pending or for an empty message. */
function Composer({ pending, onSend }: { pending: boolean; onSend: (draft: string) => boolean }) {
  const [draft, setDraft] = useState('');
  const id = useId();
  const box = useRef<HTMLTextAreaElement>(null);
  const tooLong = draft.trim().length > TUTOR_LIMITS.messageMax;
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (tooLong) return;
    if (onSend(draft)) setDraft('');
    box.current?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      submit();
    }
  };
  return (
    <form className={styles.composer} onSubmit={submit} aria-label="Ask the AI tutor">
      <label htmlFor={`${id}-question`} className="visually-hidden">
        Your question
      </label>
      <textarea
        ref={box}
        id={`${id}-question`}
        className={`field__input ${styles.input}`}
        value={draft}
        onChange={(e) => setDraft(e.target.value)}
        onKeyDown={onKeyDown}
        rows={2}
        placeholder="Ask a question about geography, history or religion…"
        aria-invalid={tooLong || undefined}
        aria-describedby={`${id}-hint`}
      />
      <Button type="submit" loading={pending} disabled={pending || !draft.trim() || tooLong}>
        Send
      </Button>
      <p id={`${id}-hint`} className={tooLong ? styles.over : styles.hint}>
        {tooLong ? M.messageTooLong : 'Enter to send, Shift+Enter for a new line'}
      </p>
    </form>
  );
}
