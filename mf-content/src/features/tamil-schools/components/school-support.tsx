import { Link } from '@tca/ui/router';
import { paths } from '@tca/contracts';
import { useT } from '@tca/ui/i18n';
import { richText } from '@tca/ui/i18n/format';
import { schoolsCatalog } from '../messages.js';
import { TAMIL_SCHOOL } from '../tamil-school.js';
import styles from '../tamil-schools.module.css';

function PlaceholderTag({ text }: { text: string }) {
  return <span className={styles.tag}>{text}</span>;
}

/** The school our community supports: why, the school card and how to help. */
export function SchoolSupport() {
  const t = useT(schoolsCatalog);
  const tag = <PlaceholderTag text={t('tag')} />;
  return (
    <>
      <div className={styles.intro}>
        <p>{t('intro.need')}</p>
        <p>{t('intro.help')}</p>
      </div>

      <article className={styles.card} aria-labelledby="school-name">
        <header className={styles.cardHead}>
          <h2 id="school-name" className={styles.name}>
            {t('name')}
          </h2>
          {TAMIL_SCHOOL.namePlaceholder ? tag : null}
        </header>
        <p className={styles.placeholderNote}>{richText(t('tagNote'), { 0: (text) => <em>{text}</em> })}</p>
        <dl className={styles.details}>
          {TAMIL_SCHOOL.details.map((detail) => (
            <div key={detail.label} className={styles.detail}>
              <dt>{t(detail.label)}</dt>
              <dd>
                {'key' in detail.value ? t(detail.value.key) : detail.value.text} {detail.placeholder ? tag : null}
              </dd>
            </div>
          ))}
        </dl>

        <h3 className={styles.highlightsTitle}>{t('highlights')}</h3>
        <ul className={styles.highlights}>
          {TAMIL_SCHOOL.highlights.map((id) => (
            <li key={id} className={styles.highlight}>
              <strong>{t(`${id}.title`)}</strong>
              <span>{t(`${id}.text`)}</span>
            </li>
          ))}
        </ul>

        <div className={styles.actions}>
          <Link to={paths.contact} className="tca-button">
            {t('more')}
          </Link>
          <span className={styles.actionNote}>{t('ask')}</span>
        </div>
      </article>
    </>
  );
}
