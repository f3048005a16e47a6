import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';

const css = readFileSync(new URL('./styles.css', import.meta.url), 'utf8');

/** The custom properties declared in the first rule whose selector is exactly `selector`. */
function declarations(selector: string): Map<string, string> {
  const body = new RegExp(`(?:^|\\n)${selector.replace(/[.*]/g, '\\$&')} \\{([^}]*)\\}`).exec(css)?.[1];
  assert.ok(body, `a rule for ${selector}`);
  return new Map([...body.matchAll(/(--[\w-]+):\s*([^;]+);/g)].map(([, name = '', value = '']) => [name, value.trim()]));
}

const tokens = declarations(':root');
const toastify = declarations('.Toastify');

/** A colour value with var() references resolved against the toast container, then :root. */
function resolve(value: string): string {
  const reference = /^var\((--[\w-]+)\)$/.exec(value)?.[1];
  if (!reference) return value;
  const next = toastify.get(reference) ?? tokens.get(reference);
  assert.ok(next, `${reference} is defined`);
  return resolve(next);
}

function luminance(hex: string): number {
  assert.match(hex, /^#[0-9a-f]{6}$/i, `${hex} is a #rrggbb colour`);
  const [r = 0, g = 0, b = 0] = [1, 3, 5].map((at) => {
    const channel = parseInt(hex.slice(at, at + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

const WHITE = '#ffffff';
const TYPES = ['info', 'success', 'warning', 'error'] as const;

test('the contrast check itself: #757575 on white is below 4.5:1 and ink far above', () => {
  assert.ok(contrast('#757575', WHITE) < 4.7);
  assert.ok(contrast('#000000', WHITE) > 20);
});

test('toast text reaches 4.5:1 on the white light-theme toast', () => {
  const text = resolve(toastify.get('--toastify-text-color-light') ?? '');
  assert.ok(contrast(text, WHITE) >= 4.5, `text ${text}: ${contrast(text, WHITE).toFixed(2)}:1`);
});

test("every toast type's icon reaches 3:1 on white, and white text 4.5:1 on its colour (colored theme)", () => {
  for (const type of TYPES) {
    const icon = resolve(toastify.get(`--toastify-icon-color-${type}`) ?? '');
    assert.ok(contrast(icon, WHITE) >= 3, `${type} icon ${icon}: ${contrast(icon, WHITE).toFixed(2)}:1`);
    const colour = resolve(toastify.get(`--toastify-color-${type}`) ?? '');
    assert.ok(contrast(WHITE, colour) >= 4.5, `white on ${type} ${colour}: ${contrast(WHITE, colour).toFixed(2)}:1`);
  }
});

test('toasts slide in (no fade) and the icon animation has no opacity', () => {
  assert.match(readFileSync(new URL('./toasts/toast-container.tsx', import.meta.url), 'utf8'), /transition=\{Slide\}/);
  const iconKeyframes = /@keyframes tca-toast-icon-in \{([\s\S]*?)\n\}/.exec(css)?.[1] ?? '';
  assert.match(iconKeyframes, /transform/);
  assert.doesNotMatch(iconKeyframes, /opacity/);
});
