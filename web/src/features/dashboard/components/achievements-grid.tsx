import { Button } from '@/components/button.tsx';
import { CheckIcon, LockIcon } from '@/components/icons.tsx';
import { Spinner } from '@/components/spinner.tsx';
import { formatDay } from '../plan-panel.ts';
import { achievementTiles, type AchievementTile } from '../insights-view.ts';
import type { ProgressState } from '../progress-load.ts';
import { ACHIEVEMENT_ICON } from './achievement-icons.tsx';
import styles from './achievements-grid.module.css';

/** The catalogue is known before progress arrives: while loading, its tiles are drawn with a skeleton state. */
const CATALOGUE = achievementTiles([]);

/**
 * The achievements grid (docs/quiz.md): the whole catalogue; unlocked ones highlighted
 * with their date, locked ones dimmed with a lock and what it takes. The state is also
 * written out, so colour is never the only sign.
 */
export function AchievementsGrid({ progress, retry }: { progress: ProgressState; retry(): void }) {
  const tiles = progress.status === 'ready' ? achievementTiles(progress.data.achievements) : [];
  const unlocked = tiles.filter((t) => t.unlockedAt !== null).length;

  return (
    <section className={`card ${styles.achievements}`} aria-labelledby="achievements-title" aria-busy={progress.status === 'loading'}>
      <div className={styles.achievements__head}>
        <h2 id="achievements-title" className="card__title">
          Achievements
        </h2>
        {progress.status === 'ready' && (
          <p className={styles.achievements__count}>
            {unlocked} of {tiles.length} unlocked
          </p>
        )}
      </div>
      {progress.status === 'loading' && <Spinner label="Loading achievements…" />}
      {progress.status === 'ready' && unlocked === 0 && <p className="muted">No achievements yet. Finish your first quiz to unlock First Steps.</p>}
      {progress.status === 'failed' ? (
        <div className="widget-error" role="alert">
          <p className="widget-error__title">Failed to load achievements</p>
          <Button variant="secondary" onClick={retry}>
            Retry
          </Button>
        </div>
      ) : (
        // One list from skeleton to answer: the same tiles, only their state changes.
        <ul className={styles['achievement-grid']} aria-hidden={progress.status === 'loading' ? true : undefined}>
          {(progress.status === 'ready' ? tiles : CATALOGUE).map((tile) => (
            <AchievementItem key={tile.id} tile={tile} loading={progress.status === 'loading'} />
          ))}
        </ul>
      )}
    </section>
  );
}

function AchievementItem({ tile, loading = false }: { tile: AchievementTile; loading?: boolean }) {
  const Icon = ACHIEVEMENT_ICON[tile.id];
  const isUnlocked = tile.unlockedAt !== null;
  const modifier = loading ? styles['achievement--loading'] : isUnlocked ? styles['achievement--unlocked'] : styles['achievement--locked'];
  return (
    <li className={`${styles.achievement} ${modifier}`}>
      <span className={styles.achievement__icon}>
        <Icon size={26} />
      </span>
      <h3 className={styles.achievement__title}>{tile.title}</h3>
      <p className={styles.achievement__description}>{tile.description}</p>
      <p className={styles.achievement__state}>
        {loading ? (
          <span className={`skeleton skeleton--text ${styles['achievement__state-skeleton']}`} />
        ) : isUnlocked ? (
          <>
            <CheckIcon size={14} /> Unlocked <time dateTime={tile.unlockedAt!}>{formatDay(tile.unlockedAt!)}</time>
          </>
        ) : (
          <>
            <LockIcon size={14} /> Locked
          </>
        )}
      </p>
    </li>
  );
}
