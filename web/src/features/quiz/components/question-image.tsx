import { useState } from 'react';
import { Button } from '@/components/button.tsx';
import { Dialog } from '@/components/dialog.tsx';
import { ZoomIcon } from '@/components/icons.tsx';
import { ZOOM, zoomIn, zoomOut, zoomPercent } from '../zoom.ts';
import styles from './question-image.module.css';

interface Props {
  url: string;
  caption: string | null;
}

/** An image question's picture and caption; clicking it (or Zoom image) opens the zoom overlay. */
export function QuestionImage({ url, caption }: Props) {
  const [open, setOpen] = useState(false);
  const alt = caption ?? 'Question image';
  return (
    <figure className={styles['quiz-figure']}>
      <div className={styles['quiz-figure__frame']}>
        <img className={styles['quiz-figure__image']} src={url} alt={alt} onClick={() => setOpen(true)} />
        <button type="button" className={styles['quiz-figure__zoom']} onClick={() => setOpen(true)}>
          <ZoomIcon size={16} /> Zoom image
        </button>
      </div>
      {caption && <figcaption className={styles['quiz-figure__caption']}>{caption}</figcaption>}
      {open && <ZoomDialog url={url} alt={alt} onClose={() => setOpen(false)} />}
    </figure>
  );
}

/** 50% to 300% in steps of 25%; Escape or Close leaves. */
function ZoomDialog({ url, alt, onClose }: { url: string; alt: string; onClose(): void }) {
  const [scale, setScale] = useState<number>(ZOOM.initial);
  const atMin = scale <= ZOOM.min;
  const atMax = scale >= ZOOM.max;
  return (
    <Dialog open title="Zoom image" onClose={onClose}>
      <div className={styles.zoom}>
        <div className={styles.zoom__toolbar}>
          <Button variant="secondary" aria-disabled={atMin || undefined} onClick={() => setScale(zoomOut)}>
            <span aria-hidden="true">−</span> Zoom out
          </Button>
          <output className={styles.zoom__level} aria-live="polite" aria-label="Zoom level">
            {zoomPercent(scale)}
          </output>
          <Button variant="secondary" aria-disabled={atMax || undefined} onClick={() => setScale(zoomIn)}>
            <span aria-hidden="true">+</span> Zoom in
          </Button>
          <Button variant="ghost" onClick={onClose}>
            Close
          </Button>
        </div>
        <div className={styles.zoom__viewport}>
          <img className={styles.zoom__image} src={url} alt={alt} style={{ width: `calc(${scale} * min(100%, 28rem))` }} />
        </div>
      </div>
    </Dialog>
  );
}
