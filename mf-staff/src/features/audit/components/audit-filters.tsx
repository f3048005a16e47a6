import { useState, type FormEvent } from 'react';
import { Field, FieldGrid, fieldClasses } from '@tca/ui/forms';
import { useT } from '@tca/ui/i18n';
import { knownText } from '../../../shared/known-text.js';
import { checkFilters, NO_FILTERS, whatOptions, type AuditFilters, type FilterErrors } from '../audit-feed.js';
import { auditCatalog } from '../messages.js';
import styles from '../../../shared/staff.module.css';

interface AuditFiltersFormProps {
  applied: AuditFilters;
  busy: boolean;
  onApply: (filters: AuditFilters) => void;
}

/** Who (the actor's e-mail), what (an area or one action), from and to (days in Adelaide); Show entries and Clear. */
export function AuditFiltersForm({ applied, busy, onApply }: AuditFiltersFormProps) {
  const [filters, setFilters] = useState<AuditFilters>(applied);
  const [errors, setErrors] = useState<FilterErrors>({});
  const t = useT(auditCatalog);
  // The query rules' messages (English) in the language shown.
  const check = (message: string | undefined) => message && knownText(message, auditCatalog);
  const set = (field: keyof AuditFilters) => (value: string) => setFilters((current) => ({ ...current, [field]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkFilters(filters);
    setErrors(checked.ok ? {} : checked.errors);
    if (checked.ok) onApply({ ...filters, actor: filters.actor.trim() });
  };
  const clear = () => {
    setFilters(NO_FILTERS);
    setErrors({});
    onApply(NO_FILTERS);
  };

  return (
    <form className={styles.section} onSubmit={submit} noValidate aria-labelledby="audit-filters-title">
      <h2 id="audit-filters-title" className={styles.sectionTitle}>
        {t('filters.title')}
      </h2>
      <FieldGrid>
        <Field label={t('filters.who')} error={check(errors.actor)} hint={t('filters.whoHint')}>
          {(control) => <input {...control} className={fieldClasses.control} type="email" autoComplete="off" value={filters.actor} onChange={(event) => set('actor')(event.target.value)} />}
        </Field>
        <Field label={t('filters.what')}>
          {(control) => (
            <select {...control} className={`${fieldClasses.control} ${fieldClasses.select}`} value={filters.what} onChange={(event) => set('what')(event.target.value)}>
              <option value="">{t('filters.everything')}</option>
              {whatOptions().map((group) => (
                <optgroup key={group.label} label={group.label}>
                  {group.options.map((option) => (
                    <option key={option.value} value={option.value}>
                      {option.label}
                    </option>
                  ))}
                </optgroup>
              ))}
            </select>
          )}
        </Field>
        <Field label={t('filters.from')} error={check(errors.from)} hint={t('filters.fromHint')}>
          {(control) => <input {...control} className={fieldClasses.control} type="date" value={filters.from} onChange={(event) => set('from')(event.target.value)} />}
        </Field>
        <Field label={t('filters.to')} error={check(errors.to)} hint={t('filters.toHint')}>
          {(control) => <input {...control} className={fieldClasses.control} type="date" value={filters.to} onChange={(event) => set('to')(event.target.value)} />}
        </Field>
      </FieldGrid>
      <p className={styles.actions}>
        <button type="submit" className="tca-button" aria-disabled={busy || undefined}>
          {t('filters.apply')}
        </button>
        <button type="button" className={styles.secondary} onClick={clear}>
          {t('filters.clear')}
        </button>
      </p>
    </form>
  );
}
