/** The texts of spec §4, §5 and §8 for the membership pages. */
export const TEXT = {
  loginToPurchase: 'Please log in to proceed with the purchase.',
  alreadyActive: 'You already have an active membership',
  loginBeforeProceeding: 'Please log in before proceeding',
  checkoutFailed: 'Failed to create checkout session',
  somethingWrong: 'Something went wrong. Please try again.',
  paymentSuccessful: 'Payment successful!',
  paymentFailed: 'Payment Failed.',
  errorOccurred: 'An error occurred. Please try again.',
  paymentCancelled: 'Payment Cancelled!',
  cancelledDetail: 'Oops! Something went wrong. Please try again later.',
  dependantsFailed: 'Failed to submit dependents details',
  unexpectedError: 'An unexpected error occurred',
  /** Beyond the spec: the toast on / after the Thank You overlay, when the server sends no message. */
  dependantsSaved: 'Your family details have been submitted.',
  /** Beyond the spec: while the browser leaves for the provider's page. */
  redirecting: 'Redirecting you to the secure payment page…',
} as const;

/** Spec §9 timings (milliseconds). */
export const TIMING = {
  /** The login notice on the membership page, then /login. */
  loginRedirect: 2000,
  /** 'You already have an active membership' stays this long. */
  alreadyActiveNotice: 3000,
  /** After a checkout session is created, the browser leaves for the provider. */
  checkoutRedirect: 1000,
  /** The Thank You overlay, then /. */
  dependantsRedirect: 3000,
  /** Page messages shown as toasts (a success toast too: 1 s is too short to read). */
  toast: 3000,
} as const;
