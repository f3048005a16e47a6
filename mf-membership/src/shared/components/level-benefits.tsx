interface LevelBenefitsProps {
  /** The list's heading, e.g. "Benefits" in the confirm modal, "Included" in the order summary. */
  heading: string;
  benefits: readonly string[];
  /** Each caller styles the heading and the list with its own CSS Module. */
  headingClassName?: string;
  listClassName?: string;
}

/** A membership level's benefits under a small heading, one list item each. */
export function LevelBenefits({ heading, benefits, headingClassName, listClassName }: LevelBenefitsProps) {
  return (
    <>
      <h3 className={headingClassName}>{heading}</h3>
      <ul className={listClassName}>
        {benefits.map((benefit) => (
          <li key={benefit}>{benefit}</li>
        ))}
      </ul>
    </>
  );
}
