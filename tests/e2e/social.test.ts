import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiFor } from '../support/api.ts';
import { maskedEmail } from '../../shared/social/friends.ts';
import { confirmedAccount, useBrowser } from '../support/browser.ts';
import { openSignedIn } from '../support/e2e-session.ts';

const { page, baseUrl, mailbox } = useBrowser();
const { api, accessToken, awake } = apiFor(baseUrl);

interface Played {
  question: string;
  correctAnswer: string;
  correct: boolean;
}

/** A second person at their own browser: a context of its own, so nothing is shared with the first. */
async function secondBrowser(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  const p = await context.newPage();
  p.setDefaultTimeout(10_000);
  return p;
}

async function signedIn(p: Page, account: { email: string; password: string }): Promise<void> {
  await openSignedIn(p, baseUrl, account);
  await p.getByRole('heading', { name: 'Student Dashboard' }).waitFor();
}

/**
 * Plays the challenge round on screen. `choose` picks an option for a question (by its text);
 * each verdict is read back, so the caller learns the right answers the server revealed.
 */
async function playChallenge(p: Page, count: number, choose: (question: string, options: string[]) => string): Promise<Played[]> {
  const played: Played[] = [];
  const heading = p.locator('#quiz-question-text');
  const answers = p.getByRole('list', { name: 'Answers' });
  const verdict = p.getByText(/Correct!|Incorrect\. The answer is/);
  let previous = '';
  for (let n = 1; n <= count; n++) {
    await p.getByText(`Question ${n} of ${count}`).waitFor();
    // The next question is on screen, unmarked and open for an answer.
    await expect.poll(async () => ((await heading.textContent()) ?? '').trim()).not.toBe(previous);
    await verdict.waitFor({ state: 'detached' });
    await answers.locator('button:not([aria-disabled])').first().waitFor();
    const question = (await heading.textContent())!.trim();
    previous = question;
    // Each option is named "A. Paris".
    const options = (await answers.getByRole('button').evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label') ?? ''))).map((label) =>
      label.replace(/^[A-Z]\. /, ''),
    );
    expect(options.length).toBeGreaterThan(1);
    const pick = choose(question, options);
    await answers.getByRole('button').nth(options.indexOf(pick)).click();
    const said = (await verdict.textContent())!;
    const correct = /Correct!/.test(said);
    played.push({ question, correct, correctAnswer: correct ? pick : said.replace(/^.*The answer is /, '').trim() });
  }
  await p.getByRole('dialog', { name: 'Quiz Complete!' }).waitFor();
  return played;
}

/** Waits for one feed item saying `text`, reloading (the feed itself refreshes only every 30 s). */
async function inFeed(p: Page, region: string, text: string): Promise<void> {
  const items = () => p.getByRole('region', { name: region }).getByRole('listitem').filter({ hasText: text });
  await expect
    .poll(
      async () => {
        if ((await items().count()) === 0) {
          await p.reload();
          await items()
            .first()
            .waitFor({ timeout: 3_000 })
            .catch(() => undefined); // not written yet: the next poll reloads again
        }
        return items().count();
      },
      { timeout: 20_000, interval: 1_000 },
    )
    .toBe(1);
}

/** The challenge card on the Challenges tab, found by its heading. */
const challengeCard = (p: Page, heading: string) => p.getByRole('listitem').filter({ has: p.getByRole('heading', { name: heading }) });

describe('friends and a friend challenge, two people at two browsers', () => {
  it('Add Friend finds a student by the whole address only, shown masked; accepting on /friends clears the bell (issue 23)', async () => {
    const a = page();
    const b = await secondBrowser(a.context().browser()!);
    try {
      const [alice, bob] = await Promise.all([confirmedAccount(baseUrl, mailbox, 'priv-a'), confirmedAccount(baseUrl, mailbox, 'priv-b')]);
      await awake(await accessToken(bob));
      await signedIn(a, alice);
      await a.goto(`${baseUrl}/friends`);
      await a.getByRole('button', { name: 'Add Friend' }).first().click();
      const add = a.getByRole('dialog', { name: 'Add Friend' });
      const field = add.getByLabel("Friend's email");
      // Two letters (or the whole local part) list nobody: no stranger's address is shown.
      await field.fill(bob.email.slice(0, 2));
      await add.getByText("Type your friend's whole e-mail address.").waitFor();
      await field.fill(bob.email.slice(0, bob.email.indexOf('@') + 1));
      await a.waitForTimeout(800);
      expect(await add.textContent()).not.toContain('Student found');
      // The whole address, in any case: found, and shown masked.
      await field.fill(bob.email.toUpperCase());
      await add.getByText(`Student found: ${maskedEmail(bob.email)}`).waitFor();
      await a.screenshot({ path: '.screenshots/issue-23/add-friend-masked.png' });
      await add.getByRole('button', { name: 'Send Request' }).click();
      await a.getByText(`Friend request sent to ${bob.email}`).waitFor();

      // B's bell announces it; B accepts on /friends, and the bell no longer counts it.
      await signedIn(b, bob);
      await b.getByRole('button', { name: 'Notifications, 1 unread' }).waitFor({ timeout: 20_000 });
      await b.goto(`${baseUrl}/friends?tab=requests`);
      await b.getByRole('button', { name: 'Notifications, 1 unread' }).waitFor();
      await b.getByRole('list', { name: 'Received requests' }).getByRole('button', { name: `Accept request from ${alice.email}` }).click();
      await b.getByText(`You and ${alice.email} are now friends`).waitFor();
      await b.getByRole('button', { name: 'Notifications', exact: true }).waitFor();
      await b.reload();
      await b.getByRole('button', { name: 'Notifications', exact: true }).waitFor();
      await b.screenshot({ path: '.screenshots/issue-23/bell-after-accept.png' });
    } finally {
      await b.context().close();
    }
  });

  it('A finds B by e-mail, B accepts, A challenges B, both play the same questions, both see the winner and both feeds tell it', { timeout: 180_000 }, async () => {
    const a = page();
    const b = await secondBrowser(a.context().browser()!);
    try {
      const [alice, bob] = await Promise.all([confirmedAccount(baseUrl, mailbox, 'social-a'), confirmedAccount(baseUrl, mailbox, 'social-b')]);
      await Promise.all([signedIn(a, alice), signedIn(b, bob)]);

      // A: Friends from the header, an empty list, then Add Friend with a search by e-mail.
      await a.getByRole('link', { name: 'Friends', exact: true }).click();
      await a.waitForURL(`${baseUrl}/friends`);
      await a.getByText('You have no friends yet.').waitFor();
      await a.getByRole('button', { name: 'Add Friend' }).first().click();
      const add = a.getByRole('dialog', { name: 'Add Friend' });
      await expect.poll(() => add.getByRole('button', { name: 'Send Request' }).isDisabled()).toBe(true);
      await add.getByLabel("Friend's email").fill(bob.email);
      await add.getByText(`Student found: ${maskedEmail(bob.email)}`).waitFor();
      await add.getByLabel('Message (optional)').fill('Study buddies?');
      await add.getByRole('button', { name: 'Send Request' }).click();
      await a.getByText(`Friend request sent to ${bob.email}`).waitFor();
      await a.getByRole('tab', { name: /^Requests/ }).click();
      await a.getByRole('list', { name: 'Sent requests' }).getByText(bob.email).waitFor();

      // B: the request waits under Requests (badge 1), with its message; B accepts.
      await b.goto(`${baseUrl}/friends?tab=requests`);
      await b.getByRole('tab', { name: 'Requests 1', selected: true }).waitFor();
      const received = b.getByRole('list', { name: 'Received requests' });
      await received.getByText('“Study buddies?”').waitFor();
      await received.getByRole('button', { name: `Accept request from ${alice.email}` }).click();
      await b.getByText(`You and ${alice.email} are now friends`).waitFor();
      await b.getByRole('tab', { name: /^Friends/ }).click();
      await b.getByRole('list', { name: 'Your friends' }).getByText(alice.email).waitFor();

      // A: B is a friend now, with Compare to the leaderboard; A challenges B (5 questions).
      await a.getByRole('tab', { name: /^Friends/ }).click();
      await a.reload();
      const friends = a.getByRole('list', { name: 'Your friends' });
      await friends.getByText(bob.email).waitFor();
      expect(await friends.getByRole('link', { name: `Compare with ${bob.email}` }).getAttribute('href')).toMatch(/^\/leaderboard\?friend=[0-9a-f-]{36}$/);
      await friends.getByRole('button', { name: `Challenge ${bob.email}` }).click();
      const dialog = a.getByRole('dialog', { name: `Challenge ${bob.email}` });
      // The spec's defaults: geography, beginner, 10 questions, 300 seconds.
      expect(await dialog.getByLabel('Subject').inputValue()).toBe('geography');
      expect(await dialog.getByLabel('Level').inputValue()).toBe('beginner');
      expect(await dialog.getByLabel('Questions').inputValue()).toBe('10');
      expect(await dialog.getByLabel('Time limit').inputValue()).toBe('300');
      await dialog.getByLabel('Subject').selectOption('history');
      await dialog.getByLabel('Questions').selectOption('5');
      await dialog.getByLabel('Message (optional)').fill('Beat this!');
      await dialog.getByRole('button', { name: 'Send Challenge' }).click();
      await a.getByText(`Challenge sent to ${bob.email}`).waitFor();
      const sentCard = challengeCard(a, `You challenged ${bob.email}`);
      await sentCard.getByText('Pending').waitFor();
      await sentCard.getByText('History · Beginner · 5 questions · 5 minutes').waitFor();

      // B: accepts on the Challenges tab and plays it first.
      await b.goto(`${baseUrl}/friends?tab=challenges`);
      const bCard = challengeCard(b, `${alice.email} challenged you`);
      await bCard.getByText('“Beat this!”').waitFor();
      await bCard.getByRole('button', { name: 'Accept Challenge' }).click();
      await bCard.getByRole('link', { name: 'Start Challenge' }).click();
      await b.waitForURL(/\/quiz\/history\/beginner\?challenge=[0-9a-f]{24}$/);
      await b.getByRole('heading', { name: 'Friend Challenge · History · Beginner' }).waitFor();
      const bobPlayed = await playChallenge(b, 5, (_q, options) => options[0]!);
      await b.getByRole('dialog', { name: 'Quiz Complete!' }).getByRole('link', { name: 'View Challenge Result' }).click();
      await b.waitForURL(`${baseUrl}/friends?tab=challenges`);
      await challengeCard(b, `${alice.email} challenged you`).getByText(`Waiting for ${alice.email} to finish.`).waitFor();

      // A: plays the same questions, answering each with what the server revealed to B.
      const answers = new Map(bobPlayed.map((q) => [q.question, q.correctAnswer]));
      await a.reload();
      await challengeCard(a, `You challenged ${bob.email}`).getByRole('link', { name: 'Start Challenge' }).click();
      const alicePlayed = await playChallenge(a, 5, (question, options) => answers.get(question) ?? options[0]!);
      expect(alicePlayed.map((q) => q.question).sort()).toEqual(bobPlayed.map((q) => q.question).sort());
      expect(alicePlayed.every((q) => q.correct)).toBe(true);

      // The winner, for both: A answered all 5; B won nothing unless B also had all 5 (then a tie).
      const bobScore = bobPlayed.filter((q) => q.correct).length;
      await a.getByRole('dialog', { name: 'Quiz Complete!' }).getByRole('link', { name: 'View Challenge Result' }).click();
      const aResult = challengeCard(a, `You challenged ${bob.email}`);
      const bResult = challengeCard(b, `${alice.email} challenged you`);
      await aResult.getByText('Completed').waitFor({ timeout: 20_000 });
      await bResult.getByText('Completed').waitFor({ timeout: 20_000 }); // B's open page polls while it waits
      expect(await aResult.getByText('Your score').locator('..').getByRole('definition').textContent()).toBe('5 / 5');
      expect(await bResult.getByText('Your score').locator('..').getByRole('definition').textContent()).toBe(`${bobScore} / 5`);
      const won = bobScore < 5;
      if (won) {
        await aResult.getByText('You won!').waitFor();
        await bResult.getByText(`${alice.email} won`).waitFor();
      } else {
        await aResult.getByText("It's a tie").waitFor();
        await bResult.getByText("It's a tie").waitFor();
      }

      // Both feeds tell it, once, in the winner's words (the challenger's on a tie): A's Activity
      // Feed tab and B's dashboard. The feed is written by a ChallengeFinished consumer.
      const story = `${won ? 'won a History challenge against' : 'tied a History challenge with'} ${bob.email}: 5/5`;
      await a.getByRole('tab', { name: /^Activity Feed/ }).click();
      await inFeed(a, 'Activity Feed', `You ${story}`);
      await b.goto(`${baseUrl}/dashboard`);
      await inFeed(b, 'Friend Activity', `${alice.email} ${story}`);
    } finally {
      await b.context().close();
    }
  });

  it('remove asks first and ends the friendship both ways; a sent request can be cancelled; a declined one cannot be sent again', { timeout: 90_000 }, async () => {
    const p = page();
    const [alice, bob, carol] = await Promise.all([
      confirmedAccount(baseUrl, mailbox, 'social-c'),
      confirmedAccount(baseUrl, mailbox, 'social-d'),
      confirmedAccount(baseUrl, mailbox, 'social-e'),
    ]);
    const [tb, tc] = await Promise.all([bob, carol].map((who) => accessToken(who)));
    expect((await api(tb!, 'POST', '/api/friends/requests', { email: alice.email })).status).toBe(201);
    await signedIn(p, alice);
    await p.goto(`${baseUrl}/friends`);
    // The tabs work from the keyboard (arrows move and select), and the address follows.
    await p.getByRole('tab', { name: /^Friends/ }).focus();
    await p.keyboard.press('ArrowRight');
    await p.getByRole('tab', { name: 'Requests 1', selected: true }).waitFor();
    await p.waitForURL(`${baseUrl}/friends?tab=requests`);
    await p.getByRole('button', { name: `Accept request from ${bob.email}` }).click();
    await p.getByText(`You and ${bob.email} are now friends`).waitFor();

    // Remove: the dialog asks; Escape keeps the friend, confirming removes them for both.
    await p.getByRole('tab', { name: /^Friends/ }).click();
    await p.getByRole('button', { name: `Remove ${bob.email}` }).click();
    const confirm = p.getByRole('dialog', { name: 'Remove Friend' });
    await confirm.getByText(`Remove ${bob.email} from your friends?`).waitFor();
    await p.keyboard.press('Escape');
    await confirm.waitFor({ state: 'detached' });
    await p.getByRole('button', { name: `Remove ${bob.email}` }).click();
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await p.getByText(`${bob.email} was removed from your friends`).waitFor();
    await p.getByText('You have no friends yet.').waitFor();
    expect((await api(tb!, 'GET', '/api/friends')).body.friends).toEqual([]);

    // A sent request is cancelled by its sender; the receiver no longer has it.
    await p.getByRole('button', { name: 'Add Friend' }).first().click();
    const add = p.getByRole('dialog', { name: 'Add Friend' });
    await add.getByLabel("Friend's email").fill(carol.email);
    await add.getByRole('button', { name: 'Send Request' }).click();
    await p.getByText(`Friend request sent to ${carol.email}`).waitFor();
    await p.getByRole('tab', { name: /^Requests/ }).click();
    await p.getByRole('button', { name: `Cancel request to ${carol.email}` }).click();
    await p.getByText('No requests waiting for an answer.').waitFor();
    expect((await api(tc!, 'GET', '/api/friends')).body.received).toEqual([]);

    // Declined: the sender's second try gets the spec's message, shown in the dialog.
    expect((await api(tc!, 'POST', '/api/friends/requests', { email: alice.email })).status).toBe(201);
    await p.reload();
    await p.getByRole('button', { name: `Decline request from ${carol.email}` }).click();
    await p.getByText(`Request from ${carol.email} declined`).waitFor();
    await p.getByRole('tab', { name: /^Requests/, selected: true }).waitFor();
    expect((await api(tc!, 'POST', '/api/friends/requests', { email: alice.email })).body.error.message).toBe('Your previous friend request was declined');
  });
});

