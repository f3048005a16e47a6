import { z } from 'zod';
import { newPasswordSchema } from '@tca/contracts';
import { RESET_PASSWORD_TEXT } from './reset-password-texts.js';

/**
 * §5 Reset password: 'Passwords do not match.' Beyond the spec, the new password follows the
 * register rule (the server enforces it; README), so the page says so before sending.
 */
export const resetPasswordFormSchema = z
  .object({
    password: newPasswordSchema,
    confirmPassword: z.string().min(1, 'Please confirm your password'),
  })
  .superRefine((form, ctx) => {
    if (form.confirmPassword !== '' && form.password !== form.confirmPassword) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: RESET_PASSWORD_TEXT.passwordsDoNotMatch });
    }
  });
export type ResetPasswordFormValues = z.infer<typeof resetPasswordFormSchema>;
