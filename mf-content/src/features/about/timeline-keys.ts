/**
 * Which tab a key moves to in the year list (WAI-ARIA tabs pattern): arrows step and wrap around,
 * Home and End jump to the ends. Null for any other key.
 */
export function tabForKey(key: string, current: number, count: number): number | null {
  if (count < 1) return null;
  switch (key) {
    case 'ArrowRight':
    case 'ArrowDown':
      return (current + 1) % count;
    case 'ArrowLeft':
    case 'ArrowUp':
      return (current - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}
