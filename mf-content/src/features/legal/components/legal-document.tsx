import { Fragment } from 'react';
import { Link } from '@tca/ui/router';
import { formatLegalDate, parseInline, type LegalBlock, type LegalDocument } from '../legal-types.js';
import styles from '../legal.module.css';

function Inline({ text }: { text: string }) {
  return (
    <>
      {parseInline(text).map((part, index) => {
        if (part.kind === 'text') return <Fragment key={index}>{part.text}</Fragment>;
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
  document: LegalDocument;
  /** Prefix of the sections' fragment ids, so two documents never share one. */
  idPrefix: string;
  /** Show "1. Introduction" style numbers (the terms' sections are numbered in the spec). */
  numbered?: boolean;
}

/** A long static text: last-updated date, a table of contents, then its sections. */
export function LegalDocumentView({ document, idPrefix, numbered = false }: LegalDocumentViewProps) {
  const heading = (index: number, title: string) => (numbered ? `${index + 1}. ${title}` : title);
  return (
    <div className={styles.document}>
      <p className={styles.updated}>
        Last updated: <time dateTime={document.lastUpdated}>{formatLegalDate(document.lastUpdated)}</time>
      </p>
      {document.intro.map((block, index) => (
        <Block key={index} block={block} />
      ))}
      <nav className={styles.toc} aria-labelledby={`${idPrefix}-contents`}>
        <h2 id={`${idPrefix}-contents`} className={styles.tocTitle}>
          Contents
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
