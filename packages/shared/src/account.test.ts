import { describe, expect, it } from 'vitest';
import {
  completeSignUpSchema,
  hasWorkspaceRole,
  loginSchema,
  passwordSchema,
  signUpSchema,
} from './account.js';

const valid = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  businessName: 'Analytical Engines',
  emailAddress: 'Ada@Example.com',
  password: 'Str0ng!pass',
  termsAgreement: true,
};

describe('sign-up rules (docs/product-rules.md#accounts-and-sign-in)', () => {
  it('accepts a valid full sign-up and lower-cases the e-mail', () => {
    expect(signUpSchema.parse(valid).emailAddress).toBe('ada@example.com');
  });

  it.each([
    ['firstName', 'A'],
    ['firstName', 'x'.repeat(101)],
    ['lastName', 'O@Brien'],
    ['businessName', 'AB'],
    ['businessName', 'x'.repeat(101)],
    ['emailAddress', 'ada@'],
    ['termsAgreement', false],
  ])('rejects %s = %j', (field, value) => {
    const result = signUpSchema.safeParse({ ...valid, [field]: value });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual([field]);
  });

  it('accepts names with digits, hyphens, underscores, spaces and accents', () => {
    expect(
      signUpSchema.safeParse({ ...valid, firstName: 'José-María_2', lastName: 'de la Cruz' }).success,
    ).toBe(true);
  });

  it('treats an empty business name as none', () => {
    expect(signUpSchema.parse({ ...valid, businessName: '' }).businessName).toBeUndefined();
  });

  it.each([
    ['Aa1!aaaa', true],
    ['Aa1_aaaa', true],
    ['Aa1!aaa', false],
    [`Aa1!${'a'.repeat(28)}`, true],
    [`Aa1!${'a'.repeat(29)}`, false],
    ['aa1!aaaa', false],
    ['AA1!AAAA', false],
    ['Aaa!aaaa', false],
    ['Aaa1aaaa', false],
  ])('password %j is %s', (password, isValid) => {
    expect(passwordSchema.safeParse(password).success).toBe(isValid);
  });

  it('applies only the name rules in the minimal variant', () => {
    expect(completeSignUpSchema.safeParse({ firstName: 'Ada', lastName: 'Lovelace' }).success).toBe(true);
    expect(completeSignUpSchema.safeParse({ firstName: 'A', lastName: 'Lovelace' }).success).toBe(false);
  });

  it('does not validate the sign-in form beyond presence', () => {
    expect(loginSchema.safeParse({ emailAddress: 'anything', password: 'x' }).success).toBe(true);
    expect(loginSchema.safeParse({ emailAddress: '', password: 'x' }).success).toBe(false);
  });
});

describe('hasWorkspaceRole', () => {
  it('ranks viewer below editor below admin', () => {
    expect(hasWorkspaceRole('viewer', 'viewer')).toBe(true);
    expect(hasWorkspaceRole('viewer', 'editor')).toBe(false);
    expect(hasWorkspaceRole('editor', 'editor')).toBe(true);
    expect(hasWorkspaceRole('editor', 'admin')).toBe(false);
    expect(hasWorkspaceRole('admin', 'editor')).toBe(true);
  });
});
