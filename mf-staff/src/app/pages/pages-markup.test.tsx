import assert from 'node:assert/strict';
import { beforeEach, test } from 'node:test';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from '@tca/ui/router';
import { SESSION_STORAGE_KEYS, type StaffInvitation, type StaffMeAnswer, type StaffMember } from '@tca/contracts';
import { controlTag as control, labels, prepareBrowserlessPages } from '@tca/ui/testing/markup';

const localStorage = prepareBrowserlessPages();

const { StaffHomePage } = await import('./staff-home-page.js');
const { PeoplePage } = await import('./people-page.js');
const { AcceptInvitationPage } = await import('./accept-invitation-page.js');
const { StaffAccessView } = await import('../../features/staff-access/components/staff-gate.js');
const { StaffHome } = await import('../../features/staff-home/components/staff-home.js');
const { PeoplePanel } = await import('../../features/staff-people/components/people-panel.js');
const { StaffMemberRow } = await import('../../features/staff-people/components/staff-member-row.js');
const { InvitationRow } = await import('../../features/staff-people/components/invitation-row.js');

const render = (node: ReactNode, path = '/staff') => renderToStaticMarkup(<MemoryRouter initialEntries={[path]}>{node}</MemoryRouter>);
const user = { id: '3', email: 'kavya@example.org', firstName: 'Kavya', lastName: 'Siva' };
const owner: StaffMeAnswer = { user, roles: ['owner'], twoFactorEnrolled: true };
const editor: StaffMeAnswer = { user, roles: ['editor', 'support'], twoFactorEnrolled: true };
const noop = () => undefined;
const page = (me: StaffMeAnswer) => <p>the page of {me.user.firstName}</p>;
const h1 = (html: string) => /<h1[^>]*>(.*?)<\/h1>/.exec(html)?.[1];

beforeEach(() => localStorage.clear());

test('/staff without a session: "Staff sign-in" and a link to /login, before any call', () => {
  for (const Page of [StaffHomePage, PeoplePage]) {
    const html = render(<Page />);
    assert.equal(h1(html), 'Staff sign-in');
    assert.match(html, /<a href="\/login"[^>]*>Go to the login page<\/a>/);
    assert.match(html, /authenticator app/);
  }
});

test('with a session the page first says it is checking (role="status")', () => {
  localStorage.setItem(SESSION_STORAGE_KEYS.user, JSON.stringify({ value: { ...user, phone: '61412345678', phoneCountry: '+61' }, expiry: Date.now() + 60_000 }));
  localStorage.setItem(SESSION_STORAGE_KEYS.token, 'tok');
  const html = render(<StaffHomePage />);
  assert.match(html, /role="status"[^>]*>.*Checking your staff access/);
});

test('a member without a staff role: "This area is for the association\'s staff" and a link home; nothing of the page', () => {
  const html = render(<StaffAccessView access={{ kind: 'not-staff' }} retry={noop}>{page}</StaffAccessView>);
  assert.equal(h1(html), 'This area is for the association&#x27;s staff');
  assert.match(html, /<a href="\/"[^>]*>Back to the home page<\/a>/);
  assert.doesNotMatch(html, /the page of/);
});

test('a failed check says why and offers Try again; a staff session without the second factor is told to sign in again', () => {
  const failed = render(<StaffAccessView access={{ kind: 'failed', detail: 'No answer from the server.' }} retry={noop}>{page}</StaffAccessView>);
  assert.match(failed, /role="alert".*No answer from the server\./);
  assert.match(failed, /<button type="button" class="tca-button">Try again<\/button>/);
  const second = render(<StaffAccessView access={{ kind: 'second-factor', message: 'Log in again.' }} retry={noop}>{page}</StaffAccessView>);
  assert.equal(h1(second), 'Staff sign-in');
  assert.match(second, /Log in again\./);
});

test('a page for owners shows an editor that it is not one of their areas, with a way back', () => {
  const html = render(<StaffAccessView access={{ kind: 'staff', me: editor }} retry={noop} roles={['owner']}>{page}</StaffAccessView>);
  assert.equal(h1(html), 'Not one of your areas');
  assert.match(html, /needs the role Owner/);
  assert.match(html, /<a href="\/staff"[^>]*>Back to the staff area<\/a>/);
  assert.match(render(<StaffAccessView access={{ kind: 'staff', me: owner }} retry={noop} roles={['owner']}>{page}</StaffAccessView>), /the page of Kavya/);
});

test('the staff home: name, roles with what they are for, the areas they open (owner: people linked)', () => {
  const html = render(<StaffHome me={owner} />);
  assert.equal(h1(html), 'Staff area');
  assert.match(html, /Signed in as Kavya Siva \(kavya@example\.org\)/);
  assert.match(html, /<strong>Owner<\/strong>: Manages staff/);
  assert.match(html, /<a href="\/staff\/people"[^>]*><h3[^>]*>Staff and invitations<\/h3>/);
  // Every area an owner opens is routed: each card is a link.
  for (const [path, title] of [['posts', 'Blog posts'], ['events', 'Events'], ['gallery', 'Gallery'], ['team', 'Team'], ['sponsors', 'Sponsors'], ['members', 'Members desk'], ['announcements', 'Announcements'], ['orders', 'Orders and refunds'], ['revenue', 'Revenue'], ['support', 'Support tickets'], ['contact', 'Contact messages'], ['audit', 'Audit log'], ['queues', 'Queues']]) {
    assert.match(html, new RegExp(`<a href="/staff/${path}"[^>]*><h3[^>]*>${title}</h3>`), title);
  }
  assert.doesNotMatch(html, /Not open yet\./);
  assert.doesNotMatch(html, /No authenticator app/);
});

test('the staff home of an editor and support: both roles, the content areas, no people; no app set up is said', () => {
  const html = render(<StaffHome me={{ ...editor, twoFactorEnrolled: false }} />);
  assert.match(html, /Your roles/);
  assert.match(html, /<strong>Editor<\/strong>.*<strong>Support<\/strong>/);
  for (const area of ['Blog posts', 'Events', 'Gallery', 'Team', 'Sponsors']) assert.match(html, new RegExp(`<h3[^>]*>${area}</h3>`));
  assert.doesNotMatch(html, /Staff and invitations|\/staff\/people/);
  assert.match(html, /role="alert".*No authenticator app is set up/);
});

test('people: the invite form (labelled e-mail, five role checkboxes with hints) and the list loading', () => {
  const html = render(<PeoplePanel me={owner} />, '/staff/people');
  assert.equal(h1(html), 'Staff and invitations');
  assert.match(html, /<h2 id="invite-title"[^>]*>Invite someone<\/h2>/);
  const byLabel = labels(html);
  assert.match(control(html, byLabel.get('Email *') ?? ''), /type="email"/);
  for (const role of ['Owner', 'Editor', 'Membership officer', 'Treasurer', 'Support']) {
    const id = byLabel.get(role) ?? '';
    assert.match(control(html, id), /type="checkbox"/, role);
    assert.match(control(html, id), /aria-describedby="[^"]+-hint"/, role);
  }
  assert.match(html, /<fieldset[^>]*><legend>Roles<\/legend>/);
  assert.match(html, /<button type="submit" class="tca-button">Invite<\/button>/);
  assert.match(html, /Loading the staff\.\.\./);
});

const member: StaffMember = { user: { id: '9', email: 'arun@example.org', firstName: 'Arun', lastName: 'Kumar' }, roles: ['editor', 'treasurer'], twoFactorEnrolled: false, since: '2026-11-27T00:00:00.000Z' };
const invitation: StaffInvitation = { id: '4', email: 'new@example.org', roles: ['support'], invitedBy: 'kavya@example.org', createdAt: '2026-11-26T00:00:00.000Z', expiresAt: '2026-11-29T00:00:00.000Z' };

test('a staff member row: name, e-mail, role labels, 2FA status, since; named buttons to change roles, reset the app and remove', () => {
  const html = render(<ul><StaffMemberRow member={member} isYou={false} onChanged={noop} /></ul>, '/staff/people');
  assert.match(html, /Arun Kumar/);
  assert.match(html, /arun@example\.org/);
  assert.match(html, /<ul[^>]*aria-label="Roles of Arun Kumar"><li[^>]*>Editor<\/li><li[^>]*>Treasurer<\/li><\/ul>/);
  assert.match(html, /Not set up yet/);
  assert.match(html, /Staff since 27 Nov 2026/);
  assert.match(html, /<button type="button"[^>]*aria-expanded="false" aria-label="Change roles of Arun Kumar">Change roles<\/button>/);
  assert.match(html, /aria-label="Remove Arun Kumar from staff">Remove<\/button>/);
  const you = render(<ul><StaffMemberRow member={{ ...member, twoFactorEnrolled: true }} isYou onChanged={noop} /></ul>);
  assert.match(you, /Arun Kumar \(you\).*App set up/);
  // Resetting an app: only someone else's, and only one that is set up.
  assert.doesNotMatch(html, /Reset authenticator/);
  assert.doesNotMatch(you, /Reset authenticator/);
  const enrolled = render(<ul><StaffMemberRow member={{ ...member, twoFactorEnrolled: true }} isYou={false} onChanged={noop} /></ul>);
  assert.match(enrolled, /aria-label="Reset the authenticator app of Arun Kumar">Reset authenticator<\/button>/);
});

test('an invitation row: the address, roles, who invited, until when; Withdraw named for the address', () => {
  const html = render(<ul><InvitationRow invitation={invitation} onChanged={noop} /></ul>, '/staff/people');
  assert.match(html, /new@example\.org/);
  assert.match(html, /Invited by kavya@example\.org/);
  assert.match(html, /<li[^>]*>Support<\/li>/);
  assert.match(html, /29 Nov 2026/);
  assert.match(html, /aria-label="Withdraw the invitation to new@example\.org">Withdraw<\/button>/);
});

test('the invitation link: "Join the staff", every field labelled with its autocomplete, hints named by the controls', () => {
  const html = render(<AcceptInvitationPage />, '/staff/accept-invitation/tok-1');
  assert.equal(h1(html), 'Join the staff');
  const byLabel = labels(html);
  const expected: Array<[string, RegExp]> = [
    ['First name *', /autoComplete="given-name"/i],
    ['Last name *', /autoComplete="family-name"/i],
    ['Phone number *', /type="tel"/],
    ['Password *', /type="password"[^>]*autoComplete="new-password"|autoComplete="new-password"[^>]*type="password"/i],
    ['Confirm password *', /type="password"/],
  ];
  for (const [label, attribute] of expected) assert.match(control(html, byLabel.get(label) ?? ''), attribute, label);
  assert.match(control(html, byLabel.get('Phone number *') ?? ''), /aria-describedby="[^"]+-hint"/);
  assert.match(html, /<button type="submit" class="tca-button">Join the staff<\/button>/);
});

test('the posts list: title linked to its editor, date, status badge (scheduled with its time), updated; New post', async () => {
  const { PostRows, PostsPanel } = await import('../../features/posts/components/posts-list.js');
  const at = '2026-03-01T22:30:00.000Z';
  const row = { key: 'pongal', title: 'Pongal', date: '2026-01-14', status: 'published' as const, publishAt: null, updatedAt: at, version: 2, cover: null, coverAlt: '' };
  const html = render(<PostRows posts={[row, { ...row, key: 'later', title: 'Later', status: 'scheduled', publishAt: at }]} timeZone="Australia/Adelaide" />, '/staff/posts');
  assert.match(html, /<h2[^>]*>2 posts<\/h2>/);
  assert.match(html, /<a href="\/staff\/posts\/pongal"[^>]*>Pongal<\/a>/);
  assert.match(html, /Date 2026-01-14/);
  assert.match(html, /Published/);
  assert.match(html, /Scheduled for 2 March 2026 at 9:00 am/);
  assert.match(html, /aria-label="Edit Later"/);
  assert.match(render(<PostRows posts={[]} />), /no posts yet/);
  const panel = render(<PostsPanel />, '/staff/posts');
  assert.equal(h1(panel), 'Blog posts');
  assert.match(panel, /<a href="\/staff\/posts\/new"[^>]*>New post<\/a>/);
});

test('the editor: labelled fields, required marks, the preview region, Save; an existing post adds Unpublish and Delete', async () => {
  const { PostEditor, StaleNotice } = await import('../../features/posts/components/post-editor.js');
  const fresh = render(<PostEditor post={null} />, '/staff/posts/new');
  assert.equal(h1(fresh), 'New post');
  const byLabel = labels(fresh);
  for (const name of ['Title *', 'Date *', 'Status *', 'Cover image', 'Cover alt text', 'Text (Markdown)']) assert.ok(byLabel.has(name), name);
  assert.match(control(fresh, byLabel.get('Cover image') ?? ''), /type="file"/);
  assert.match(control(fresh, byLabel.get('Status *') ?? ''), /<select/);
  assert.match(fresh, /<h2 id="preview-title"[^>]*>Preview<\/h2>/);
  assert.match(fresh, /<button type="submit" class="tca-button">Save<\/button>/);
  assert.doesNotMatch(fresh, /Unpublish|Delete/);
  const cover = { url: '/uploads/c.webp', file: 'c.webp', alt: 'A kolam', width: 800, height: 600 };
  const post = { key: 'pongal', title: 'Pongal', date: '2026-01-14', body: 'Hi', status: 'published' as const, publishAt: null, updatedAt: '2026-01-10T00:00:00Z', version: 2, cover, coverAlt: 'A kolam' };
  const edit = render(<PostEditor post={post} />, '/staff/posts/pongal');
  assert.equal(h1(edit), 'Edit: Pongal');
  assert.match(edit, /<img[^>]*src="\/uploads\/c.webp"[^>]*alt="A kolam"/);
  assert.ok(labels(edit).has('Cover alt text *'), 'alt text required with a stored cover');
  assert.match(edit, />Unpublish<\/button>/);
  assert.match(edit, />Delete<\/button>/);
  const stale = render(<StaleNotice stale={{ error: 'stale', message: 'm', current: { ...post, title: 'Pongal!', version: 3 }, changed: ['title', 'body'] }} onReload={noop} />);
  assert.match(stale, /role="alert"/);
  assert.match(stale, /Someone changed this post since you opened it/);
  assert.match(stale, /They changed the title and text\./);
  assert.match(stale, />Reload<\/button>/);
});

test('the posts pages need the editor role: a support member gets the area\'s "Not one of your areas"', async () => {
  const html = render(<StaffAccessView access={{ kind: 'staff', me: { ...editor, roles: ['support'] } }} retry={noop} roles={['editor']}>{page}</StaffAccessView>);
  assert.equal(h1(html), 'Not one of your areas');
  assert.match(html, /needs the role Editor/);
});
