import { useState, type FormEvent } from 'react';
import { MEMBERSHIP_LEVEL_NAMES, MEMBERSHIP_STATUSES, type MembersAnswer } from '@tca/contracts';
import { Field, fieldClasses } from '@tca/ui/forms';
import { ChoiceSelect, choiceOf } from '../../../shared/choice-select.js';
import { PagedTableSection } from '../../../shared/paged-table.js';
import { StaffLoadView, useStaffLoadOf } from '../../../shared/staff-record-loader.js';
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
const MEMBER_COLUMNS = ['Member', 'Level', 'Status', 'Period', 'Request'] as const;

interface MembersSearchProps {
  /** The search asked for (from the address: the Back button brings it back). */
  filter: MembersFilter;
  onFilter: (filter: MembersFilter) => void;
}

/** The desk's search: the form, the counts per level and status, the page of memberships, Export CSV. */
export function MembersSearch({ filter, onFilter }: MembersSearchProps) {
  const { load, reload } = useStaffLoadOf(searchMembers, filter, 'a list of members');
  return (
    <>
      <SearchForm key={JSON.stringify(filter)} filter={filter} onSearch={onFilter} />
      <ExportRollButton />
      <StaffLoadView load={load} loadingLabel={T.loading} failedTitle={T.loadFailed} onRetry={reload}>
        {(answer) => <MembersResults answer={answer} onPage={(page) => onFilter({ ...filter, page })} />}
      </StaffLoadView>
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
      <PagedTableSection
        id="members-list-title"
        title={T.listTitle}
        status={membersRangeText(answer)}
        rowCount={answer.members.length}
        caption={membersRangeText(answer)}
        captionHidden
        columns={MEMBER_COLUMNS}
        tableClassName={requests.table}
        page={answer.page}
        pages={pages}
        pagerLabel={T.pagesLabel}
        onPage={onPage}
      >
        {answer.members.map((row) => (
          <MemberRowView key={row.requestId} row={row} />
        ))}
      </PagedTableSection>
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
