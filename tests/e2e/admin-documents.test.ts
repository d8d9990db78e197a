import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser.ts';
import { openSignedIn } from '../support/e2e-session.ts';
import { e2eAdmin } from '../support/e2e-admins.ts';

const ADMIN = e2eAdmin('admin-documents');

/**
 * The knowledge base in Chromium: the admin adds a document in the Documents tab (the form
 * refuses short content with the hint's rule and keeps Add Document disabled until the form
 * is valid), sees it waiting with a progress bar and then ready in the added documents, then
 * finds it by a search, with its similarity, source and subject; a search that matches nothing
 * says so.
 */
const { page, baseUrl } = useBrowser();

describe('admin documents', () => {
  it('adds a document, then finds it by a search', async () => {
    const p = page();
    const tag = randomUUID().slice(0, 6);
    const title = `Magna Carta ${tag}`;
    await openSignedIn(p, baseUrl, ADMIN);
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
    // Every state the document's row passes through, as the page shows it (the waiting row appears
    // with the request's answer and may be replaced by the next poll within a frame).
    await p.evaluate((name) => {
      const seen: string[] = [];
      (window as unknown as { documentStates: string[] }).documentStates = seen;
      const record = () => {
        const bar = [...document.querySelectorAll('progress')].find((el) => el.getAttribute('aria-label') === `Embedding “${name}”`);
        const row = [...document.querySelectorAll('li')].find((el) => el.getAttribute('aria-label') === name);
        const state = bar ? `progress:${bar.getAttribute('aria-valuetext')}` : (row?.querySelector('[role="status"]')?.textContent ?? '');
        if (state && seen.at(-1) !== state) seen.push(state);
      };
      new MutationObserver(record).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
    }, title);
    const started = Date.now();
    await submit.click();
    await p.getByText(`Added “${title}” (History, medieval-england). It is being embedded; it is searchable once ready.`).waitFor();
    const answeredMs = Date.now() - started;
    expect(await form.getByLabel('Title').inputValue()).toBe('');

    // The added documents list shows it waiting (a labelled progress bar), then ready.
    const row = p.getByRole('list', { name: 'Added documents' }).getByRole('listitem', { name: title });
    await row.getByRole('status').filter({ hasText: `“${title}” is ready: 1 passage searchable.` }).waitFor();
    const states = await p.evaluate(() => (window as unknown as { documentStates: string[] }).documentStates);
    expect(states[0]).toBe('progress:Waiting');
    expect(states.at(-1)).toBe(`“${title}” is ready: 1 passage searchable.`);
    expect(await row.textContent()).toMatch(/Ready.*History · medieval-england/);
    console.log(`add-document answered in ${answeredMs} ms; states seen: ${JSON.stringify(states)}`);

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
