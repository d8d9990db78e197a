import { Button } from '@/components/button.tsx';
import { CheckIcon, LockIcon } from '@/components/icons.tsx';
import { Spinner } from '@/components/spinner.tsx';
import { formatDay } from '../plan-panel.ts';
import { achievementTiles } from '../insights-view.ts';
import type { ProgressState } from '../progress-load.ts';
import { ACHIEVEMENT_ICON } from './achievement-icons.tsx';

/**
 * The achievements grid (1-core §2, §3): the whole catalogue; unlocked ones highlighted
 * with their date, locked ones dimmed with a lock and what it takes. The state is also
 * written out, so colour is never the only sign.
 */
export function AchievementsGrid({ progress, retry }: { progress: ProgressState; retry(): void }) {
  const tiles = progress.status === 'ready' ? achievementTiles(progress.data.achievements) : [];
  const unlocked = tiles.filter((t) => t.unlockedAt !== null).length;

  return (
    <section className="card achievements" aria-labelledby="achievements-title" aria-busy={progress.status === 'loading'}>
      <div className="achievements__head">
        <h2 id="achievements-title" className="card__title">
          Achievements
        </h2>
        {progress.status === 'ready' && (
          <p className="achievements__count">
            {unlocked} of {tiles.length} unlocked
          </p>
        )}
      </div>
      {progress.status === 'loading' && <Spinner label="Loading achievements…" />}
      {progress.status === 'failed' && (
        <div className="widget-error" role="alert">
          <p className="widget-error__title">Failed to load achievements</p>
          <Button variant="secondary" onClick={retry}>
            Retry
          </Button>
        </div>
      )}
      {progress.status === 'ready' && (
        <>
          {unlocked === 0 && <p className="muted">No achievements yet. Finish your first quiz to unlock First Steps.</p>}
          <ul className="achievement-grid">
            {tiles.map((tile) => {
              const Icon = ACHIEVEMENT_ICON[tile.id];
              const isUnlocked = tile.unlockedAt !== null;
              return (
                <li key={tile.id} className={`achievement ${isUnlocked ? 'achievement--unlocked' : 'achievement--locked'}`}>
                  <span className="achievement__icon">
                    <Icon size={26} />
                  </span>
                  <h3 className="achievement__title">{tile.title}</h3>
                  <p className="achievement__description">{tile.description}</p>
                  <p className="achievement__state">
                    {isUnlocked ? (
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
            })}
          </ul>
        </>
      )}
    </section>
  );
}
