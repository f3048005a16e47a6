import { useCallback, useEffect, useRef, useState } from 'react';
import { paths } from '@tca/contracts';
import { notify, Page, Spinner } from '@tca/ui';
import { Banner } from '@tca/ui/forms';
import { useT } from '@tca/ui/i18n';
import { pickText } from '@tca/ui/i18n/format';
import { Link } from '@tca/ui/router';
import { sharedCatalog } from '../../../shared/messages.js';
import { ConfirmDialog } from '../../../shared/confirm-dialog.js';
import { LoadFailure } from '../../../shared/load-failure.js';
import { OrderingList } from '../../../shared/ordering-list.js';
import { useStaffAction } from '../../../shared/use-staff-action.js';
import { useStaffLoad } from '../../../shared/use-staff-load.js';
import { deleteItem, listItems, saveOrder } from '../api/ordered-api.js';
import { moved } from '../item-form.js';
import type { ListItem, ListKind } from '../list-kinds.js';
import { shownTeamText, teamCatalog } from '../messages.js';
import { ItemDialog } from './item-dialog.js';
import styles from '../../../shared/staff.module.css';
import own from './ordered-items.module.css';
import { useShownLang } from '../../../shared/lists/messages.js';

/**
 * /staff/team and /staff/sponsors: the list in display order (Move up / Move down, or drag the handle; every
 * move is saved at once), Add, Edit in a dialog, Remove with a confirmation. A list changed by someone else
 * meanwhile comes back from the server and replaces this one, with a note.
 */
export function OrderedItemsPanel<I extends ListItem>({ kind }: { kind: ListKind<I> }) {
  const call = useCallback((token: string, signal: AbortSignal) => listItems(kind, token, signal), [kind]);
  const { load, reload } = useStaffLoad(call, `a ${kind.noun} list`);
  const [items, setItems] = useState<I[] | null>(null);
  const [editing, setEditing] = useState<{ item: I | null } | null>(null);
  const [removing, setRemoving] = useState<I | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const { busy, run } = useStaffAction();
  const problemRef = useRef<HTMLDivElement>(null);
  const t = useT(teamCatalog);
  const ts = useT(sharedCatalog);
  const lang = useShownLang();
  const k = kind.path;

  useEffect(() => {
    if (load.kind === 'ready') setItems(load.answer.items);
  }, [load]);

  const report = (text: string) => {
    setProblem(text);
    notify.error(text);
    queueMicrotask(() => problemRef.current?.focus());
  };

  async function move(from: number, to: number) {
    if (!items) return;
    const before = items;
    const keys = moved(
      items.map((item) => item.key),
      from,
      to,
    );
    const byKey = new Map(items.map((item) => [item.key, item]));
    setItems(keys.flatMap((key) => byKey.get(key) ?? []));
    setProblem(null);
    // The 409's list, read inside the call (run() returns only the outcome).
    const stale: { items: I[] | null } = { items: null };
    const outcome = await run(async (token) => {
      const change = await saveOrder(kind, token, keys);
      stale.items = change.conflict?.items ?? null;
      return change.result;
    });
    if (outcome.ok && outcome.answer) setItems(outcome.answer.items);
    else if (stale.items) {
      setItems(stale.items);
      report(shownTeamText(kind.messages.orderStale));
    } else {
      setItems(before);
      report(t('order.failed', { reason: outcome.ok ? t('answer.list') : shownTeamText(outcome.text) }));
    }
  }

  async function remove(item: I) {
    const stale = { changed: false };
    const outcome = await run(async (token) => {
      const change = await deleteItem(kind, token, item.key, item.version);
      stale.changed = change.conflict !== null;
      return change.result;
    });
    setRemoving(null);
    if (outcome.ok) {
      setItems((now) => (now ? now.filter((other) => other.key !== item.key) : now));
      notify.success(shownTeamText(kind.messages.deleted));
    } else if (stale.changed) {
      report(t('remove.stale', { stale: shownTeamText(kind.messages.stale) }));
      reload();
    } else report(t('remove.failed', { name: pickText(item.name, item.ta?.name, lang).text, reason: shownTeamText(outcome.text) }));
  }

  const saved = (item: I) =>
    setItems((now) => {
      if (!now) return [item];
      return now.some((other) => other.key === item.key) ? now.map((other) => (other.key === item.key ? item : other)) : [...now, item];
    });

  return (
    <Page title={t(`${k}.title`)} lead={t(`${k}.lead`)}>
      <p className={styles.actions}>
        <button type="button" className="tca-button" onClick={() => setEditing({ item: null })}>
          {t(`${k}.add`)}
        </button>
        <Link to={paths.staffHome} className={styles.secondary}>
          {ts('list.back')}
        </Link>
      </p>
      <div aria-live="polite">
        {problem ? (
          <Banner ref={problemRef} tone="error" title={t('problem.title')}>
            <p>{problem}</p>
          </Banner>
        ) : null}
      </div>
      {load.kind === 'loading' && !items ? <Spinner label={t(`${k}.loading`)} /> : null}
      {load.kind === 'failed' ? <LoadFailure title={t(`${k}.failed`)} detail={load.detail} onRetry={reload} /> : null}
      {items && items.length === 0 ? <p className={styles.section}>{t(`${k}.empty`)}</p> : null}
      {items && items.length > 0 ? (
        <section className={styles.section} aria-labelledby="ordered-title">
          <h2 id="ordered-title" className={styles.sectionTitle}>
            {t('order.title', { n: items.length })}
          </h2>
          <OrderingList
            items={items}
            keyOf={(item) => item.key}
            nameOf={(item) => pickText(item.name, item.ta?.name, lang).text}
            label={t(`${k}.list`)}
            disabled={busy}
            onMove={(from, to) => void move(from, to)}
            renderItem={(item) => <ItemRow kind={kind} item={item} onEdit={() => setEditing({ item })} onRemove={() => setRemoving(item)} />}
          />
        </section>
      ) : null}
      {editing ? <ItemDialog kind={kind} item={editing.item} onSaved={saved} onClose={() => setEditing(null)} /> : null}
      {removing ? (
        <ConfirmDialog
          title={t('remove.title', { name: pickText(removing.name, removing.ta?.name, lang).text })}
          written={pickText(removing.name, removing.ta?.name, lang).lang ? removing.name : undefined}
          description={t('remove.text', { name: pickText(removing.name, removing.ta?.name, lang).text })}
          confirmLabel={t(`${k}.remove`)}
          busy={busy}
          onConfirm={() => void remove(removing)}
          onCancel={() => setRemoving(null)}
        />
      ) : null}
    </Page>
  );
}

/** One item's row content: its picture, name and detail, Edit and Remove. */
export function ItemRow<I extends ListItem>({ kind, item, onEdit, onRemove }: { kind: ListKind<I>; item: I; onEdit: () => void; onRemove: () => void }) {
  const picture = kind.pictureOf(item);
  const t = useT(teamCatalog);
  const ts = useT(sharedCatalog);
  const lang = useShownLang();
  const name = pickText(item.name, item.ta?.name, lang);
  // A sponsor's link is an address (no language); a team member's role has a Tamil version.
  const detail = kind.path === 'team' ? pickText(kind.detailOf(item), item.ta?.designation, lang) : { text: kind.detailOf(item) || t('sponsors.noLink'), lang: undefined };
  return (
    <div className={own.row}>
      {picture ? (
        <img className={own.thumb} src={picture.url} alt={picture.alt} lang={lang === 'en' ? undefined : 'en'} width={picture.width} height={picture.height} loading="lazy" />
      ) : (
        <span className={own.noPicture}>{t(`${kind.path}.noPicture`)}</span>
      )}
      <div className={own.text}>
        <p className={styles.name} lang={name.lang}>
          {name.text}
        </p>
        <span className={own.detail} lang={detail.lang}>
          {detail.text}
        </span>
      </div>
      <div className={styles.rowActions}>
        <button type="button" className={styles.secondary} aria-label={ts('list.editNamed', { name: name.text })} onClick={onEdit}>
          {ts('list.edit')}
        </button>
        <button type="button" className={`${styles.secondary} ${styles.danger}`} aria-label={t('row.removeNamed', { name: name.text })} onClick={onRemove}>
          {t('row.remove')}
        </button>
      </div>
    </div>
  );
}
