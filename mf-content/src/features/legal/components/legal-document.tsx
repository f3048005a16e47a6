import { Fragment } from 'react';
import { Link } from '@tca/ui/router';
import { currentLang, useT } from '@tca/ui/i18n';
import { richText } from '@tca/ui/i18n/format';
import { legalDate, legalDocumentIn, type LegalTexts } from '../legal-documents.js';
import { parseInline, type LegalBlock } from '../legal-types.js';
import { legalCatalog } from '../messages.js';
import styles from '../legal.module.css';

function Inline({ text }: { text: string }) {
  return (
    <>
      {parseInline(text).map((part, index) => {
        if (part.kind === 'text') return <Fragment key={index}>{part.text}</Fragment>;
        if (part.kind === 'code') {
          return (
            <code key={index} lang="en">
              {part.text}
            </code>
          );
        }
        return part.internal ? (
          <Link key={index} to={part.href}>
            {part.label}
          </Link>
        ) : (
          <a key={index} href={part.href}>
            {part.label}
          </a>
        );
      })}
    </>
  );
}

function Block({ block }: { block: LegalBlock }) {
  if (typeof block === 'string') {
    return (
      <p>
        <Inline text={block} />
      </p>
    );
  }
  return (
    <ul>
      {block.map((item) => (
        <li key={item}>
          <Inline text={item} />
        </li>
      ))}
    </ul>
  );
}

interface LegalDocumentViewProps {
  texts: LegalTexts;
  /** Prefix of the sections' fragment ids, so two documents never share one. */
  idPrefix: string;
  /** Show "1. Introduction" style numbers (the terms' sections are numbered in the spec). */
  numbered?: boolean;
}

/**
 * A long static text in the language shown: last-updated date, a table of contents, then its sections.
 * The Tamil document loads on first use (suspending like the catalog); if it cannot, the English one
 * shows, marked lang="en".
 */
export function LegalDocumentView({ texts, idPrefix, numbered = false }: LegalDocumentViewProps) {
  const t = useT(legalCatalog);
  // useT re-renders this on a language switch; the language is read as `t` reads it.
  const lang = currentLang();
  const { document, lang: documentLang } = legalDocumentIn(texts, lang);
  const heading = (index: number, title: string) => (numbered ? `${index + 1}. ${title}` : title);
  return (
    <div className={styles.document} lang={documentLang}>
      <p className={styles.updated}>
        {richText(t('updated', { date: legalDate(document.lastUpdated, documentLang ?? lang) }), {
          0: (date) => <time dateTime={document.lastUpdated}>{date}</time>,
        })}
      </p>
      {document.intro.map((block, index) => (
        <Block key={index} block={block} />
      ))}
      <nav className={styles.toc} aria-labelledby={`${idPrefix}-contents`}>
        <h2 id={`${idPrefix}-contents`} className={styles.tocTitle}>
          {t('contents')}
        </h2>
        <ol className={numbered ? undefined : styles.plainList}>
          {document.sections.map((section) => (
            <li key={section.id}>
              <a href={`#${idPrefix}-${section.id}`}>{section.title}</a>
            </li>
          ))}
        </ol>
      </nav>
      {document.sections.map((section, index) => (
        <section key={section.id} className={styles.section} aria-labelledby={`${idPrefix}-${section.id}`}>
          <h2 id={`${idPrefix}-${section.id}`} className={styles.sectionTitle}>
            {heading(index, section.title)}
          </h2>
          {section.body.map((block, blockIndex) => (
            <Block key={blockIndex} block={block} />
          ))}
        </section>
      ))}
    </div>
  );
}
