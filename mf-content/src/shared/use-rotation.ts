import { useCallback, useEffect, useRef, useState, type FocusEvent } from 'react';
import { useReducedMotion } from '@tca/ui';
import { wrapIndex } from './rotation.js';

export interface RotationOptions {
  /** How many positions there are (slides or pages). */
  count: number;
  /** Milliseconds between automatic steps. */
  interval: number;
  /** False keeps it still whatever else is true (e.g. images not loaded yet, too few items). */
  enabled?: boolean;
  /** Play/pause decided by the caller (e.g. one switch for every slideshow of a page) instead of this carousel's own. */
  playing?: boolean;
}

/**
 * A position that advances on its own every `interval` ms with one timer (setTimeout, re-armed after
 * every step, so a manual step restarts the wait). It stays still when the visitor asks for reduced
 * motion (unless they press Play), after Pause, and while the pointer or keyboard focus is inside
 * the carousel (WCAG 2.2.2); `hoverHandlers` go on the carousel's root element.
 */
export function useRotation({ count, interval, enabled = true, playing: playingFromCaller }: RotationOptions) {
  const reducedMotion = useReducedMotion();
  const [index, setIndexState] = useState(0);
  const [choice, setChoice] = useState<'auto' | 'play' | 'pause'>('auto');
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);

  const playing = playingFromCaller ?? (choice === 'play' || (choice === 'auto' && !reducedMotion));
  const running = enabled && count > 1 && playing && !hovered && !focused;
  const current = wrapIndex(index, count);

  const countRef = useRef(count);
  countRef.current = count;
  const setIndex = useCallback((next: number) => setIndexState(wrapIndex(next, countRef.current)), []);
  const next = useCallback(() => setIndexState((i) => wrapIndex(i + 1, countRef.current)), []);
  const previous = useCallback(() => setIndexState((i) => wrapIndex(i - 1, countRef.current)), []);

  useEffect(() => {
    if (!running) return;
    const timer = setTimeout(next, interval);
    return () => clearTimeout(timer);
  }, [running, interval, next, current]);

  const togglePlaying = useCallback(() => setChoice(playing ? 'pause' : 'play'), [playing]);

  const hoverHandlers = {
    onMouseEnter: () => setHovered(true),
    onMouseLeave: () => setHovered(false),
    onFocus: () => setFocused(true),
    onBlur: (event: FocusEvent<HTMLElement>) => {
      if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
    },
  };

  return { index: current, setIndex, next, previous, playing, running, togglePlaying, hoverHandlers, reducedMotion };
}
