import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signIn, useBrowser } from '../support/browser.ts';
import { e2eAdmin } from '../support/e2e-admins.ts';

const ADMIN = e2eAdmin('admin-documents');

/**
 * The knowledge base in Chromium: the admin adds a document in the Documents tab (the form
 * refuses short content with the hint's rule and keeps Add Document disabled until the form
 * is valid), then finds it by a search, with its similarity, source and subject; a search
 * that matches nothing says so.
 */
const { page, baseUrl } = useBrowser();

describe('admin documents', () => {
  it('adds a document, then finds it by a search', async () => {
    const p = page();
    const tag = randomUUID().slice(0, 6);
    const title = `Magna Carta ${tag}`;
    await signIn(p, baseUrl, ADMIN.email, ADMIN.password);
    await p.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
    await p.getByRole('tab', { name: 'Documents' }).click();

    const form = p.getByRole('form', { name: 'Add a document' });
    const submit = form.getByRole('button', { name: 'Add Document' });
    expect(await submit.isDisabled()).toBe(true);
    await form.getByLabel('Title').fill(title);
    await form.getByLabel('Subject').selectOption('history');
    await form.getByLabel('Category').fill('Medieval England');
    await form.getByLabel('Content').fill('Signed in 1215.');
    await form.getByLabel('Title').focus();
    await form.getByText('Content must be at least 50 characters').waitFor();
    expect(await submit.isDisabled()).toBe(true);

    await form
      .getByLabel('Content')
      .fill('Magna Carta was sealed by King John of England at Runnymede in June 1215. It limited the power of the king and promised the protection of church rights and swift justice.');
    await expect.poll(() => submit.isDisabled()).toBe(false);
    await submit.click();
    await p.getByText(`Added “${title}” (History, medieval-england): 1 passage searchable now.`).waitFor();
    expect(await form.getByLabel('Title').inputValue()).toBe('');

    const search = p.getByRole('search', { name: 'Knowledge base' });
    await search.getByLabel('Search').fill('Which charter did King John seal at Runnymede?');
    const results = p.getByRole('list', { name: 'Search results' });
    const hit = results.getByRole('listitem').filter({ hasText: title });
    await hit.waitFor();
    expect(await hit.textContent()).toMatch(/\d+%.*Document · History · medieval-england.*Runnymede/);
    // The threshold choices are 0.3, 0.5 and 0.7, with 0.5 chosen.
    expect(await search.getByRole('radio', { name: '0.5' }).isChecked()).toBe(true);
    expect(await search.getByRole('radio', { name: '0.3' }).count()).toBe(1);
    expect(await search.getByLabel('Max results').inputValue()).toBe('5');

    await search.getByLabel('Search').fill('quantum chromodynamics gluon propagator');
    await p.getByText(/Nothing in the knowledge base is similar enough to this search at 0\.5/).waitFor();
  });
});
