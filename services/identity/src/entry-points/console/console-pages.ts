/**
 * The console's server-rendered pages: plain HTML and one small stylesheet (no scripts). Every value is
 * escaped; colours meet WCAG 2.2 AA contrast (at least 4.5:1), focus is always visible, motion is none.
 */
import { MEMBERSHIP_STATUSES } from '@tca/contracts';
import { escapeHtml } from '@tca/service-kit';
import type { MembershipSummary } from '../../domain/membership-decisions.js';

export const CONSOLE_CSS = `
:root { color-scheme: light; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; line-height: 1.5; }
body { margin: 0; background: #ffffff; color: #1a1a1a; }
.skip { position: absolute; left: -999px; top: 0; background: #ffffff; color: #0b3d91; padding: .5rem 1rem; }
.skip:focus { left: 1rem; }
header, main { padding: 1rem 1.5rem; max-width: 80rem; margin: 0 auto; }
header { border-bottom: 1px solid #6b6b6b; }
nav ul { list-style: none; display: flex; flex-wrap: wrap; gap: 1.5rem; margin: 0; padding: 0; }
a { color: #0b3d91; text-underline-offset: .15em; }
a:focus-visible, button:focus-visible, select:focus-visible, textarea:focus-visible, input:focus-visible { outline: 3px solid #b34700; outline-offset: 2px; }
table { border-collapse: collapse; width: 100%; }
caption { text-align: left; font-weight: 600; padding: .5rem 0; }
th, td { border: 1px solid #6b6b6b; padding: .5rem; text-align: left; vertical-align: top; }
th { background: #f0f0f0; }
button { font: inherit; padding: .4rem .9rem; min-height: 2.75rem; border: 2px solid #0b3d91; border-radius: 4px; background: #0b3d91; color: #ffffff; cursor: pointer; }
button.secondary { background: #ffffff; color: #8a1c1c; border-color: #8a1c1c; }
label { display: block; font-weight: 600; }
textarea, select { font: inherit; border: 1px solid #595959; border-radius: 4px; padding: .3rem; color: #1a1a1a; background: #ffffff; }
textarea { width: 100%; min-width: 14rem; box-sizing: border-box; }
form.inline { display: flex; gap: .75rem; align-items: flex-end; flex-wrap: wrap; margin-bottom: 1rem; }
.actions form + form { margin-top: .75rem; }
.notice { border: 2px solid #1e6b34; background: #eef8f0; color: #124321; padding: .75rem 1rem; }
.error { border: 2px solid #8a1c1c; background: #fdf0f0; color: #6b1414; padding: .75rem 1rem; }
@media (prefers-reduced-motion: reduce) { * { transition: none !important; animation: none !important; } }
`;

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en-AU">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} – Operator console</title>
<link rel="stylesheet" href="/admin/console.css">
</head>
<body>
<a class="skip" href="#main">Skip to content</a>
<header>
<p><strong>Operator console</strong></p>
<nav aria-label="Console">
<ul>
<li><a href="/admin/">Home</a></li>
<li><a href="/admin/memberships?status=Pending">Pending memberships</a></li>
<li><a href="/admin/memberships">All memberships</a></li>
<li><a href="/admin/queues">Queues</a></li>
</ul>
</nav>
</header>
<main id="main" tabindex="-1">
<h1>${escapeHtml(title)}</h1>
${body}
</main>
</body>
</html>
`;
}

export function homePage(user: string): string {
  return layout(
    'Operator console',
    `<p>Signed in as <strong>${escapeHtml(user)}</strong>. Decisions are recorded as <code>console:${escapeHtml(user)}</code>.</p>
<ul>
<li><a href="/admin/memberships?status=Pending">Membership requests awaiting a decision</a></li>
<li><a href="/admin/memberships">All memberships</a></li>
<li><a href="/admin/queues">Job queues</a> (e-mail, support tickets, payment fulfilment, membership renewals): see stuck or failed jobs, read-only, e-mail bodies hidden</li>
</ul>`,
  );
}

export interface MembershipsPageOptions {
  memberships: MembershipSummary[];
  status: string | undefined;
  notice?: string;
  error?: string;
}

function decisionForms(m: MembershipSummary, status: string | undefined): string {
  const id = escapeHtml(m.requestId);
  const back = status ? `<input type="hidden" name="status" value="${escapeHtml(status)}">` : '';
  return `<div class="actions">
<form method="post" action="/admin/memberships/${encodeURIComponent(m.requestId)}/approve">${back}
<button type="submit">Approve ${id}</button>
</form>
<form method="post" action="/admin/memberships/${encodeURIComponent(m.requestId)}/reject">${back}
<label for="reason-${id}">Reason for rejecting ${id}</label>
<textarea id="reason-${id}" name="reason" rows="2" maxlength="1000" required></textarea>
<button type="submit" class="secondary">Reject ${id}</button>
</form>
</div>`;
}

export function membershipsPage({ memberships, status, notice, error }: MembershipsPageOptions): string {
  const options = ['', ...MEMBERSHIP_STATUSES]
    .map((s) => `<option value="${escapeHtml(s)}"${s === (status ?? '') ? ' selected' : ''}>${s === '' ? 'Any status' : escapeHtml(s)}</option>`)
    .join('');
  const rows = memberships
    .map(
      (m) => `<tr>
<td>${escapeHtml(m.requestId)}</td>
<td>${escapeHtml(m.name)}</td>
<td>${escapeHtml(m.email)}</td>
<td>${escapeHtml(m.membershipName)}</td>
<td>${escapeHtml(m.status)}</td>
<td><time datetime="${m.createdAt.toISOString()}">${escapeHtml(m.createdAt.toISOString().replace('T', ' ').slice(0, 16))} UTC</time></td>
<td>${m.status === 'Pending' ? decisionForms(m, status) : ''}</td>
</tr>`,
    )
    .join('\n');
  const table =
    memberships.length === 0
      ? '<p>No memberships with this status.</p>'
      : `<table>
<caption>${memberships.length} ${memberships.length === 1 ? 'membership' : 'memberships'}${status ? ` (${escapeHtml(status)})` : ''}</caption>
<thead><tr><th scope="col">Request ID</th><th scope="col">Member</th><th scope="col">E-mail</th><th scope="col">Level</th><th scope="col">Status</th><th scope="col">Created</th><th scope="col">Decision</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>`;
  return layout(
    status ? `${status} memberships` : 'All memberships',
    `${notice ? `<p class="notice" role="status">${escapeHtml(notice)}</p>` : ''}${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<form class="inline" method="get" action="/admin/memberships">
<div><label for="status">Status</label><select id="status" name="status">${options}</select></div>
<button type="submit">Show</button>
</form>
${table}`,
  );
}

export function messagePage(title: string, message: string): string {
  return layout(title, `<p class="error" role="alert">${escapeHtml(message)}</p><p><a href="/admin/">Back to the console</a></p>`);
}
