import { useEffect, useRef, useState, type PointerEvent, type ReactNode } from 'react';
import { useT } from '@tca/ui/i18n';
import { listsCatalog } from './lists/messages.js';
import { sharedCatalog } from './messages.js';
import styles from './ordering-list.module.css';

type Direction = 'up' | 'down';

interface OrderingListProps<T> {
  items: readonly T[];
  keyOf: (item: T) => string;
  /** The item's name in the buttons' labels and the announcement ("Move Meena up"). */
  nameOf: (item: T) => string;
  /** The row's content (picture, name, its own buttons). */
  renderItem: (item: T, index: number) => ReactNode;
  /** Asked to move the item at `from` to `to`; the list shows the order `items` then has. */
  onMove: (from: number, to: number) => void;
  /** The list's accessible name, e.g. "Team members in display order". */
  label: string;
  /** No moves while a change is being saved (the buttons stay focusable, marked aria-disabled). */
  disabled?: boolean;
}

/** Where a pointer drag is: the item taken and the place it would go. */
interface Drag {
  from: number;
  over: number;
  pointerId: number;
}

/** The index of the row the pointer is over, from the rows' boxes (above the first: 0; below the last: the last). */
export function indexAt(clientY: number, boxes: ReadonlyArray<{ top: number; bottom: number }>): number {
  for (let index = 0; index < boxes.length; index += 1) {
    const box = boxes[index];
    if (box && clientY < (box.top + box.bottom) / 2) return index;
  }
  return Math.max(0, boxes.length - 1);
}

/**
 * A list whose order staff choose (team members, sponsors, an album's photos): every row has "Move up" and
 * "Move down" buttons (keyboard; focus stays on the moved row's button, and a live region says where it went)
 * and a handle to drag it with a mouse, pen or finger (pointer events, so touch works too). The buttons'
 * names start with their visible text ("Move up: Meena"), for speech input.
 */
export function OrderingList<T>({ items, keyOf, nameOf, renderItem, onMove, label, disabled = false }: OrderingListProps<T>) {
  const t = useT(sharedCatalog);
  const tl = useT(listsCatalog);
  const [drag, setDrag] = useState<Drag | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const rows = useRef(new Map<string, HTMLLIElement>());
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const pendingFocus = useRef<{ key: string; direction: Direction } | null>(null);

  // After a keyboard move the row is somewhere else: focus its button again (the other one at an end of the list).
  useEffect(() => {
    const pending = pendingFocus.current;
    if (!pending) return;
    const index = items.findIndex((item) => keyOf(item) === pending.key);
    if (index < 0) return;
    pendingFocus.current = null;
    const atEnd = pending.direction === 'up' ? index === 0 : index === items.length - 1;
    const direction: Direction = atEnd ? (pending.direction === 'up' ? 'down' : 'up') : pending.direction;
    buttons.current.get(`${pending.key}:${direction}`)?.focus();
  }, [items, keyOf]);

  const move = (from: number, to: number, how: 'keyboard' | 'pointer', direction?: Direction) => {
    const item = items[from];
    if (item === undefined || to === from || to < 0 || to >= items.length) return;
    if (how === 'keyboard' && direction) pendingFocus.current = { key: keyOf(item), direction };
    setAnnouncement(tl('order.moved', { name: nameOf(item), position: to + 1, count: items.length }));
    onMove(from, to);
  };

  const boxes = () =>
    items.map((item) => {
      const box = rows.current.get(keyOf(item))?.getBoundingClientRect();
      return { top: box?.top ?? 0, bottom: box?.bottom ?? 0 };
    });

  const onPointerDown = (event: PointerEvent<HTMLSpanElement>, index: number) => {
    if (disabled || event.button !== 0) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    setDrag({ from: index, over: index, pointerId: event.pointerId });
  };
  const onPointerMove = (event: PointerEvent<HTMLSpanElement>) => {
    if (!drag || event.pointerId !== drag.pointerId) return;
    const over = indexAt(event.clientY, boxes());
    if (over !== drag.over) setDrag({ ...drag, over });
  };
  const onPointerUp = (event: PointerEvent<HTMLSpanElement>) => {
    if (!drag || event.pointerId !== drag.pointerId) return;
    setDrag(null);
    move(drag.from, drag.over, 'pointer');
  };

  return (
    <>
      <ol className={styles.list} aria-label={label}>
        {items.map((item, index) => {
          const key = keyOf(item);
          const name = nameOf(item);
          const classes = [styles.item];
          if (drag && drag.from === index) classes.push(styles.dragging);
          if (drag && drag.over === index && drag.over !== drag.from) classes.push(drag.over > drag.from ? styles.targetAfter : styles.target);
          return (
            <li
              key={key}
              ref={(element) => {
                if (element) rows.current.set(key, element);
                else rows.current.delete(key);
              }}
              className={classes.join(' ')}
            >
              {/* For a pointer only: keyboard users have the Move buttons, screen readers the list's order. */}
              <span
                className={styles.handle}
                aria-hidden="true"
                title={tl('order.drag', { name })}
                onPointerDown={(event) => onPointerDown(event, index)}
                onPointerMove={onPointerMove}
                onPointerUp={onPointerUp}
                onPointerCancel={() => setDrag(null)}
              >
                ⠿
              </span>
              <div className={styles.body}>
                <span className={styles.position}>{tl('order.position', { position: index + 1, count: items.length })}</span>
                {renderItem(item, index)}
                <div className={styles.moves}>
                  {(['up', 'down'] as const).map((direction) => (
                    <button
                      key={direction}
                      type="button"
                      className={styles.move}
                      ref={(element) => {
                        if (element) buttons.current.set(`${key}:${direction}`, element);
                        else buttons.current.delete(`${key}:${direction}`);
                      }}
                      aria-label={`${direction === 'up' ? t('order.up') : t('order.down')}: ${name}`}
                      disabled={direction === 'up' ? index === 0 : index === items.length - 1}
                      // aria-disabled while a change is saved: the focused button keeps focus.
                      aria-disabled={disabled || undefined}
                      onClick={() => {
                        if (!disabled) move(index, direction === 'up' ? index - 1 : index + 1, 'keyboard', direction);
                      }}
                    >
                      {direction === 'up' ? t('order.up') : t('order.down')}
                    </button>
                  ))}
                </div>
              </div>
            </li>
          );
        })}
      </ol>
      <p className="tca-visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
    </>
  );
}
