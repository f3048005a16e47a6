import { createHash } from 'node:crypto';
import { escapeHtml } from '@tca/service-kit';
import { hostedPagePath, type StoredSession } from '../../domain/checkout-session.js';
import { FIELD_IDS, type CardField, type CardFormValues } from './card-form.js';
import { formMessage, PAGE_TEXTS, pageLang, type PageLang, type PageTexts } from './page-texts.js';

/** Minor units as money, e.g. 1000 aud → A$10.00 (en-US shows the A$ that tells Australian dollars apart). */
export function formatAmount(minor: number, currency: string): string {
  const format = new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(minor / 10 ** digits);
}

// The fonts: the system's, with the Tamil faces of the common systems for a Tamil page (the page loads no font files).
// Colours checked for WCAG 2.2 AA: text ≥ 4.5:1 on its background, focus ring and field borders ≥ 3:1.
const STYLE = `
*,*::before,*::after{box-sizing:border-box}
html{font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,"Noto Sans Tamil","Nirmala UI","Tamil Sangam MN","Lohit Tamil",sans-serif;color:#1a1f36;background:#fff;line-height:1.5}
body{margin:0}
a{color:#0b57b8}
a:focus-visible,button:focus-visible,input:focus-visible{outline:3px solid #0b57b8;outline-offset:2px}
.banner{background:#fff1cc;color:#4d3300;text-align:center;padding:.4rem 1rem;font-size:.875rem;font-weight:600;border-bottom:1px solid #b88a00}
.layout{display:grid;grid-template-columns:1fr;max-width:62rem;margin:0 auto;padding:1.5rem 1rem 3rem;gap:2rem}
@media (min-width:52rem){.layout{grid-template-columns:1fr 1fr;gap:4rem;padding-top:4rem}}
.summary .merchant{display:flex;align-items:center;gap:.6rem;font-weight:600;margin:0 0 1.5rem}
.logo{display:inline-grid;place-items:center;width:2rem;height:2rem;border-radius:50%;background:#0b57b8;color:#fff;font-size:.85rem;font-weight:700}
.summary h1{margin:0;font-size:1rem;font-weight:500;color:#4f566b}
.summary .big{display:block;font-size:2.25rem;font-weight:700;color:#1a1f36;letter-spacing:-.02em}
.items{list-style:none;margin:1.5rem 0 0;padding:0;border-top:1px solid #d5dbe3}
.items li{display:flex;justify-content:space-between;gap:1rem;padding:.9rem 0;border-bottom:1px solid #d5dbe3}
.items .name{font-weight:600;display:block}.items .qty,.items .desc{color:#4f566b;font-size:.875rem;display:block}
.total{display:flex;justify-content:space-between;font-weight:700;margin:.9rem 0 0}
.payment h2{font-size:1.25rem;margin:0 0 1rem}
.field{margin:0 0 1rem}
label,legend{display:block;font-size:.9rem;font-weight:600;margin:0 0 .3rem;padding:0;color:#30313d}
fieldset{border:0;padding:0;margin:0 0 1rem}
input{width:100%;font:inherit;font-size:1rem;padding:.6rem .75rem;border:1px solid #6b7385;border-radius:6px;color:#1a1f36;background:#fff}
input[readonly]{background:#f6f8fa;border-color:#8a93a3}
input[aria-invalid="true"]{border:2px solid #b3093c}
.row{display:grid;grid-template-columns:1fr 1fr;gap:.75rem;align-items:end}
.row .field{margin:0}
.hint{color:#4f566b;font-size:.85rem;margin:.25rem 0 0}
.error{color:#b3093c;font-size:.9rem;font-weight:600;margin:.3rem 0 0}
.alert{border:2px solid #b3093c;background:#fff5f7;color:#8a0a2f;border-radius:6px;padding:.75rem 1rem;margin:0 0 1rem}
.alert p{margin:0;font-weight:700}.alert ul{margin:.4rem 0 0;padding-left:1.2rem}.alert a{color:#8a0a2f}
button{width:100%;font:inherit;font-size:1.05rem;font-weight:600;padding:.8rem 1rem;border:0;border-radius:6px;background:#0b57b8;color:#fff;cursor:pointer;margin-top:.5rem}
button:hover{background:#084493}
.cancel{display:inline-block;margin-top:1.25rem}
.testcards{margin-top:1.5rem;padding:.75rem 1rem;background:#f6f8fa;border-radius:6px;font-size:.875rem;color:#30313d}
.testcards h3{font-size:.9rem;margin:0 0 .25rem}.testcards ul{margin:0;padding-left:1.2rem}
.status h2{font-size:1.5rem;margin:0 0 .5rem}
footer{max-width:62rem;margin:0 auto;padding:0 1rem 2rem;color:#4f566b;font-size:.8rem}
@media (prefers-reduced-motion:reduce){*{transition:none!important;animation:none!important;scroll-behavior:auto!important}}
`;

/** For the page's Content-Security-Policy: only this stylesheet may apply. */
export const STYLE_HASH = `'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`;

interface Shell {
  title: string;
  merchantName: string;
  main: string;
  lang: PageLang;
}

/** The merchant's name in a page's markup: on a Tamil page it is an English part (lang="en"). */
function merchantHtml(merchantName: string, lang: PageLang): string {
  return lang === 'en' ? escapeHtml(merchantName) : `<span lang="en">${escapeHtml(merchantName)}</span>`;
}

// The texts hold no markup characters: a text made with merchantHtml (or an escaped value) is markup as it is.
function page({ title, merchantName, main, lang }: Shell): string {
  const t = PAGE_TEXTS[lang];
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<link rel="icon" href="data:,">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<div class="banner">${t.banner}</div>
${main}
<footer><p>${t.footer(merchantHtml(merchantName, lang))}</p></footer>
</body>
</html>
`;
}

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase() ?? '')
    .join('');
}

function summary(session: StoredSession, merchantName: string, t: PageTexts, lang: PageLang): string {
  const total = formatAmount(session.amount_total, session.currency);
  const items = session.line_items
    .map(
      (item) => `<li><span><span class="name">${escapeHtml(item.name)}</span>${item.description ? `<span class="desc">${escapeHtml(item.description)}</span>` : ''}<span class="qty">${t.qty(item.quantity)}${item.quantity > 1 ? ` × ${escapeHtml(formatAmount(item.unit_amount, item.currency))}` : ''}</span></span><span>${escapeHtml(formatAmount(item.unit_amount * item.quantity, item.currency))}</span></li>`,
    )
    .join('');
  return `<section class="summary" aria-labelledby="summary-title">
<p class="merchant"><span class="logo" aria-hidden="true">${escapeHtml(initials(merchantName))}</span>${merchantHtml(merchantName, lang)}</p>
<h1 id="summary-title">${t.pay(merchantHtml(merchantName, lang))} <span class="big">${escapeHtml(total)}</span></h1>
<ul class="items" aria-label="${t.order}">${items}</ul>
<p class="total"><span>${t.totalDue}</span><span>${escapeHtml(total)}</span></p>
</section>`;
}

export interface CheckoutPageState {
  values?: Partial<CardFormValues>;
  errors?: Partial<Record<CardField, string>>;
  /** A payment-level message (the decline), shown as an alert and tied to the card number. */
  declined?: string;
}

/** The hosted checkout page of an open session, in its locale's language, optionally with the errors of a failed attempt. */
export function checkoutPage(session: StoredSession, merchantName: string, state: CheckoutPageState = {}): string {
  const lang = pageLang(session.locale);
  const t = PAGE_TEXTS[lang];
  const LABELS = t.labels;
  const errors: Partial<Record<CardField, string>> = Object.fromEntries(Object.entries(state.errors ?? {}).map(([field, message]) => [field, formMessage(t, message)]));
  const declined = state.declined === undefined ? undefined : formMessage(t, state.declined);
  const values = { ...state.values, ...(session.customer_email ? { email: session.customer_email } : {}) };
  const errorFields = (Object.keys(LABELS) as CardField[]).filter((field) => errors[field]);
  const firstInvalid = errorFields[0] ?? (declined ? 'cardNumber' : undefined);
  const total = formatAmount(session.amount_total, session.currency);

  const input = (field: CardField, attrs: string, hint?: string): string => {
    const id = FIELD_IDS[field];
    const error = errors[field];
    const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : '', field === 'cardNumber' && declined ? 'payment-alert' : ''].filter(Boolean).join(' ');
    const value = field === 'cvc' ? '' : (values[field] ?? '');
    return `<div class="field">
<label for="${id}">${LABELS[field]}</label>
<input id="${id}" name="${id}" ${attrs} value="${escapeHtml(value)}"${describedBy ? ` aria-describedby="${describedBy}"` : ''}${error || (field === 'cardNumber' && declined) ? ' aria-invalid="true"' : ''}${firstInvalid === field ? ' autofocus' : ''}>
${hint ? `<p class="hint" id="${id}-hint">${escapeHtml(hint)}</p>` : ''}${error ? `<p class="error" id="${id}-error">${escapeHtml(error)}</p>` : ''}
</div>`;
  };

  let alert = '';
  if (errorFields.length > 0) {
    alert = `<div class="alert" role="alert" id="payment-alert"><p>${t.checkDetails}</p><ul>${errorFields
      .map((field) => `<li><a href="#${FIELD_IDS[field]}">${escapeHtml(errors[field] ?? '')}</a></li>`)
      .join('')}</ul></div>`;
  } else if (declined) {
    alert = `<div class="alert" role="alert" id="payment-alert"><p>${escapeHtml(declined)}</p></div>`;
  }

  const email = session.customer_email
    ? input('email', `type="email" autocomplete="email" readonly`)
    : input('email', `type="email" autocomplete="email" required aria-required="true" spellcheck="false"`);
  const main = `<main class="layout">
${summary(session, merchantName, t, lang)}
<section class="payment" aria-labelledby="pay-title">
<h2 id="pay-title">${t.payWithCard}</h2>
${alert}
<form method="post" action="${escapeHtml(hostedPagePath(session.id))}" novalidate>
<input type="hidden" name="form_token" value="${escapeHtml(session.form_token)}">
${email}
<fieldset>
<legend>${t.cardInformation}</legend>
${input('cardNumber', `type="text" inputmode="numeric" autocomplete="cc-number" required aria-required="true" maxlength="23" spellcheck="false"`, t.testCard)}
<div class="row">
${input('expiry', `type="text" inputmode="numeric" autocomplete="cc-exp" required aria-required="true" maxlength="7" placeholder="MM / YY"`)}
${input('cvc', `type="text" inputmode="numeric" autocomplete="cc-csc" required aria-required="true" maxlength="4"`)}
</div>
</fieldset>
${input('name', `type="text" autocomplete="cc-name" required aria-required="true"`)}
<button type="submit">${t.payAmount(escapeHtml(total))}</button>
</form>
${session.cancel_url ? `<a class="cancel" href="${escapeHtml(session.cancel_url)}">${t.cancel(merchantHtml(merchantName, lang))}</a>` : ''}
<div class="testcards">
<h3>${t.testCards}</h3>
<ul>${t.testCardLines.map((line) => `<li>${line}</li>`).join('')}</ul>
</div>
</section>
</main>`;
  const problem = errorFields.length > 0 ? (lang === 'en' ? 'Error: check the payment details – ' : `${t.errorPrefix}: ${t.checkDetails} – `) : declined ? `${t.errorPrefix}: ${declined} – ` : '';
  return page({ title: `${problem}${t.pay(merchantName)}`, merchantName, main, lang });
}

/** A page in place of the form: the session is paid, expired, unknown, or the post was refused (in the session's language). */
export function statusPage(options: { merchantName: string; title: string; message: string; link?: { href: string; text: string }; session?: StoredSession; lang?: PageLang }): string {
  const lang = options.lang ?? 'en';
  const main = `<main class="layout">
${options.session ? summary(options.session, options.merchantName, PAGE_TEXTS[lang], lang) : ''}
<section class="status" aria-labelledby="status-title">
<h2 id="status-title">${escapeHtml(options.title)}</h2>
<p>${escapeHtml(options.message)}</p>
${options.link ? `<p><a href="${escapeHtml(options.link.href)}">${escapeHtml(options.link.text)}</a></p>` : ''}
</section>
</main>`;
  return page({ title: `${options.title} – ${options.merchantName}`, merchantName: options.merchantName, main, lang });
}
