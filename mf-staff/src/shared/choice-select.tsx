import { Field, fieldClasses } from '@tca/ui/forms';

export { choiceOf } from './choices.js';

interface ChoiceSelectProps<V extends string> {
  label: string;
  value: V;
  choices: ReadonlyArray<{ value: V; label: string }>;
  /** Whether a selected value is one of the choices (the select only offers those). */
  isChoice: (value: string) => value is V;
  onChoose: (value: V) => void;
}

/** A labelled select of fixed choices, for a staff list's filters. */
export function ChoiceSelect<V extends string>({ label, value, choices, isChoice, onChoose }: ChoiceSelectProps<V>) {
  return (
    <Field label={label} errorLines={1}>
      {(control) => (
        <select
          {...control}
          className={`${fieldClasses.control} ${fieldClasses.select}`}
          value={value}
          onChange={(event) => {
            const chosen = event.target.value;
            if (isChoice(chosen)) onChoose(chosen);
          }}
        >
          {choices.map((choice) => (
            <option key={choice.value || 'all'} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
