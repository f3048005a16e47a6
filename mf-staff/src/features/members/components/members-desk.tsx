import { paths } from '@tca/contracts';
import { Page } from '@tca/ui';
import { useT } from '@tca/ui/i18n';
import { Link, useSearchParams } from '@tca/ui/router';
import { sharedCatalog } from '../../../shared/messages.js';
import { membersCatalog, type MembersKey } from '../messages.js';
import { RequestsPanel } from './requests-panel.js';
import { deskSearchOf, deskStateOf, type DeskView } from '../members-desk.js';
import { MembersSearch } from './members-search.js';
import styles from '../members-desk.module.css';
import staff from '../../../shared/staff.module.css';

const VIEWS: ReadonlyArray<{ view: DeskView; label: MembersKey }> = [
  { view: 'find', label: 'desk.findTab' },
  { view: 'requests', label: 'desk.requestsTab' },
];

/**
 * /staff/members (membership officers and owners): the members desk. Two views, each an address of its own
 * (so Back returns to a search): find members (search, filters, counts, pages, Export CSV), and the
 * membership requests to decide (?view=requests).
 */
export function MembersDesk() {
  const t = useT(membersCatalog);
  const shared = useT(sharedCatalog);
  const [params, setParams] = useSearchParams();
  const { view, filter } = deskStateOf(params);
  return (
    <Page title={t('desk.title')} lead={t('desk.lead')}>
      <p>
        <Link to={paths.staffHome}>{shared('list.back')}</Link>
      </p>
      <nav aria-label={t('desk.title')}>
        <ul className={staff.tabs}>
          {VIEWS.map((v) => (
            <li key={v.view}>
              <Link
                to={`${paths.staffMembers}${v.view === 'requests' ? '?view=requests' : ''}`}
                className={`${v.view === view ? 'tca-button' : staff.secondary} ${styles.viewTab}`}
                aria-current={v.view === view ? 'page' : undefined}
              >
                {t(v.label)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {view === 'requests' ? <RequestsPanel /> : <MembersSearch filter={filter} onFilter={(next) => setParams(deskSearchOf('find', next))} />}
    </Page>
  );
}
