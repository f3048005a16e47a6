import { z } from 'zod';
import { newPasswordSchema, registerRequestSchema } from '@tca/contracts';
import { DEFAULT_PHONE_COUNTRY, phoneProblem } from '../../shared/phone.js';
import { REGISTER_TEXT } from './register-texts.js';

/**
 * The register form's browser-side rules: the §5 messages, from the same contract the identity
 * service validates with, plus the fields only the browser has (the confirmation, the phone country).
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
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: REGISTER_TEXT.passwordsDoNotMatch });
    }
    const phone = form.phone.trim();
    if (phone.length >= 6) {
      const problem = phoneProblem(phone, form.phoneCountry);
      if (problem) ctx.addIssue({ code: 'custom', path: ['phone'], message: problem });
    }
  });
export type RegisterFormInput = z.input<typeof registerFormSchema>;
export type RegisterFormValues = z.output<typeof registerFormSchema>;

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
