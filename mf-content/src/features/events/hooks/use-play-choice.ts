import { useCallback, useState } from 'react';
import { useReducedMotion } from '@tca/ui';

/** One Play/Pause switch (e.g. for all slideshows of a page): playing unless paused or reduced motion is asked for. */
export function usePlayChoice() {
  const reducedMotion = useReducedMotion();
  const [choice, setChoice] = useState<'auto' | 'play' | 'pause'>('auto');
  const playing = choice === 'play' || (choice === 'auto' && !reducedMotion);
  const toggle = useCallback(() => setChoice(playing ? 'pause' : 'play'), [playing]);
  return { playing, toggle };
}
