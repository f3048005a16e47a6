import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from '@tca/ui/router';
import { CHILD_ROWS, membershipLevel, paths } from '@tca/contracts';
import { Banner, Field, FieldGrid, fieldClasses, TextField } from '@tca/ui/forms';
import { useT } from '@tca/ui/i18n';
import { Modal } from '@tca/ui/modal';
import { tabStorage } from '@tca/ui/session';
import { endSession } from '@tca/ui/session-end';
import { forgetDependantsTarget, type DependantsTarget } from '../../../shared/dependants-target.js';
import { useLater } from '../../../shared/hooks/use-later.js';
import { sharedCatalog, shownText, TEXT, TIMING } from '../../../shared/messages.js';
import { toast } from '../../../shared/toasts.js';
import { addDependents } from '../api/add-dependents.js';
import { familyCatalog, familyText } from '../messages.js';
import { checkDependants, dependantsFailure, emptyDependants, type DependantsFormValues } from '../dependants.js';
import styles from './family-form.module.css';

/** A field's message (the contracts' English) in the language shown. */
const shown = (message: string | undefined) => (message === undefined ? undefined : familyText(message));

type Outcome = { kind: 'idle' } | { kind: 'invalid'; messages: string[] } | { kind: 'sending' } | { kind: 'failed'; text: string } | { kind: 'done'; message: string };

interface FamilyFormProps {
  target: DependantsTarget;
  token: string;
}

/**
 * The family details form (spec §5): an optional spouse and three child rows, checked by the §5
 * rules before POST /membership/add-dependents. Success shows the Thank You overlay and goes to /
 * 3 s later with a message; failures show the §8 Dependants texts.
 */
export function FamilyForm({ target, token }: FamilyFormProps) {
  const t = useT(familyCatalog);
  useT(sharedCatalog);
  const navigate = useNavigate();
  const { later } = useLater();
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'idle' });
  const bannerRef = useRef<HTMLDivElement>(null);
  const family = membershipLevel(target.membershipType)?.family ?? false;
  const {
    register,
    handleSubmit,
    setError,
    clearErrors,
    formState: { errors },
  } = useForm<DependantsFormValues>({ defaultValues: emptyDependants() });

  /** After the Thank You overlay: / with the message (spec §4). */
  const finish = (message: string) => {
    toast('success', message);
    navigate(paths.home);
  };

  const submit = async (values: DependantsFormValues) => {
    if (outcome.kind === 'sending' || outcome.kind === 'done') return;
    clearErrors();
    const check = checkDependants(values, target);
    if (!check.ok) {
      // The fields carry their messages; focus goes to the first (or to Child 1 when only a child is missing).
      const marks: Array<[Parameters<typeof setError>[0], string]> = [];
      if (check.errors.spouseName) marks.push(['spouse.name', check.errors.spouseName]);
      if (check.errors.spouseAge) marks.push(['spouse.age', check.errors.spouseAge]);
      for (const [index, message] of Object.entries(check.errors.children)) marks.push([`children.${Number(index)}.name`, message]);
      if (check.errors.form && marks.length === 0) marks.push(['children.0.name', check.errors.form]);
      marks.forEach(([name, message], index) => setError(name, { type: 'validate', message }, { shouldFocus: index === 0 }));
      setOutcome({ kind: 'invalid', messages: check.messages });
      return;
    }
    setOutcome({ kind: 'sending' });
    const result = await addDependents(check.request, token);
    if (result.kind === 'ok') {
      const message = result.answer?.message?.trim() || TEXT.dependantsSaved;
      forgetDependantsTarget(tabStorage());
      setOutcome({ kind: 'done', message });
      later(() => finish(message), TIMING.dependantsRedirect);
      return;
    }
    const failure = dependantsFailure(result);
    if (failure.kind === 'session-ended') {
      void endSession('rejected');
      return;
    }
    toast('error', failure.text);
    setOutcome({ kind: 'failed', text: failure.text });
    requestAnimationFrame(() => bannerRef.current?.focus());
  };

  const sending = outcome.kind === 'sending';
  return (
    <form className={styles.form} noValidate aria-labelledby="family-form-title" onSubmit={(event) => void handleSubmit(submit)(event)}>
      <h2 id="family-form-title" className={styles.title}>
        {t('form.title')}
      </h2>
      <p className={styles.intro}>
        {family ? t('form.family') : t('form.other')} {t('form.names')}
      </p>
      {outcome.kind === 'invalid' ? (
        <Banner tone="error" title={outcome.messages.length === 1 ? familyText(shownText(outcome.messages[0] ?? '')) : t('form.check')}>
          {outcome.messages.length > 1 ? (
            <ul className={styles.messages}>
              {outcome.messages.map((text) => (
                <li key={text}>{familyText(shownText(text))}</li>
              ))}
            </ul>
          ) : null}
        </Banner>
      ) : null}
      {outcome.kind === 'failed' ? <Banner ref={bannerRef} tone="error" title={shownText(outcome.text)} /> : null}

      <fieldset className={styles.group}>
        <legend>{t('spouse')}</legend>
        <FieldGrid>
          <TextField label={t('spouse.name')} autoComplete="off" registration={register('spouse.name')} error={shown(errors.spouse?.name?.message)} />
          <Field label={t('spouse.age')} error={shown(errors.spouse?.age?.message)} hint={t('spouse.hint')}>
            {(control) => <input {...control} {...register('spouse.age')} type="text" inputMode="numeric" autoComplete="off" className={fieldClasses.control} />}
          </Field>
        </FieldGrid>
      </fieldset>

      {Array.from({ length: CHILD_ROWS }, (_, index) => (
        <fieldset key={index} className={styles.group}>
          <legend>
            {t(family && index === 0 ? 'child' : 'child.optional', { n: index + 1 })}
          </legend>
          <FieldGrid>
            <TextField
              label={t('child.name', { n: index + 1 })}
              autoComplete="off"
              registration={register(`children.${index}.name`)}
              error={shown(errors.children?.[index]?.name?.message)}
            />
            <Field label={t('child.age', { n: index + 1 })} hint={t('child.hint')}>
              {(control) => <input {...control} {...register(`children.${index}.age`)} type="text" inputMode="numeric" autoComplete="off" className={fieldClasses.control} />}
            </Field>
          </FieldGrid>
        </fieldset>
      ))}

      <div className={styles.actions}>
        <button type="submit" className="tca-button" disabled={sending} aria-busy={sending}>
          {sending ? t('submitting') : t('submit')}
        </button>
      </div>

      {outcome.kind === 'done' ? (
        <Modal title={t('thanks.title')} description={shownText(outcome.message)} onClose={() => finish(outcome.message)} closeOnBackdrop={false}>
          <p>{t('thanks.text')}</p>
        </Modal>
      ) : null}
    </form>
  );
}
