/** Stripe's error types (https://docs.stripe.com/api/errors); stripe-node picks its error class from the status and type. */
export type StripeErrorType = 'invalid_request_error' | 'idempotency_error' | 'api_error' | 'card_error';

export interface StripeErrorBody {
  error: { type: StripeErrorType; code?: string; message: string; param?: string; doc_url?: string };
}

/** An error answered in Stripe's shape: `{ error: { type, code, message, param } }`. */
export class StripeApiError extends Error {
  override name = 'StripeApiError';
  constructor(
    readonly status: number,
    readonly type: StripeErrorType,
    message: string,
    readonly code?: string,
    readonly param?: string,
  ) {
    super(message);
  }

  toBody(): StripeErrorBody {
    return {
      error: {
        type: this.type,
        ...(this.code ? { code: this.code, doc_url: `https://docs.stripe.com/error-codes/${this.code.replace(/_/g, '-')}` } : {}),
        message: this.message,
        ...(this.param ? { param: this.param } : {}),
      },
    };
  }
}

export function invalidRequest(message: string, param?: string, code = 'parameter_invalid'): StripeApiError {
  return new StripeApiError(400, 'invalid_request_error', message, code, param);
}

export function missingParam(param: string): StripeApiError {
  return new StripeApiError(400, 'invalid_request_error', `Missing required param: ${param}.`, 'parameter_missing', param);
}

export function noSuchSession(id: string): StripeApiError {
  return new StripeApiError(404, 'invalid_request_error', `No such checkout.session: '${id}'`, 'resource_missing', 'session');
}
