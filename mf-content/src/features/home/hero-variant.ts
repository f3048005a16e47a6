import { useSyncExternalStore } from 'react';
import type { HeroImage } from './hero-slides.js';

export type HeroVariant = keyof HeroImage;

export interface Viewport {
  /** CSS pixels. */
  width: number;
  height: number;
  pixelRatio: number;
}

/** Screens at most this wide for their height (phones, tablets upright) get the 3:4 crop. */
const PORTRAIT_MAX_ASPECT = 4 / 5;
/** The header above the hero (its height is the viewport's less 4 rem). */
const HEADER_PX = 64;
/** Sharper than this is not worth a phone's bytes, behind the hero's dark shade. */
const MAX_PIXEL_RATIO = 1.5;
/** The 1280 px picture may be stretched this much before the 1920 px one is worth loading. */
const STRETCH = 1.15;

/**
 * Which of a landscape's WebP files the hero shows on this screen: the 3:4 crop on portrait screens,
 * else the 16:9 picture at the smaller width that covers the hero (`background-size: cover` shows it
 * at least as wide as the hero, and wider when the hero is taller than 16:9).
 */
export function heroVariant({ width, height, pixelRatio }: Viewport): HeroVariant {
  if (width <= height * PORTRAIT_MAX_ASPECT) return 'portrait';
  const shown = Math.max(width, ((height - HEADER_PX) * 16) / 9) * Math.min(Math.max(pixelRatio, 1), MAX_PIXEL_RATIO);
  return shown <= 1280 * STRETCH ? 'medium' : 'large';
}

function subscribe(onChange: () => void) {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

const current = () => heroVariant({ width: window.innerWidth, height: window.innerHeight, pixelRatio: window.devicePixelRatio || 1 });

/** heroVariant for this window, again after each resize, rotation or zoom ('medium' without a window). */
export function useHeroVariant(): HeroVariant {
  return useSyncExternalStore(subscribe, current, () => 'medium');
}
