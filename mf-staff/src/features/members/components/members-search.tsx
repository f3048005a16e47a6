import { useCallback, useState, type FormEvent } from 'react';
import { MEMBERSHIP_LEVEL_NAMES, MEMBERSHIP_STATUSES, type MembersAnswer } from '@tca/contracts';
import { Spinner } from '@tca/ui';
import { Field, fieldClasses } from '@tca/ui/forms';
import { ChoiceSelect, choiceOf } from '../../../shared/choice-select.js';
import { LoadFailure } from '../../../shared/load-failure.js';
import { useStaffLoad } from '../../../shared/use-staff-load.js';
import { Pager } from '../../../shared/pager.js';
import { searchMembers } from '../api/members-api.js';
import { DESK_TEXTS, facetCounts, filterErrors, LEVEL_CHOICES, membersRangeText, STATUS_CHOICES, type FilterErrors, type MembersFilter } from '../members-desk.js';
import { ExportRollButton } from './export-roll-button.js';
import { MemberRowView } from './member-row.js';
import requests from '../members.module.css';
import styles from '../members-desk.module.css';
import staff from '../../../shared/staff.module.css';

const T = DESK_TEXTS;
const isLevelChoice = choiceOf(LEVEL_CHOICES);
const isStatusChoice = choiceOf(STATUS_CHOICES);

interface MembersSearchProps {
  /** The search asked for (from the address: the Back button brings it back). */
  filter: MembersFilter;
  onFilter: (filter: MembersFilter) => void;
}

/** The desk's search: the form, the counts per level and status, the page of memberships, Export CSV. */
export function MembersSearch({ filter, onFilter }: MembersSearchProps) {
  const call = useCallback((token: string, signal: AbortSignal) => searchMembers(token, filter, signal), [filter]);
  const { load, reload } = useStaffLoad(call, 'a list of members');
  return (
    <>
      <SearchForm key={JSON.stringify(filter)} filter={filter} onSearch={onFilter} />
      <ExportRollButton />
      {load.kind === 'loading' ? <Spinner label={T.loading} /> : null}
      {load.kind === 'failed' ? <LoadFailure title={T.loadFailed} detail={load.detail} onRetry={reload} /> : null}
      {load.kind === 'ready' ? <MembersResults answer={load.answer} onPage={(page) => onFilter({ ...filter, page })} /> : null}
    </>
  );
}

function SearchForm({ filter, onSearch }: { filter: MembersFilter; onSearch: (filter: MembersFilter) => void }) {
  const [draft, setDraft] = useState(filter);
  const [errors, setErrors] = useState<FilterErrors>({});
  const set = (field: keyof Omit<MembersFilter, 'page'>) => (value: string) => setDraft((d) => ({ ...d, [field]: value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = filterErrors(draft);
    setErrors(found);
    if (Object.keys(found).length === 0) onSearch({ ...draft, page: 1 });
  };
  return (
    <section className={staff.section} aria-labelledby="members-search-title">
      <h2 id="members-search-title" className={staff.sectionTitle}>
        {T.searchTitle}
      </h2>
      <form role="search" aria-label={T.searchTitle} noValidate onSubmit={submit}>
        <div className={styles.fields}>
          <Field label={T.searchLabel} hint={T.searchHint} error={errors.q}>
            {(control) => <input {...control} type="search" className={fieldClasses.control} value={draft.q} autoComplete="off" onChange={(e) => set('q')(e.target.value)} />}
          </Field>
          <ChoiceSelect label={T.levelLabel} value={draft.level} choices={LEVEL_CHOICES} isChoice={isLevelChoice} onChoose={set('level')} />
          <ChoiceSelect label={T.statusLabel} value={draft.status} choices={STATUS_CHOICES} isChoice={isStatusChoice} onChoose={set('status')} />
          <Field label={T.endsLabel} hint={T.endsHint} error={errors.endsWithinDays}>
            {(control) => (
              <input {...control} type="text" inputMode="numeric" className={fieldClasses.control} value={draft.endsWithinDays} onChange={(e) => set('endsWithinDays')(e.target.value)} />
            )}
          </Field>
        </div>
        <p className={staff.actions}>
          <button type="submit" className="tca-button">
            {T.searchButton}
          </button>
          <button type="button" className={staff.secondary} onClick={() => onSearch({ q: '', level: '', status: '', endsWithinDays: '', page: 1 })}>
            {T.clearButton}
          </button>
        </p>
      </form>
    </section>
  );
}

/** The counts, the table and the pager of one answer. */
export function MembersResults({ answer, onPage }: { answer: MembersAnswer; onPage: (page: number) => void }) {
  const pages = Math.max(1, Math.ceil(answer.total / answer.pageSize));
  return (
    <>
      <section className={staff.section} aria-labelledby="members-counts-title">
        <h2 id="members-counts-title" className={staff.sectionTitle}>
          {T.countsTitle}
        </h2>
        <div className={styles.counts}>
          <Counts caption={T.levelsCaption} rows={facetCounts(answer.counts.levels, MEMBERSHIP_LEVEL_NAMES)} />
          <Counts caption={T.statusesCaption} rows={facetCounts(answer.counts.statuses, MEMBERSHIP_STATUSES)} />
        </div>
      </section>
      <section className={staff.section} aria-labelledby="members-list-title">
        <h2 id="members-list-title" className={staff.sectionTitle}>
          {T.listTitle}
        </h2>
        <p role="status">{membersRangeText(answer)}</p>
        {answer.members.length > 0 ? (
          <table className={requests.table}>
            <caption className="tca-visually-hidden">{membersRangeText(answer)}</caption>
            <thead>
              <tr>
                <th scope="col">Member</th>
                <th scope="col">Level</th>
                <th scope="col">Status</th>
                <th scope="col">Period</th>
                <th scope="col">Request</th>
              </tr>
            </thead>
            <tbody>
              {answer.members.map((row) => (
                <MemberRowView key={row.requestId} row={row} />
              ))}
            </tbody>
          </table>
        ) : null}
        <Pager page={answer.page} pages={pages} label={T.pagesLabel} onPage={onPage} />
      </section>
    </>
  );
}

function Counts({ caption, rows }: { caption: string; rows: Array<{ name: string; count: number }> }) {
  return (
    <table className={styles.countTable}>
      <caption>{caption}</caption>
      <tbody>
        {rows.map((row) => (
          <tr key={row.name}>
            <th scope="row">{row.name}</th>
            <td>{row.count}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
