import { z } from 'zod';
import { changePasswordRequestSchema, newPasswordSchema } from '@tca/contracts';
import { PROFILE_TEXT } from './profile-texts.js';

/**
 * §5 Change password: all three required; a mismatch shows "New passwords don't match" and sends
 * nothing. Beyond the spec, the new password follows the register rule (README), checked only once
 * the two match.
 */
export const changePasswordFormSchema = z
  .object({
    currentPassword: changePasswordRequestSchema.shape.currentPassword,
    newPassword: z.string().min(1, 'New password is required'),
    confirmPassword: z.string().min(1, 'Please confirm your new password'),
  })
  .superRefine((form, ctx) => {
    if (form.newPassword === '' || form.confirmPassword === '') return;
    if (form.newPassword !== form.confirmPassword) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: PROFILE_TEXT.changeMismatch });
      return;
    }
    const strength = newPasswordSchema.safeParse(form.newPassword);
    if (!strength.success) {
      for (const issue of strength.error.issues) ctx.addIssue({ code: 'custom', path: ['newPassword'], message: issue.message });
    }
  });
export type ChangePasswordFormValues = z.infer<typeof changePasswordFormSchema>;
