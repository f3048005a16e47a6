interface SpinnerProps {
  label?: string;
}

/** The page spinner of spec §2.1: a ring and the text "Loading...". */
export function Spinner({ label = 'Loading...' }: SpinnerProps) {
  return (
    <div className="tca-spinner" role="status" aria-live="polite">
      <span className="tca-spinner__ring" aria-hidden="true" />
      <span className="tca-spinner__label">{label}</span>
    </div>
  );
}
