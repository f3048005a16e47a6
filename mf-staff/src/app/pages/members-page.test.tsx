import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from '@tca/ui/router';
import type { StaffMeAnswer } from '@tca/contracts';
import { prepareBrowserlessPages } from '@tca/ui/testing/markup';

prepareBrowserlessPages();

const { StaffAccessView } = await import('../../features/staff-access/components/staff-gate.js');
const { MembersPage } = await import('./members-page.js');

const h1 = (html: string) => /<h1[^>]*>(.*?)<\/h1>/.exec(html)?.[1];
const render = (node: ReactNode) => renderToStaticMarkup(<MemoryRouter initialEntries={['/staff/members']}>{node}</MemoryRouter>);

test('/staff/members without a session: the staff sign-in, before any call', () => {
  assert.equal(h1(render(<MembersPage />)), 'Staff sign-in');
});

test('the desk needs the membership officer role: an editor gets "Not one of your areas", an officer the desk', () => {
  const user = { id: '3', email: 'e@example.org', firstName: 'Eli', lastName: 'N' };
  const editor: StaffMeAnswer = { user, roles: ['editor'], twoFactorEnrolled: true };
  const desk = () => <p>the desk</p>;
  const html = render(<StaffAccessView access={{ kind: 'staff', me: editor }} retry={() => undefined} roles={['membership_officer']}>{desk}</StaffAccessView>);
  assert.equal(h1(html), 'Not one of your areas');
  assert.match(html, /needs the role Membership officer/);
  assert.doesNotMatch(html, /the desk/);
  const officer: StaffMeAnswer = { ...editor, roles: ['membership_officer'] };
  assert.match(render(<StaffAccessView access={{ kind: 'staff', me: officer }} retry={() => undefined} roles={['membership_officer']}>{desk}</StaffAccessView>), /the desk/);
});
