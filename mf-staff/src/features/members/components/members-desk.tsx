import { paths } from '@tca/contracts';
import { Page } from '@tca/ui';
import { Link, useSearchParams } from '@tca/ui/router';
import { RequestsPanel } from './requests-panel.js';
import { deskSearchOf, deskStateOf, DESK_TEXTS, type DeskView } from '../members-desk.js';
import { MembersSearch } from './members-search.js';
import staff from '../../../shared/staff.module.css';

const VIEWS: ReadonlyArray<{ view: DeskView; label: string }> = [
  { view: 'find', label: DESK_TEXTS.findTab },
  { view: 'requests', label: DESK_TEXTS.requestsTab },
];

/**
 * /staff/members (membership officers and owners): the members desk. Two views, each an address of its own
 * (so Back returns to a search): find members (search, filters, counts, pages, Export CSV), and the
 * membership requests to decide (?view=requests).
 */
export function MembersDesk() {
  const [params, setParams] = useSearchParams();
  const { view, filter } = deskStateOf(params);
  return (
    <Page title={DESK_TEXTS.title} lead={DESK_TEXTS.lead}>
      <p>
        <Link to={paths.staffHome}>Back to the staff area</Link>
      </p>
      <nav aria-label={DESK_TEXTS.title}>
        <ul className={staff.tabs}>
          {VIEWS.map((v) => (
            <li key={v.view}>
              <Link
                to={`${paths.staffMembers}${v.view === 'requests' ? '?view=requests' : ''}`}
                className={v.view === view ? 'tca-button' : staff.secondary}
                aria-current={v.view === view ? 'page' : undefined}
              >
                {v.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {view === 'requests' ? <RequestsPanel /> : <MembersSearch filter={filter} onFilter={(next) => setParams(deskSearchOf('find', next))} />}
    </Page>
  );
}
