// OAuth in the real UI, in Chromium against a real server: the user creates a key for a tool in
// Settings (its secret shown once), the tool (the oauth-1.0a client) asks for a request token, the
// user opens /oauth/authorize, sees the tool's name and allows (the verifier is shown for oob; with a
// callback URL the browser returns there) or denies; the tool exchanges the verifier and reads as the
// user; Settings lists the connected tools and revokes one.
import type OAuth from 'oauth-1.0a';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_WIKI_ID_BASE } from '../../src-main/catalogue/build/demo/demo-content';
import { formAnswer, oauthClient, oauthDriver, type Consumer } from '../fixtures/oauth';
import { startHarness, type Harness } from './fixtures/browser';

const SAKURA = DEMO_WIKI_ID_BASE + 4;
const TOOL = 'E2E Tool';

let h: Harness;
let page: Page;
let base: string;
let tool: ReturnType<typeof oauthDriver>;
let consumer: Consumer;
beforeAll(async () => {
  h = await startHarness();
  page = h.page;
  base = h.server.url.replace(/\/$/, '');
});
afterAll(() => h?.close());

const authorizeCard = () => page.getByTestId('oauth-authorize');

/** The tool's side of the last step: the verifier for an access token. */
async function exchange(request: OAuth.Token, verifier: string): Promise<OAuth.Token> {
  const answer = await tool.accessToken(request, verifier);
  expect(answer.status, answer.text).toBe(200);
  const fields = formAnswer(answer.text);
  return { key: fields.oauth_token, secret: fields.oauth_token_secret };
}

describe('connecting a tool with OAuth', () => {
  it('Settings creates the tool’s key and shows its secret (the consumer secret) only once', async () => {
    await h.open('/settings');
    await page.getByLabel('Name', { exact: true }).fill(TOOL);
    await page.getByRole('button', { name: 'Create key' }).click();
    const created = page.getByTestId('api-key-created');
    await created.waitFor();
    consumer = { key: (await created.getByTestId('created-key').textContent())!, secret: (await created.getByTestId('created-secret').textContent())! };
    expect(consumer.key).toMatch(/^[0-9a-f]{41}$/);
    expect(consumer.secret).toMatch(/^[0-9a-f]{32}$/);
    await created.getByRole('button', { name: 'Done' }).click();
    await page.reload();
    await page.locator(`[data-testid="api-key-row"][data-key="${consumer.key}"]`).waitFor();
    await expect(page.content()).resolves.not.toContain(consumer.secret);
    tool = oauthDriver(base, oauthClient(consumer));
  });

  it('oob: the page names the tool, Allow shows the verifier, and the tool reads as the user with it', async () => {
    const request = await tool.requestToken('oob');
    await h.open(`/oauth/authorize?oauth_token=${request.key}`);
    await expect(page.getByTestId('oauth-tool-name').textContent()).resolves.toBe(TOOL);
    await expect(page.getByTestId('oauth-ask').textContent()).resolves.toBe(`“${TOOL}” wants to use Moecat as you.`);
    await page.getByText('Afterwards this page shows a code to type into the tool.').waitFor();
    await h.shot('oauth-authorize');

    await authorizeCard().getByRole('button', { name: 'Allow' }).click();
    const verifierCode = page.getByTestId('oauth-verifier');
    await verifierCode.waitFor();
    await page.getByText(`Access allowed. Type this code into “${TOOL}”:`).waitFor();
    const verifier = (await verifierCode.textContent())!;
    expect(verifier).toMatch(/^[0-9a-f]{32}$/);
    await h.shot('oauth-authorize-oob');

    const access = await exchange(request, verifier);
    const added = await tool.signed('POST', '/fav/add', { token: access, data: { fav_obj_type: 'wiki', fav_obj_id: String(SAKURA) } });
    expect(added.status, added.text).toBe(200);
    const read = JSON.parse((await tool.signed('GET', `/wikis.json?wiki_type=music&wiki_id=${SAKURA}`, { token: access })).text).response;
    expect(read.wikis[0].wiki_user_fav).toMatchObject({ fav_obj_type: 'wiki', fav_obj_id: SAKURA });
    // With only the key: no favourites.
    const byKey = await (await fetch(`${base}/wikis.json?wiki_type=music&wiki_id=${SAKURA}&api_key=${consumer.key}`)).json();
    expect(byKey.response.wikis[0].wiki_user_fav).toBeNull();
  });

  it('with a callback URL, Allow sends the browser back to it with oauth_token and oauth_verifier', async () => {
    const callback = `${base}/tool-callback?state=xyz`;
    const request = await tool.requestToken(callback);
    await h.open(`/oauth/authorize?oauth_token=${request.key}`);
    await page.getByText(`Afterwards you go back to ${new URL(base).host}.`).waitFor();
    await authorizeCard().getByRole('button', { name: 'Allow' }).click();
    await page.waitForURL(/\/tool-callback\?/);
    const back = new URL(page.url());
    expect(back.searchParams.get('state')).toBe('xyz');
    expect(back.searchParams.get('oauth_token')).toBe(request.key);
    const access = await exchange(request, back.searchParams.get('oauth_verifier')!);
    expect((await tool.signed('GET', '/search/wiki.json?keyword=sakura', { token: access })).status).toBe(200);
  });

  it('Deny refuses: the page says so, a callback gets oauth_problem=user_refused, and the tool cannot exchange it', async () => {
    const oob = await tool.requestToken('oob');
    await h.open(`/oauth/authorize?oauth_token=${oob.key}`);
    await authorizeCard().getByRole('button', { name: 'Deny' }).click();
    await page.getByText(`You denied “${TOOL}” access.`).waitFor();
    await expect(page.getByTestId('oauth-result').getAttribute('data-status')).resolves.toBe('denied');
    await expect(page.getByTestId('oauth-verifier').count()).resolves.toBe(0);
    expect((await tool.accessToken(oob, '0'.repeat(32))).status).toBe(401);

    const withCallback = await tool.requestToken(`${base}/tool-callback`);
    await h.open(`/oauth/authorize?oauth_token=${withCallback.key}`);
    await authorizeCard().getByRole('button', { name: 'Deny' }).click();
    await page.waitForURL(/\/tool-callback\?/);
    expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual({ oauth_token: withCallback.key, oauth_problem: 'user_refused' });
  });

  it('an unknown or already answered request says so instead of asking', async () => {
    await h.open(`/oauth/authorize?oauth_token=${'0'.repeat(32)}`);
    await page.getByText('This request is unknown or has expired. Start again from the tool.').waitFor();
    await expect(authorizeCard().getByRole('button', { name: 'Allow' }).count()).resolves.toBe(0);
  });
});

describe('Settings: Connected tools', () => {
  it('lists the connected tools with when they were connected and last used, and revokes one', async () => {
    const request = await tool.requestToken('oob');
    await h.open(`/oauth/authorize?oauth_token=${request.key}`);
    await authorizeCard().getByRole('button', { name: 'Allow' }).click();
    const access = await exchange(request, (await page.getByTestId('oauth-verifier').textContent())!);

    await h.open('/settings');
    const section = page.getByTestId('settings-tools');
    await section.getByRole('heading', { name: 'Connected tools' }).waitFor();
    const row = section.locator(`[data-tool="${access.key}"]`);
    await row.waitFor();
    await expect(row.getByTestId('tool-name').textContent()).resolves.toBe(TOOL);
    await expect(row.getByTestId('tool-last-used').textContent()).resolves.toBe('Not used yet');
    // Two earlier connections of the same tool were used already.
    await expect(section.getByTestId('tool-row').count()).resolves.toBe(3);
    await expect(section.getByTestId('tool-last-used').allTextContents()).resolves.toEqual(expect.arrayContaining([expect.stringMatching(/^Last used /)]));
    await section.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await h.shot('settings-connected-tools');

    // Revoke asks first; Cancel keeps it.
    await row.getByRole('button', { name: `Revoke access of ${TOOL}` }).click();
    await row.getByRole('button', { name: 'Cancel' }).click();
    await expect(row.count()).resolves.toBe(1);
    await row.getByRole('button', { name: `Revoke access of ${TOOL}` }).click();
    await row.getByRole('button', { name: 'Revoke access', exact: true }).click();
    await row.waitFor({ state: 'detached' });
    await page
      .getByRole('status')
      .filter({ hasText: `Access of “${TOOL}” revoked.` })
      .waitFor();
    await expect(section.getByTestId('tool-row').count()).resolves.toBe(2);
    const refused = await tool.signed('GET', `/wikis.json?wiki_type=music&wiki_id=${SAKURA}`, { token: access });
    expect(refused.status).toBe(401);

    // The server agrees after a reload.
    await page.reload();
    await section.getByTestId('tool-row').first().waitFor();
    await expect(section.locator(`[data-tool="${access.key}"]`).count()).resolves.toBe(0);

    // Revoking the tool's API key ends its other connections too, and the list follows.
    const keyRow = page.locator(`[data-testid="api-key-row"][data-key="${consumer.key}"]`);
    await keyRow.getByRole('button', { name: `Revoke key ${TOOL}` }).click();
    await keyRow.getByRole('button', { name: 'Revoke key', exact: true }).click();
    await section.getByTestId('tools-empty').waitFor();
    await expect(section.getByTestId('tool-row').count()).resolves.toBe(0);
  });
});
