import type { Page } from '@playwright/test';
import { expect, uniqueEmail } from './fixtures.js';

const strongPassword = 'Str0ng!pass';

export interface Person {
  firstName: string;
  lastName: string;
  emailAddress: string;
  password: string;
}

export function newPerson(firstName: string, lastName: string): Person {
  return {
    firstName,
    lastName,
    emailAddress: uniqueEmail(firstName.toLowerCase()),
    password: strongPassword,
  };
}

/** Fills the full "Create an Account" form and lands on the dashboard. */
export async function signUp(page: Page, person: Person, businessName?: string): Promise<void> {
  await page.goto('/sign-up');
  await expect(page.getByRole('heading', { name: 'Create an Account' })).toBeVisible();
  await page.getByLabel('First Name').fill(person.firstName);
  await page.getByLabel('Last Name').fill(person.lastName);
  if (businessName) await page.getByLabel('Business Name (optional)').fill(businessName);
  await page.getByLabel('Email Address').fill(person.emailAddress);
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  await page.getByLabel(/I agree to the/).check();
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(
    page.getByRole('heading', { name: `Welcome, ${person.firstName} ${person.lastName}` }),
  ).toBeVisible();
}

export async function signIn(page: Page, emailAddress: string, password: string): Promise<void> {
  await page.goto('/sign-in');
  await page.getByLabel('Email Address').fill(emailAddress);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}
