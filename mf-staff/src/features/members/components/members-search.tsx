import { useState, type FormEvent } from 'react';
import { MEMBER_SEARCH_MIN, MEMBERSHIP_LEVEL_NAMES, MEMBERSHIP_STATUSES, type MembersAnswer } from '@tca/contracts';
import { useT } from '@tca/ui/i18n';
import { Field, fieldClasses } from '@tca/ui/forms';
import { ChoiceSelect, choiceOf } from '../../../shared/choice-select.js';
import { PagedTableSection } from '../../../shared/paged-table.js';
import { StaffLoadView, useStaffLoadOf } from '../../../shared/staff-record-loader.js';
import { searchMembers } from '../api/members-api.js';
import { facetCounts, filterErrors, levelChoices, membersRangeText, statusChoices, type FilterErrors, type MembersFilter } from '../members-desk.js';
import { membersCatalog, membershipStatusText } from '../messages.js';
import { AsWritten } from '../../../shared/as-written.js';
import { ExportRollButton } from './export-roll-button.js';
import { MemberRowView } from './member-row.js';
import requests from '../members.module.css';
import styles from '../members-desk.module.css';
import staff from '../../../shared/staff.module.css';

const isLevelChoice = choiceOf(['', ...MEMBERSHIP_LEVEL_NAMES].map((value) => ({ value })));
const isStatusChoice = choiceOf(['', ...MEMBERSHIP_STATUSES].map((value) => ({ value })));

interface MembersSearchProps {
  /** The search asked for (from the address: the Back button brings it back). */
  filter: MembersFilter;
  onFilter: (filter: MembersFilter) => void;
}

/** The desk's search: the form, the counts per level and status, the page of memberships, Export CSV. */
export function MembersSearch({ filter, onFilter }: MembersSearchProps) {
  const t = useT(membersCatalog);
  const { load, reload } = useStaffLoadOf(searchMembers, filter, 'a list of members');
  return (
    <>
      <SearchForm key={JSON.stringify(filter)} filter={filter} onSearch={onFilter} />
      <ExportRollButton />
      <StaffLoadView load={load} loadingLabel={t('list.loading')} failedTitle={t('list.failed')} onRetry={reload}>
        {(answer) => <MembersResults answer={answer} onPage={(page) => onFilter({ ...filter, page })} />}
      </StaffLoadView>
    </>
  );
}

function SearchForm({ filter, onSearch }: { filter: MembersFilter; onSearch: (filter: MembersFilter) => void }) {
  const t = useT(membersCatalog);
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
        {t('desk.findTab')}
      </h2>
      <form role="search" aria-label={t('desk.findTab')} noValidate onSubmit={submit}>
        <div className={styles.fields}>
          <Field label={t('search.label')} hint={t('search.hint', { min: MEMBER_SEARCH_MIN })} error={errors.q}>
            {(control) => <input {...control} type="search" className={fieldClasses.control} value={draft.q} autoComplete="off" onChange={(e) => set('q')(e.target.value)} />}
          </Field>
          <ChoiceSelect label={t('search.level')} value={draft.level} choices={levelChoices(t)} isChoice={isLevelChoice} onChoose={set('level')} />
          <ChoiceSelect label={t('search.status')} value={draft.status} choices={statusChoices(t)} isChoice={isStatusChoice} onChoose={set('status')} />
          <Field label={t('search.ends')} hint={t('search.endsHint')} error={errors.endsWithinDays}>
            {(control) => (
              <input {...control} type="text" inputMode="numeric" className={fieldClasses.control} value={draft.endsWithinDays} onChange={(e) => set('endsWithinDays')(e.target.value)} />
            )}
          </Field>
        </div>
        <p className={staff.actions}>
          <button type="submit" className="tca-button">
            {t('search.button')}
          </button>
          <button type="button" className={staff.secondary} onClick={() => onSearch({ q: '', level: '', status: '', endsWithinDays: '', page: 1 })}>
            {t('search.clear')}
          </button>
        </p>
      </form>
    </section>
  );
}

/** The counts, the table and the pager of one answer. */
export function MembersResults({ answer, onPage }: { answer: MembersAnswer; onPage: (page: number) => void }) {
  const t = useT(membersCatalog);
  const pages = Math.max(1, Math.ceil(answer.total / answer.pageSize));
  return (
    <>
      <section className={staff.section} aria-labelledby="members-counts-title">
        <h2 id="members-counts-title" className={staff.sectionTitle}>
          {t('list.counts')}
        </h2>
        <div className={styles.counts}>
          <Counts caption={t('list.levels')} rows={facetCounts(answer.counts.levels, MEMBERSHIP_LEVEL_NAMES)} asWritten />
          <Counts caption={t('list.statuses')} rows={facetCounts(answer.counts.statuses, MEMBERSHIP_STATUSES).map((row) => ({ ...row, name: membershipStatusText(row.name) }))} />
        </div>
      </section>
      <PagedTableSection
        id="members-list-title"
        title={t('list.title')}
        status={membersRangeText(answer)}
        rowCount={answer.members.length}
        caption={membersRangeText(answer)}
        captionHidden
        columns={[t('col.member'), t('col.level'), t('col.status'), t('col.period'), t('col.request')]}
        tableClassName={requests.table}
        page={answer.page}
        pages={pages}
        pagerLabel={t('list.pages')}
        onPage={onPage}
      >
        {answer.members.map((row) => (
          <MemberRowView key={row.requestId} row={row} />
        ))}
      </PagedTableSection>
    </>
  );
}

/** A facet's counts; level names stay as written (`asWritten`), statuses come named in the language shown. */
function Counts({ caption, rows, asWritten = false }: { caption: string; rows: Array<{ name: string; count: number }>; asWritten?: boolean }) {
  return (
    <table className={styles.countTable}>
      <caption>{caption}</caption>
      <tbody>
        {rows.map((row) => (
          <tr key={row.name}>
            <th scope="row">{asWritten ? <AsWritten>{row.name}</AsWritten> : row.name}</th>
            <td>{row.count}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
