import { z } from 'zod';
import { changePasswordRequestSchema, newPasswordSchema, registerRequestSchema } from '@tca/contracts';
import { DEFAULT_PHONE_COUNTRY, phoneProblem } from './phone.js';
import { TEXT } from './messages.js';

/**
 * The account forms' browser-side rules: the §5 messages, from the same contracts the identity
 * service validates with, plus the fields only the browser has (confirmations, the phone country).
 */

const register = registerRequestSchema.shape;

export const registerFormSchema = z
  .object({
    firstName: register.firstName,
    lastName: register.lastName,
    email: register.email,
    phoneCountry: z.string(),
    phone: z.string().trim().min(1, 'Phone number is required').min(6, 'Phone number is too short').max(30, 'Phone number is too long'),
    password: newPasswordSchema,
    confirmPassword: z.string().min(1, 'Please confirm your password'),
    termsAccepted: z.boolean().refine((accepted) => accepted, 'You must accept the terms and conditions'),
  })
  .superRefine((form, ctx) => {
    if (form.confirmPassword !== '' && form.password !== form.confirmPassword) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: TEXT.passwordsDoNotMatch });
    }
    const phone = form.phone.trim();
    if (phone.length >= 6) {
      const problem = phoneProblem(phone, form.phoneCountry);
      if (problem) ctx.addIssue({ code: 'custom', path: ['phone'], message: problem });
    }
  });
export type RegisterFormInput = z.input<typeof registerFormSchema>;
export type RegisterForm = z.output<typeof registerFormSchema>;

export const REGISTER_DEFAULTS: RegisterFormInput = {
  firstName: '',
  lastName: '',
  email: '',
  phoneCountry: DEFAULT_PHONE_COUNTRY,
  phone: '',
  password: '',
  confirmPassword: '',
  termsAccepted: false,
};

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
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: TEXT.resetPasswordsDoNotMatch });
    }
  });
export type ResetPasswordForm = z.infer<typeof resetPasswordFormSchema>;

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
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: TEXT.changeMismatch });
      return;
    }
    const strength = newPasswordSchema.safeParse(form.newPassword);
    if (!strength.success) {
      for (const issue of strength.error.issues) ctx.addIssue({ code: 'custom', path: ['newPassword'], message: issue.message });
    }
  });
export type ChangePasswordForm = z.infer<typeof changePasswordFormSchema>;
