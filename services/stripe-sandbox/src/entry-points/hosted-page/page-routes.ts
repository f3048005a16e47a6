import { timingSafeEqual } from 'node:crypto';
import express, { Router, type ErrorRequestHandler, type Request, type Response } from 'express';
import type { Logger } from '@tca/service-kit';
import { successRedirect, type StoredSession } from '../../domain/checkout-session.js';
import type { CheckoutSandbox } from '../../domain/checkout-sandbox.js';
import { checkCardForm } from './card-form.js';
import { checkoutPage, statusPage, STYLE_HASH } from './page-html.js';
import { PAGE_TEXTS, pageLang } from './page-texts.js';

export interface HostedPageDeps {
  sandbox: CheckoutSandbox;
  merchantName: string;
  logger: Logger;
}

function originOf(url: string | null): string | undefined {
  if (!url) return undefined;
  try {
    return new URL(url.replaceAll('{CHECKOUT_SESSION_ID}', 'x')).origin;
  } catch {
    return undefined;
  }
}

/**
 * No scripts at all; only the page's own stylesheet; the form may post here and (browsers check
 * redirects of a form post too) land on the session's success or cancel origin.
 */
function setPageHeaders(res: Response, session?: StoredSession): void {
  const targets = [...new Set([originOf(session?.success_url ?? null), originOf(session?.cancel_url ?? null)].filter((o): o is string => o !== undefined))];
  res.setHeader(
    'Content-Security-Policy',
    `default-src 'none'; style-src ${STYLE_HASH}; img-src 'self' data:; form-action 'self' ${targets.join(' ')}; frame-ancestors 'none'; base-uri 'none'`.replace(/\s+;/g, ';'),
  );
  res.setHeader('Cache-Control', 'no-store');
  res.type('html');
}

function sameToken(given: unknown, expected: string): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The hosted checkout page: GET shows the form, POST pays (a plain form post, no JavaScript). */
export function createHostedPageRouter({ sandbox, merchantName, logger }: HostedPageDeps): Router {
  const router = Router();
  router.use(express.urlencoded({ extended: false, limit: '10kb', parameterLimit: 20 }));

  function notOpen(res: Response, session: StoredSession): void {
    setPageHeaders(res, session);
    const lang = pageLang(session.locale);
    const t = PAGE_TEXTS[lang];
    if (session.status === 'complete') {
      res.status(200).send(
        statusPage({
          merchantName,
          session,
          lang,
          title: t.complete,
          message: t.alreadyPaid(session.customer_details_email),
          link: { href: successRedirect(session), text: t.returnTo(merchantName) },
        }),
      );
      return;
    }
    res.status(410).send(
      statusPage({
        merchantName,
        session,
        lang,
        title: t.expired,
        message: t.expiredText,
        ...(session.cancel_url ? { link: { href: session.cancel_url, text: t.returnTo(merchantName) } } : {}),
      }),
    );
  }

  async function sessionOr404(req: Request, res: Response): Promise<StoredSession | undefined> {
    const id = typeof req.params.id === 'string' ? req.params.id : '';
    const session = /^cs_test_[A-Za-z0-9]{1,100}$/.test(id) ? await sandbox.find(id) : undefined;
    if (!session) {
      setPageHeaders(res);
      res.status(404).send(statusPage({ merchantName, title: PAGE_TEXTS.en.notFound, message: PAGE_TEXTS.en.notFoundText }));
    }
    return session;
  }

  router.get('/:id', async (req, res) => {
    const session = await sessionOr404(req, res);
    if (!session) return;
    if (session.status !== 'open') {
      notOpen(res, session);
      return;
    }
    setPageHeaders(res, session);
    res.send(checkoutPage(session, merchantName));
  });

  router.post('/:id', async (req, res) => {
    const session = await sessionOr404(req, res);
    if (!session) return;
    const body = (typeof req.body === 'object' && req.body !== null ? req.body : {}) as Record<string, unknown>;
    if (!sameToken(body.form_token, session.form_token)) {
      setPageHeaders(res, session);
      const lang = pageLang(session.locale);
      const t = PAGE_TEXTS[lang];
      res.status(403).send(statusPage({ merchantName, lang, title: t.refused, message: t.refusedText, link: { href: req.originalUrl, text: t.reopen } }));
      return;
    }
    if (session.status !== 'open') {
      notOpen(res, session);
      return;
    }
    const result = checkCardForm(body, session.customer_email);
    // The form again, with what went wrong: a normal page for the browser (200), as real checkout pages answer.
    if (result.outcome === 'invalid') {
      setPageHeaders(res, session);
      res.status(200).send(checkoutPage(session, merchantName, { values: result.values, errors: result.errors }));
      return;
    }
    if (result.outcome === 'declined') {
      setPageHeaders(res, session);
      res.status(200).send(checkoutPage(session, merchantName, { values: result.values, declined: 'Your card was declined.' }));
      return;
    }
    const paid = await sandbox.pay(session.id, { email: result.email, name: result.name });
    if (!paid) {
      // Paid or expired by another request meanwhile.
      const current = await sandbox.find(session.id);
      if (current) notOpen(res, current);
      return;
    }
    logger.info({ session: paid.id, amount: paid.amount_total, currency: paid.currency }, 'checkout session paid');
    res.redirect(303, successRedirect(paid));
  });

  const pageErrors: ErrorRequestHandler = (err: unknown, _req, res, _next) => {
    const status = (err as { status?: unknown }).status;
    const clientError = typeof status === 'number' && status >= 400 && status < 500;
    if (!clientError) logger.error({ err }, 'hosted page failed');
    setPageHeaders(res);
    res
      .status(clientError ? 400 : 500)
      .send(
        statusPage({
          merchantName,
          title: clientError ? PAGE_TEXTS.en.unreadable : PAGE_TEXTS.en.failed,
          message: clientError ? PAGE_TEXTS.en.unreadableText : PAGE_TEXTS.en.failedText,
        }),
      );
  };
  router.use(pageErrors);
  return router;
}
