import type { ReactNode } from 'react';

interface PageProps {
  /** Text, or text with a part marked (a value as written, lang="en"). */
  title: ReactNode;
  lead?: ReactNode;
  children?: ReactNode;
}

/** The frame every page shares: a titled section inside the shell's main area. */
export function Page({ title, lead, children }: PageProps) {
  return (
    <section className="tca-page" aria-labelledby="page-title">
      <header className="tca-page__head">
        <h1 id="page-title" className="tca-page__title">
          {title}
        </h1>
        {lead ? <p className="tca-page__lead">{lead}</p> : null}
      </header>
      {children ? <div className="tca-page__body">{children}</div> : null}
    </section>
  );
}
