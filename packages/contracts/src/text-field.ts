import { z } from 'zod';
import { isStorableText, unstorableTextMessage } from './storable-text.js';

/**
 * The start of every text field in a request schema: a string that holds no NUL and no lone surrogate
 * (storable-text.ts), checked first and alone (`abort`), so such a field gets exactly the message
 * "<label> contains a character that is not allowed" whatever its other rules. Chain the field's own
 * rules after it: `textField('Name').trim().min(1, 'Name is required')`.
 */
export function textField(label: string) {
  return z.string().refine(isStorableText, { message: unstorableTextMessage(label), abort: true });
}
