import { useId } from 'react';
import type { DocumentState } from '#shared/knowledge/documents.ts';
import { Alert } from '@/components/alert.tsx';
import { Button } from '@/components/button.tsx';
import { capitalise } from '@/lib/capitalise.ts';
import { useDocumentList, useRetryDocument } from '../api/documents-api.ts';
import { passagesLabel, STATUS_LABEL } from '../document-status.ts';
import styles from './documents.module.css';

/**
 * The newest added documents and where each is on its way into the knowledge base: waiting,
 * embedding (a labelled progress bar, passages embedded of total), ready, or failed with the
 * reason and Retry. The list asks again every 1.5 s while one is on its way.
 */
export function DocumentStatusList() {
  const id = useId();
  const list = useDocumentList();
  const documents = list.data?.documents;
  return (
    <section className="card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="card__title">
        Added Documents
      </h2>
      {list.isPending && <p className="muted">Loading documents…</p>}
      {list.isError && <Alert tone="error">The documents could not be loaded. Reload the page to try again.</Alert>}
      {documents && documents.length === 0 && <p className="muted">No documents added yet. Documents you add appear here while they are embedded.</p>}
      {documents && documents.length > 0 && (
        <ul className={styles.resultList} aria-label="Added documents">
          {documents.map((doc) => (
            <DocumentRow key={doc.id} doc={doc} />
          ))}
        </ul>
      )}
    </section>
  );
}

function DocumentRow({ doc }: { doc: DocumentState }) {
  const retry = useRetryDocument();
  const titled = `“${doc.title}”`;
  return (
    <li className={styles.result} aria-label={doc.title}>
      <div className={styles.resultHead}>
        <span className={styles.resultTitle}>{doc.title}</span>
        <span className={`${styles.status} ${styles[`status_${doc.status}`] ?? ''}`}>{STATUS_LABEL[doc.status]}</span>
      </div>
      <p className={styles.meta}>
        {capitalise(doc.subject)} · {doc.category}
      </p>
      {/* Announced when the state changes, not at every poll: the counts sit outside it. */}
      <p role="status" className={styles.statusLine}>
        {doc.status === 'pending' && `${titled} is waiting to be embedded.`}
        {doc.status === 'embedding' && `Embedding ${titled}.`}
        {doc.status === 'ready' && `${titled} is ready: ${passagesLabel(doc.chunksTotal ?? 0)} searchable.`}
        {doc.status === 'failed' && `${titled} was not embedded.`}
      </p>
      {(doc.status === 'pending' || doc.status === 'embedding') && (
        <div className={styles.progressRow}>
          <progress
            className={styles.progress}
            aria-label={`Embedding ${titled}`}
            max={doc.chunksTotal ?? 1}
            value={doc.status === 'embedding' ? doc.chunksEmbedded : 0}
            aria-valuetext={doc.chunksTotal ? `${doc.chunksEmbedded} of ${passagesLabel(doc.chunksTotal)}` : 'Waiting'}
          />
          <span className={styles.meta}>{doc.chunksTotal ? `${doc.chunksEmbedded} of ${passagesLabel(doc.chunksTotal)}` : 'Waiting…'}</span>
        </div>
      )}
      {doc.status === 'failed' && (
        <>
          <Alert tone="error">{doc.failureReason ?? 'Embedding failed.'}</Alert>
          <div className={styles.progressRow}>
            <Button variant="secondary" loading={retry.isPending} disabled={retry.isPending} onClick={() => retry.mutate(doc.id)} aria-label={`Retry embedding ${titled}`}>
              Retry
            </Button>
            {retry.isError && <span className="field__error">{retry.error.message}</span>}
          </div>
        </>
      )}
    </li>
  );
}
