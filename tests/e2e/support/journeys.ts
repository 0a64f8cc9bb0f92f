import type { Page } from 'playwright-core';

let counter = 0;

/** Registers a new account through /register and waits until it lands. */
export async function registerThroughForm(
  page: Page,
  person: { firstName: string; lastName: string; userType: 'customer' | 'carer'; email?: string },
) {
  counter += 1;
  const email =
    person.email ??
    `${person.firstName.toLowerCase()}.${person.lastName.toLowerCase()}.${Date.now()}${counter}@example.org`;
  await page.goto('/register');
  await page.getByLabel('First name').fill(person.firstName);
  await page.getByLabel('Last name').fill(person.lastName);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('Heather-Lantern-Quay-58');
  await page
    .getByLabel(person.userType === 'carer' ? 'Offering care as a carer' : 'Looking for care')
    .check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL((url) => url.pathname === (person.userType === 'carer' ? '/carer-signup' : '/'));
  return email;
}

/** A toast's title, matched exactly (Radix also renders a screen-reader copy of the text). */
export const toastTitle = (page: Page, title: string) => page.getByText(title, { exact: true }).first();
