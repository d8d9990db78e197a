import { countOf } from '#shared/text/counts.ts';
import { useCallback, useEffect, useState } from 'react';
import { LEVELS, SUBJECTS, type Level, type Subject } from '#shared/constants.ts';
import { offlineRecordId, type OutboxItem } from '#shared/offline/offline.ts';
import { Alert } from '@/components/alert.tsx';
import { Button, LinkButton } from '@/components/button.tsx';
import { DownloadIcon, LockIcon } from '@/components/icons.tsx';
import { isApiError } from '@/lib/api-client.ts';
import { useOnlineStatus } from '@/lib/use-online-status.ts';
import { downloadPack, useOutbox } from '../api/offline-api.ts';
import { addToOutbox, deletePack, listPacks, rememberDeviceUser, savePack, type StoredPack } from '../offline-db.ts';
import { keepPackImages, registerOfflineShell } from '../service-worker.ts';
import { OfflinePlayer } from './offline-player.tsx';
import styles from './offline.module.css';

const label = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
const TIPS = [
  'Download quizzes while you are connected; they stay on this device.',
  'Play them anywhere, even with no connection at all.',
  'Your results are sent automatically when you are back online, and count once.',
  'Each downloaded quiz counts for points once; download it again for a fresh set of 10 questions.',
];

/** Shown instead of the page to accounts without the offline_mode feature. */
export function OfflineUpgradeGate() {
  return (
    <div className={`card ${styles.gate}`}>
      <LockIcon size={28} />
      <h2 className={styles.gateTitle}>Offline quizzes are part of Premium</h2>
      <p className="muted">Download quizzes, play them with no connection and have your results counted when you are back online.</p>
      <LinkButton to="/subscription">Start Free Trial</LinkButton>
    </div>
  );
}

/**
 * /offline (docs/quiz.md): connection banner, downloaded quizzes, the 3 × 3 download grid and
 * tips. `userId` is the signed-in account, or with no connection the account that last used
 * offline mode on this device (`signedIn` false: nothing is sent until the session is back).
 */
export function OfflinePage({ userId, signedIn }: { userId: string; signedIn: boolean }) {
  const online = useOnlineStatus();
  const [packs, setPacks] = useState<StoredPack[] | null>(null);
  const [downloading, setDownloading] = useState<string | null>(null);
  const [message, setMessage] = useState<{ text: string; tone: 'success' | 'error' } | null>(null);
  const [playing, setPlaying] = useState<StoredPack | null>(null);
  const outbox = useOutbox(userId, online, signedIn);

  const load = useCallback(async () => {
    try {
      setPacks(await listPacks(userId));
    } catch {
      setPacks([]);
      setMessage({ text: 'This browser cannot store quizzes for offline use.', tone: 'error' });
    }
  }, [userId]);

  useEffect(() => {
    void load();
    if (!signedIn) return;
    void rememberDeviceUser(userId).catch(() => undefined);
    registerOfflineShell();
  }, [load, signedIn, userId]);

  const download = async (subject: Subject, level: Level) => {
    const id = offlineRecordId(subject, level);
    setDownloading(id);
    setMessage(null);
    try {
      const pack = await downloadPack(subject, level);
      await savePack(userId, pack);
      await keepPackImages(pack);
      await load();
      setMessage({ text: `Downloaded ${label(subject)} ${label(level)} for offline use`, tone: 'success' });
    } catch (error) {
      setMessage({ text: isApiError(error) ? error.message : 'Download failed. Please try again.', tone: 'error' });
    } finally {
      setDownloading(null);
    }
  };

  const finish = async (result: OutboxItem) => {
    await addToOutbox(userId, result);
    await outbox.reload();
    void outbox.flush();
  };

  if (playing) return <OfflinePlayer pack={playing} onFinish={finish} onExit={() => setPlaying(null)} />;

  return (
    <div className={styles.page}>
      <h1 className="page__title">Offline Quizzes</h1>
      <div className={`${styles.banner} ${online ? styles.bannerOnline : styles.bannerOffline}`} role="status" aria-live="polite">
        <span className={styles.dot} aria-hidden="true" />
        {online ? 'Connected' : 'Offline Mode Active'}
      </div>
      <div className={styles.notice}>{message && <Alert tone={message.tone}>{message.text}</Alert>}</div>

      {(outbox.pending.length > 0 || outbox.sent.length > 0 || outbox.refused.length > 0) && (
        <section className="card" aria-labelledby="offline-results-title">
          <h2 id="offline-results-title" className="card__title">
            Offline results
          </h2>
          {outbox.pending.length > 0 && (
            <p role="status">
              {countOf(outbox.pending.length, 'result')} waiting to be sent
              {online && signedIn ? (outbox.syncing ? ' (sending…)' : '') : ' (sent when you are back online)'}
            </p>
          )}
          {outbox.pending.length > 0 && outbox.deferred && <p className="muted">{outbox.deferred}</p>}
          {outbox.sent.length > 0 && (
            <ul className={styles.sentList} aria-label="Results sent">
              {outbox.sent.map((r) => (
                <li key={r.attemptId}>
                  Counted: {r.score}/{r.total} ({r.percentage}%), +{r.points} points
                </li>
              ))}
            </ul>
          )}
          {outbox.refused.length > 0 && (
            <ul className={styles.sentList} aria-label="Results not counted">
              {outbox.refused.map((r) => (
                <li key={r.clientAttemptId}>Not counted: {r.message}</li>
              ))}
            </ul>
          )}
        </section>
      )}

      <section className="card" aria-labelledby="downloaded-title">
        <h2 id="downloaded-title" className="card__title">
          Downloaded Quizzes
        </h2>
        {packs === null && <p className="muted">Loading…</p>}
        {packs?.length === 0 && <p className="muted">No quizzes downloaded yet. Pick one below while you are connected.</p>}
        {packs && packs.length > 0 && (
          <ul className={styles.packList} aria-label="Downloaded quizzes">
            {packs.map((pack) => (
              <li key={pack.key} className={styles.pack}>
                <div>
                  <p className={styles.packTitle}>
                    {label(pack.subject)} · {label(pack.level)}
                  </p>
                  <p className="muted">
                    {countOf(pack.questions.length, 'question')} · downloaded {new Date(pack.downloadedAt).toLocaleDateString()}
                  </p>
                </div>
                <div className={styles.packActions}>
                  <Button onClick={() => setPlaying(pack)}>
                    Start <span className="visually-hidden">{`${label(pack.subject)} ${label(pack.level)}`}</span>
                  </Button>
                  <Button variant="ghost" onClick={() => void deletePack(userId, pack.id).then(load)}>
                    Remove <span className="visually-hidden">{`${label(pack.subject)} ${label(pack.level)}`}</span>
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="card" aria-labelledby="download-grid-title">
        <h2 id="download-grid-title" className="card__title">
          Download Quizzes
        </h2>
        <div className={styles.grid}>
          {SUBJECTS.map((subject) =>
            LEVELS.map((level) => {
              const id = offlineRecordId(subject, level);
              const have = packs?.some((p) => p.id === id) ?? false;
              return (
                <div key={id} className={styles.cell}>
                  <p className={styles.packTitle}>{label(subject)}</p>
                  <p className="muted">{label(level)}</p>
                  <Button variant="secondary" onClick={() => void download(subject, level)} disabled={!online || downloading !== null || !signedIn} loading={downloading === id} aria-label={`Download ${label(subject)} ${label(level)}`}>
                    <DownloadIcon size={16} /> {have ? 'Update' : 'Download'}
                  </Button>
                </div>
              );
            }),
          )}
        </div>
      </section>

      <section className="card" aria-labelledby="offline-tips-title">
        <h2 id="offline-tips-title" className="card__title">
          Offline Tips
        </h2>
        <ul className="checklist">
          {TIPS.map((tip) => (
            <li key={tip}>{tip}</li>
          ))}
        </ul>
      </section>
    </div>
  );
}
