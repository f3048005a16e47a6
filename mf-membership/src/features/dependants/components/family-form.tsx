import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from '@tca/ui/router';
import { CHILD_ROWS, membershipLevel, paths } from '@tca/contracts';
import { Banner, Field, FieldGrid, fieldClasses, TextField } from '@tca/ui/forms';
import { Modal } from '@tca/ui/modal';
import { tabStorage } from '@tca/ui/session';
import { endSession } from '@tca/ui/session-end';
import { forgetDependantsTarget, type DependantsTarget } from '../../../shared/dependants-target.js';
import { useLater } from '../../../shared/hooks/use-later.js';
import { TEXT, TIMING } from '../../../shared/messages.js';
import { toast } from '../../../shared/toasts.js';
import { addDependents } from '../api/add-dependents.js';
import { checkDependants, dependantsFailure, emptyDependants, type DependantsFormValues } from '../dependants.js';
import styles from './family-form.module.css';

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
        Your family
      </h2>
      <p className={styles.intro}>
        {family
          ? 'Add at least one child under 18. The spouse is optional; leave any row you do not need empty.'
          : 'Add your spouse and children if you wish; leave any row you do not need empty.'}{' '}
        Names use letters and spaces only.
      </p>
      {outcome.kind === 'invalid' ? (
        <Banner tone="error" title={outcome.messages.length === 1 ? (outcome.messages[0] ?? '') : 'Please check the family details:'}>
          {outcome.messages.length > 1 ? (
            <ul className={styles.messages}>
              {outcome.messages.map((text) => (
                <li key={text}>{text}</li>
              ))}
            </ul>
          ) : null}
        </Banner>
      ) : null}
      {outcome.kind === 'failed' ? <Banner ref={bannerRef} tone="error" title={outcome.text} /> : null}

      <fieldset className={styles.group}>
        <legend>Spouse (optional)</legend>
        <FieldGrid>
          <TextField label="Spouse name" autoComplete="off" registration={register('spouse.name')} error={errors.spouse?.name?.message} />
          <Field label="Spouse age" error={errors.spouse?.age?.message} hint="Whole years, 0 to 120.">
            {(control) => <input {...control} {...register('spouse.age')} type="text" inputMode="numeric" autoComplete="off" className={fieldClasses.control} />}
          </Field>
        </FieldGrid>
      </fieldset>

      {Array.from({ length: CHILD_ROWS }, (_, index) => (
        <fieldset key={index} className={styles.group}>
          <legend>
            Child {index + 1}
            {family && index === 0 ? '' : ' (optional)'}
          </legend>
          <FieldGrid>
            <TextField
              label={`Child ${index + 1} name`}
              autoComplete="off"
              registration={register(`children.${index}.name`)}
              error={errors.children?.[index]?.name?.message}
            />
            <Field label={`Child ${index + 1} age`} hint="Whole years, 0 to 18.">
              {(control) => <input {...control} {...register(`children.${index}.age`)} type="text" inputMode="numeric" autoComplete="off" className={fieldClasses.control} />}
            </Field>
          </FieldGrid>
        </fieldset>
      ))}

      <div className={styles.actions}>
        <button type="submit" className="tca-button" disabled={sending} aria-busy={sending}>
          {sending ? 'Submitting...' : 'Submit'}
        </button>
      </div>

      {outcome.kind === 'done' ? (
        <Modal title="Thank You!" description={outcome.message} onClose={() => finish(outcome.message)} closeOnBackdrop={false}>
          <p>Your family details are saved with your membership. Taking you to the home page…</p>
        </Modal>
      ) : null}
    </form>
  );
}
