import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/button.tsx';
import { AlertIcon, CheckIcon, ErrorIcon, RefreshIcon } from '@/components/icons.tsx';
import { useHealth } from '../api/get-health.ts';
import { STATUS_LABEL, statusBanner } from '../status-banner.ts';
import styles from './system-status-banner.module.css';

/**
 * The system status banner (docs/quiz.md): nothing while all is healthy; otherwise what is
 * wrong, Show Details (the three checks) and Refresh (checks again). After a Refresh
 * finds all healthy again it says so once, where the banner was.
 */
export function SystemStatusBanner() {
  const { load, refresh } = useHealth();
  const banner = statusBanner(load);
  const [expanded, setExpanded] = useState(false);
  const [hadProblem, setHadProblem] = useState(false);
  const recoveredRef = useRef<HTMLParagraphElement>(null);
  const titleId = useId();
  const detailsId = useId();
  const recovered = hadProblem && !banner.visible && load.status === 'ready';

  useEffect(() => {
    if (banner.visible) setHadProblem(true);
  }, [banner.visible]);

  useEffect(() => {
    // The Refresh button just disappeared with the banner: keep focus on the news instead.
    if (recovered) recoveredRef.current?.focus();
  }, [recovered]);

  if (recovered) {
    return (
      <p ref={recoveredRef} tabIndex={-1} className={`${styles['status-banner']} ${styles['status-banner--ok']}`} role="status">
        <CheckIcon size={18} /> All systems are working normally again.
      </p>
    );
  }
  if (!banner.visible) return null;

  const Icon = banner.tone === 'error' ? ErrorIcon : AlertIcon;
  return (
    <section className={`${styles['status-banner']} ${styles[`status-banner--${banner.tone}`] ?? ''}`} aria-labelledby={titleId}>
      <div className={styles['status-banner__row']}>
        <Icon size={22} />
        <div className={styles['status-banner__text']}>
          <h2 id={titleId} className={styles['status-banner__title']}>
            System status: {STATUS_LABEL[banner.tone]}
          </h2>
          <p className={styles['status-banner__message']} role={banner.tone === 'error' ? 'alert' : 'status'}>
            {banner.title}
          </p>
        </div>
        <div className={styles['status-banner__actions']}>
          {banner.checks && (
            <Button variant="secondary" aria-expanded={expanded} aria-controls={detailsId} onClick={() => setExpanded((open) => !open)}>
              {expanded ? 'Hide Details' : 'Show Details'}
            </Button>
          )}
          <Button variant="secondary" onClick={refresh} loading={load.status === 'loading'}>
            <RefreshIcon size={16} /> Refresh
          </Button>
        </div>
      </div>
      {banner.checks && (
        <div id={detailsId} hidden={!expanded}>
          <dl className={styles['status-banner__checks']}>
            {banner.checks.map((check) => (
              <div key={check.name} className={`${styles['status-check']} ${styles[`status-check--${check.status}`] ?? ''}`}>
                <dt>{check.label}</dt>
                <dd>
                  <strong>{STATUS_LABEL[check.status]}</strong>: {check.message}
                </dd>
              </div>
            ))}
          </dl>
          {banner.checkedAt && (
            <p className={styles['status-banner__time']}>
              Checked at <time dateTime={banner.checkedAt}>{new Date(banner.checkedAt).toLocaleTimeString()}</time>
            </p>
          )}
        </div>
      )}
    </section>
  );
}
