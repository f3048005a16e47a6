import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from '@tca/ui/router';
import { prepareBrowserlessPages } from '@tca/ui/testing/markup';

prepareBrowserlessPages();

const { StaffLoadView, StaffRecordLoader } = await import('./staff-record-loader.js');
const { PagedTableSection } = await import('./paged-table.js');

const render = (node: ReactNode) => renderToStaticMarkup(<MemoryRouter initialEntries={['/staff']}>{node}</MemoryRouter>);
const noop = () => undefined;
const view = (load: Parameters<typeof StaffLoadView<{ name: string }>>[0]['load'], onRetry?: () => void) =>
  render(
    <StaffLoadView load={load} loadingLabel="Loading the things..." failedTitle="The things could not be loaded." onRetry={onRetry}>
      {(answer) => <p>Thing {answer.name}</p>}
    </StaffLoadView>,
  );

test('StaffLoadView: a spinner while loading, the answer once ready, why it failed (Try again only when it can retry)', () => {
  assert.match(view({ kind: 'loading' }), /Loading the things\.\.\./);
  const ready = view({ kind: 'ready', answer: { name: 'kolam' } });
  assert.equal(ready, '<p>Thing kolam</p>');
  const failed = view({ kind: 'failed', detail: 'The server is not answering.', status: null }, noop);
  assert.match(failed, /role="alert"[^>]*><p><strong>The things could not be loaded\.<\/strong> The server is not answering\.<\/p>/);
  assert.match(failed, />Try again<\/button>/);
  assert.doesNotMatch(view({ kind: 'failed', detail: 'No such thing.', status: 404 }), /Try again/);
  assert.doesNotMatch(failed, /Thing /);
});

test('StaffRecordLoader: the record page starts with its spinner only (no page, no record) until the record is loaded', () => {
  const html = render(
    <StaffRecordLoader
      load={() => new Promise(noop)}
      recordKey="T-2026-0001"
      answerName="a ticket"
      title="Ticket T-2026-0001"
      loadingLabel="Loading ticket T-2026-0001..."
      failedTitle="The ticket could not be loaded."
      back={{ to: '/staff/support', text: 'Back to the tickets' }}
    >
      {() => <p>the record</p>}
    </StaffRecordLoader>,
  );
  assert.match(html, /Loading ticket T-2026-0001\.\.\./);
  assert.doesNotMatch(html, /<h1|the record|Back to the tickets/);
});

test('PagedTableSection: heading, status line, captioned table with column headers and rows, pager from two pages; the empty text instead of a table', () => {
  const table = (rows: string[], pages: number, captionHidden?: boolean) =>
    render(
      <PagedTableSection
        id="things-title"
        title="Things"
        status={`${rows.length} things`}
        rowCount={rows.length}
        empty={<p>There are no things.</p>}
        caption="Things 1-2 of 30"
        {...(captionHidden ? { captionHidden } : {})}
        columns={['Thing', 'Size']}
        tableClassName="things"
        page={1}
        pages={pages}
        pagerLabel="Pages of things"
        onPage={noop}
      >
        {rows.map((row) => (
          <tr key={row}>
            <td>{row}</td>
          </tr>
        ))}
      </PagedTableSection>,
    );
  const two = table(['kolam', 'veena'], 2);
  assert.match(two, /<section[^>]*aria-labelledby="things-title"><h2 id="things-title"[^>]*>Things<\/h2><p role="status">2 things<\/p>/);
  assert.match(two, /<table class="things"><caption>Things 1-2 of 30<\/caption><thead><tr><th scope="col">Thing<\/th><th scope="col">Size<\/th><\/tr><\/thead><tbody><tr><td>kolam<\/td><\/tr><tr><td>veena<\/td><\/tr><\/tbody><\/table>/);
  assert.match(two, /<nav[^>]*aria-label="Pages of things"/);
  assert.doesNotMatch(two, /There are no things/);
  assert.match(table(['kolam'], 1, true), /<caption class="tca-visually-hidden">/);
  assert.doesNotMatch(table(['kolam'], 1), /<nav/);
  const none = table([], 1);
  assert.match(none, /There are no things\./);
  assert.doesNotMatch(none, /<table/);
});
