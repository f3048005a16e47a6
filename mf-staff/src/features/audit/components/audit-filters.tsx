import { useState, type FormEvent } from 'react';
import { Field, FieldGrid, fieldClasses } from '@tca/ui/forms';
import { checkFilters, NO_FILTERS, whatOptions, type AuditFilters, type FilterErrors } from '../audit-feed.js';
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
        Filter the log
      </h2>
      <FieldGrid>
        <Field label="Who (e-mail)" error={errors.actor} hint="The e-mail of the person who acted, e.g. a staff member's.">
          {(control) => <input {...control} className={fieldClasses.control} type="email" autoComplete="off" value={filters.actor} onChange={(event) => set('actor')(event.target.value)} />}
        </Field>
        <Field label="What">
          {(control) => (
            <select {...control} className={`${fieldClasses.control} ${fieldClasses.select}`} value={filters.what} onChange={(event) => set('what')(event.target.value)}>
              <option value="">Everything</option>
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
        <Field label="From (day)" error={errors.from} hint="Adelaide time, from the start of the day.">
          {(control) => <input {...control} className={fieldClasses.control} type="date" value={filters.from} onChange={(event) => set('from')(event.target.value)} />}
        </Field>
        <Field label="To (day)" error={errors.to} hint="Adelaide time, to the end of the day.">
          {(control) => <input {...control} className={fieldClasses.control} type="date" value={filters.to} onChange={(event) => set('to')(event.target.value)} />}
        </Field>
      </FieldGrid>
      <p className={styles.actions}>
        <button type="submit" className="tca-button" aria-disabled={busy || undefined}>
          Show entries
        </button>
        <button type="button" className={styles.secondary} onClick={clear}>
          Clear filters
        </button>
      </p>
    </form>
  );
}
