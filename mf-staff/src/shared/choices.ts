/** The type guard of a list of choices (a filter's select): whether a string is one of their values. */
export function choiceOf<V extends string>(choices: ReadonlyArray<{ value: V }>): (value: string) => value is V {
  return (value: string): value is V => choices.some((choice) => choice.value === value);
}
