import { useEffect, useMemo, useRef, useState } from 'react';
import { videoSlides, type VideoItem } from '#shared/explanations/explanations.ts';
import { Button } from '@/components/button.tsx';
import styles from './video-library.module.css';

/** The browser's speech synthesis, when it has one (some browsers and most test browsers do not). */
function speech(): { synth: SpeechSynthesis; Utterance: typeof SpeechSynthesisUtterance } | null {
  if (typeof window === 'undefined' || !('speechSynthesis' in window) || typeof window.SpeechSynthesisUtterance !== 'function') return null;
  return { synth: window.speechSynthesis, Utterance: window.SpeechSynthesisUtterance };
}

/**
 * A video explanation as a narrated slideshow: each paragraph of the script is read aloud with
 * the browser's speech synthesis over its slide (the question with its image, the key points,
 * the answer) and the next slide follows when the reading ends. Without speech synthesis (or if
 * it never reports the end) each slide shows for its words / 150 minutes; the narration is
 * always on screen as captions.
 */
export function VideoPlayer({ item, onStart }: { item: VideoItem; onStart(): void }) {
  // From the fields a slide shows, so a new count on the item does not restart the slide.
  const { question, correctAnswer, imageUrl } = item;
  const script = item.explanation.videoScript;
  const slides = useMemo(() => videoSlides({ question, correctAnswer, imageUrl, explanation: { videoScript: script } }), [question, correctAnswer, imageUrl, script]);
  const [index, setIndex] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [ended, setEnded] = useState(false);
  const started = useRef(false);
  const voice = useMemo(speech, []);
  const slide = slides[index]!;

  useEffect(() => {
    if (!playing) return;
    let active = true;
    const next = () => {
      if (!active) return;
      active = false;
      if (index + 1 < slides.length) setIndex(index + 1);
      else {
        setPlaying(false);
        setEnded(true);
      }
    };
    // Speech ends the slide; a timer does when there is no speech, or as a guard if it stalls.
    const timer = window.setTimeout(next, voice ? slide.seconds * 2000 + 3000 : slide.seconds * 1000);
    if (voice) {
      voice.synth.cancel();
      const utterance = new voice.Utterance(slide.narration);
      utterance.rate = 1;
      utterance.onend = next;
      utterance.onerror = next;
      voice.synth.speak(utterance);
    }
    return () => {
      active = false;
      window.clearTimeout(timer);
      voice?.synth.cancel();
    };
  }, [playing, index, slide, slides.length, voice]);

  const play = () => {
    if (!started.current) {
      started.current = true;
      onStart();
    }
    if (ended) {
      setIndex(0);
      setEnded(false);
    }
    setPlaying(true);
  };

  const go = (to: number) => {
    setIndex(Math.max(0, Math.min(slides.length - 1, to)));
    setEnded(false);
  };

  return (
    <div className={styles.player}>
      <div className={`${styles.stage} ${styles[`stage--${slide.kind}`] ?? ''}`} aria-roledescription="slide" aria-label={`Slide ${index + 1} of ${slides.length}: ${slide.heading}`}>
        <p className={styles.stageHeading}>{slide.heading}</p>
        {slide.imageUrl && <img className={styles.stageImage} src={slide.imageUrl} alt={item.imageCaption ?? 'Question image'} />}
        <p className={styles.stageText}>{slide.text}</p>
      </div>
      <p className={styles.caption} aria-live="polite">
        <span className="visually-hidden">Narration: </span>
        {slide.narration}
      </p>
      <div className={styles.controls}>
        <Button variant="secondary" aria-disabled={index === 0 || undefined} onClick={() => index > 0 && go(index - 1)}>
          Previous slide
        </Button>
        {playing ? (
          <Button onClick={() => setPlaying(false)}>Pause</Button>
        ) : (
          <Button onClick={play}>{ended ? 'Replay' : index > 0 ? 'Resume' : 'Play'}</Button>
        )}
        <Button variant="secondary" aria-disabled={index === slides.length - 1 || undefined} onClick={() => index < slides.length - 1 && go(index + 1)}>
          Next slide
        </Button>
        <span className={styles.position} role="status">
          Slide {index + 1} of {slides.length}
        </span>
      </div>
      {!voice && <p className="muted">Your browser cannot read aloud, so the narration is shown as captions.</p>}
    </div>
  );
}
