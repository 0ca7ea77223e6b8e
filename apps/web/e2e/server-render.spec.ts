import type { APIRequestContext } from '@playwright/test';
import { accounts, DEMO_PASSWORD, expect, newCreator, newFan, newVerifiedCreator, PNG, signIn, test, tokenOf } from './fixtures';

/**
 * Public pages drawn on the server (decision 079), read as a search engine or a link preview reads
 * them: the HTML as it comes, before any script. The rules answer the same as the API does.
 */
const metaOf = (html: string, key: string) =>
  html.match(new RegExp(`<meta (?:name|property)="${key.replace(/[:.]/g, '\\$&')}" content="([^"]*)"`))?.[1];

/** A JPEG's size, from its frame header (SOF0 to SOF15, except the DHT, JPG and DAC markers). */
function jpegSize(bytes: Buffer) {
  for (let at = 2; at + 9 < bytes.length; at += 2 + bytes.readUInt16BE(at + 2)) {
    const marker = bytes[at + 1]!;
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker))
      return { width: bytes.readUInt16BE(at + 7), height: bytes.readUInt16BE(at + 5) };
  }
  return undefined;
}

/** A link-preview bot as X, Telegram or iMessage send it: no cookie, no script. */
const LINK_PREVIEW_BOT = { 'user-agent': 'Twitterbot/1.0' };

/** The session cookies a browser signed in as `username` sends. */
async function cookiesOf(request: APIRequestContext, username: string, password = DEMO_PASSWORD) {
  const { authorization } = await tokenOf(request, username, password);
  return `token=${authorization.slice('Bearer '.length)}; signed_in=1`;
}

test("a creator's page comes with their name, bio, public posts and a preview card", async ({ request, baseURL }) => {
  const profile = await (await request.get(`/api/performers/${accounts.creator}`)).json();
  const posts = await (await request.get(`/api/user/feeds/search/${accounts.creator}?limit=10`)).json();
  const publicPost = (posts.data as Array<{ _id: string; text: string; canView: boolean }>).find((post) => post.canView && post.text);

  const response = await request.get(`/${accounts.creator}`);
  expect(response.status()).toBe(200);
  const html = await response.text();
  expect(html).toContain('<div id="root"><');
  expect(html).toContain(profile.name);
  expect(html).toContain(profile.bio);
  expect(html).toContain(publicPost!.text);
  expect(html).toContain(`<title>${profile.name} (@${accounts.creator})`);
  expect(html).toContain(`<link rel="canonical" href="${baseURL}/${accounts.creator}" />`);
  expect(metaOf(html, 'og:type')).toBe('profile');
  expect(metaOf(html, 'og:description')).toBe(profile.bio);
  expect(metaOf(html, 'twitter:card')).toBe('summary_large_image');
  expect(html).toContain('"@type":"ProfilePage"');
  const image = metaOf(html, 'og:image')!;
  expect(image.startsWith(`${baseURL}/`)).toBe(true);
  expect(image).toBe(new URL(profile.previewImage, baseURL).href);
  expect(metaOf(html, 'og:image:width')).toBe('1200');
  expect(metaOf(html, 'og:image:height')).toBe('630');
  const picture = await request.get(image, { headers: LINK_PREVIEW_BOT });
  expect(picture.status()).toBe(200);
  expect(picture.headers()['content-type']).toBe('image/jpeg');
  expect(jpegSize(await picture.body())).toEqual({ width: 1200, height: 630 });

  // A post's picture stands in its head only while it lasts (no signed link, which expires in
  // minutes), and the card's size is declared for the card alone.
  for (const post of posts.data as Array<{ _id: string }>) {
    const head = await (await request.get(`/post/${post._id}`, { headers: LINK_PREVIEW_BOT })).text();
    const postImage = metaOf(head, 'og:image');
    expect(postImage, post._id).toBeTruthy();
    expect(postImage, post._id).not.toContain('signature');
    if (metaOf(head, 'og:image:width')) expect(postImage, post._id).toContain('/preview.jpg');
  }
});

test("a locked post unfurls as its creator's card, and its HTML holds no link to its media", async ({ request, baseURL }) => {
  // A subscribers' photo post, made through the API.
  const auth = await tokenOf(request, accounts.creator, DEMO_PASSWORD);
  const upload = await request.post('/api/performer/feeds/photo/upload', {
    headers: auth,
    multipart: { file: { name: 'scene.png', mimeType: 'image/png', buffer: PNG } },
  });
  expect(upload.status()).toBe(200);
  const made = await request.post('/api/performer/feeds', {
    headers: auth,
    data: { type: 'photo', fileIds: [(await upload.json())._id], text: 'Behind the scenes', isSale: false },
  });
  expect(made.status(), await made.text()).toBe(200);
  const locked = await made.json();
  // As its creator sees it: every link that serves the photos.
  const own = await (
    await request.get(`/api/user/feeds/${locked._id}`, { headers: await tokenOf(request, accounts.creator, DEMO_PASSWORD) })
  ).json();
  const ownLinks = (own.files as Array<{ url: string | null; thumbnailUrl: string | null }>)
    .flatMap((file) => [file.url, file.thumbnailUrl])
    .filter((link): link is string => !!link);
  const mediaLinks = ownLinks.map((link) => new URL(link, 'http://x').pathname);
  expect(mediaLinks.length).toBeGreaterThan(0);

  const response = await request.get(`/post/${locked._id}`, { headers: LINK_PREVIEW_BOT });
  expect(response.status()).toBe(200);
  const html = await response.text();
  expect(metaOf(html, 'og:description')).toBe('Subscribe to see this post');
  expect(metaOf(html, 'og:title')).toContain(`@${accounts.creator}`);
  expect(metaOf(html, 'robots')).toBe('noindex');
  for (const link of mediaLinks) expect(html).not.toContain(link);
  // The card it unfurls into is the creator's, and no picture of the post: bytes compared.
  const card = metaOf(html, 'og:image')!;
  const profile = await (await request.get(`/api/performers/${accounts.creator}`)).json();
  expect(card).toBe(new URL(profile.previewImage, baseURL).href);
  const cardBytes = await (await request.get(card, { headers: LINK_PREVIEW_BOT })).body();
  for (const link of ownLinks) {
    const media = await request.get(link);
    expect(media.status(), link).toBe(200);
    expect((await media.body()).equals(cardBytes), link).toBe(false);
  }
});

test('the sitemap lists listed creators, and robots.txt names it and keeps out the signed-in areas', async ({ request, baseURL }) => {
  const unverified = await newCreator(request, 'unlisted');
  const hidden = await newVerifiedCreator(request, 'hidden');
  const switched = await request.put('/api/performers/me', { headers: hidden.headers, data: { hiddenFromSearchEngines: true } });
  expect(switched.status(), await switched.text()).toBe(200);
  expect(metaOf(await (await request.get(`/${hidden.username}`)).text(), 'robots')).toBe('noindex');

  const robots = (await (await request.get('/robots.txt')).text()).split('\n');
  expect(robots).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  for (const path of ['/home', '/user/', '/creator/', '/messages', '/admin']) expect(robots).toContain(`Disallow: ${path}`);

  const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!);
  const listed: string[] = [];
  for (const sitemap of locs(await (await request.get('/sitemap.xml')).text()))
    listed.push(...locs(await (await request.get(sitemap)).text()));
  expect(listed).toContain(`${baseURL}/${accounts.creator}`);
  expect(listed).not.toContain(`${baseURL}/${unverified.username}`);
  expect(listed).not.toContain(`${baseURL}/${hidden.username}`);
});

test('a blocked fan and a creator not verified yet get the answers the API gives, drawn', async ({ request }) => {
  const creator = await newVerifiedCreator(request, 'blocker');
  const fan = await newFan(request);
  const fanId = (await (await request.get('/api/users/me', { headers: await tokenOf(request, fan.username, fan.password) })).json())._id;
  expect((await request.post('/api/block/users', { headers: creator.headers, data: { targetId: fanId } })).status()).toBe(200);
  const cookie = await cookiesOf(request, fan.username, fan.password);
  const api = await request.get(`/api/performers/${creator.username}`, { headers: { cookie } });
  const page = await request.get(`/${creator.username}`, { headers: { cookie } });
  expect(api.status()).toBe(403);
  expect(page.status()).toBe(api.status());
  expect(await page.text()).toContain('You cannot see this page');

  const unverified = await newCreator(request, 'unverified');
  const unverifiedApi = await request.get(`/api/performers/${unverified.username}`);
  const unverifiedPage = await request.get(`/${unverified.username}`);
  expect(unverifiedPage.status()).toBe(unverifiedApi.status());
  expect(await unverifiedPage.text()).not.toContain(unverified.username.toUpperCase());
});

test("a visitor from a country the creator blocked gets the API's answer drawn, and no preview card", async ({ request }) => {
  const creator = await newVerifiedCreator(request, 'geoblock');
  const blocked = await request.post('/api/block/countries', { headers: creator.headers, data: { countryCodes: ['GB'] } });
  expect(blocked.status(), await blocked.text()).toBe(200);
  const fromGb = { 'x-forwarded-for': '81.2.69.142' };
  const api = await request.get(`/api/performers/${creator.username}`, { headers: fromGb });
  const page = await request.get(`/${creator.username}`, { headers: fromGb });
  expect(api.status()).toBe(403);
  expect(page.status()).toBe(api.status());
  expect(await page.text()).toContain("This creator's page is not available in your country");
  expect((await request.get(`/api/performers/${creator.username}/preview.jpg`, { headers: fromGb })).status()).toBe(403);
  expect((await request.get(`/${creator.username}`, { headers: { 'x-forwarded-for': '8.8.8.8' } })).status()).toBe(200);
});

test('a drawing kept for later visitors never outlives what it shows or the rules: each request reads afresh', async ({ request }) => {
  const creator = await newVerifiedCreator(request, 'kept');
  const fromUs = { 'x-forwarded-for': '8.8.8.8' };
  const fromGb = { 'x-forwarded-for': '81.2.69.142' };
  // Drawn for a first visitor, and asked again: the same page.
  const first = await (await request.get(`/${creator.username}`, { headers: fromUs })).text();
  expect(await (await request.get(`/${creator.username}`, { headers: fromUs })).text()).toContain(creator.username);
  expect(first).toContain(creator.username);

  const bio = `Kept only while true ${Date.now()}`;
  const changed = await request.put('/api/performers/me', { headers: creator.headers, data: { bio } });
  expect(changed.status(), await changed.text()).toBe(200);
  expect(await (await request.get(`/${creator.username}`, { headers: fromUs })).text()).toContain(bio);

  const blocked = await request.post('/api/block/countries', { headers: creator.headers, data: { countryCodes: ['GB'] } });
  expect(blocked.status(), await blocked.text()).toBe(200);
  expect((await request.get(`/${creator.username}`, { headers: fromGb })).status()).toBe(403);
  expect((await request.get(`/${creator.username}`, { headers: fromUs })).status()).toBe(200);
});

test("a member's home comes drawn with their own timeline, and a visitor's is the app shell", async ({ request, page }) => {
  const follower = await newFan(request);
  const auth = await tokenOf(request, follower.username, follower.password);
  const creator = await (await request.get(`/api/performers/${accounts.creator}`)).json();
  expect((await request.post(`/api/follows/${creator._id}`, { headers: auth })).status()).toBe(200);
  const timeline = await (await request.get('/api/user/feeds?limit=10', { headers: auth })).json();
  // A post's opening words, as the HTML writes them (no character that HTML would escape).
  const words = (timeline.data as Array<{ text: string }>).map((post) => post.text.match(/^[\w ,.]{12,}/)?.[0]).find(Boolean);
  expect(words, "the creator's welcome post").toBeDefined();

  const html = await (
    await request.get('/home', { headers: { cookie: await cookiesOf(request, follower.username, follower.password) } })
  ).text();
  // React writes a comment between the text and the name it inserts.
  expect(html).toMatch(/Welcome, (<!-- -->)?Social Fan/);
  expect(html).toContain(words);
  // Another member's home is theirs: drawn anew, never the page kept from the first one's request.
  const stranger = await newFan(request);
  const theirs = await (
    await request.get('/home', { headers: { cookie: await cookiesOf(request, stranger.username, stranger.password) } })
  ).text();
  expect(theirs).toContain('Your timeline is empty');
  expect(theirs).not.toContain(words);
  expect(await (await request.get('/home')).text()).toContain('<div id="root"></div>');

  // In the browser: the drawn page is taken over with no warning (the fixture fails on any console error).
  await signIn(page, follower.username, follower.password);
  await page.goto('/home');
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await expect(page.getByText(words!).first()).toBeVisible();
});

test('pages that are not public come as the app shell, drawn in the browser', async ({ request }) => {
  for (const path of ['/user/wallet', '/admin', '/auth/login']) {
    const html = await (await request.get(path)).text();
    expect(html, path).toContain('<div id="root"></div>');
  }
});

test('the page reads and works without script, then hydrates with no warning', async ({ browser, baseURL, page }) => {
  const noScript = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const still = await noScript.newPage();
  await still.goto(`/${accounts.creator}`);
  await expect(still.getByRole('heading', { name: 'Ava Stone', level: 1 })).toBeVisible();
  await expect(still.getByRole('link', { name: 'Sign up' }).first()).toHaveAttribute('href', /\/auth\/register/);
  await noScript.close();

  // With script: the same page, taken over with no console error (a hydration mismatch is one), works.
  await page.goto(`/${accounts.creator}`);
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await page.getByRole('tab', { name: 'Photos' }).click();
  await expect(page).toHaveURL(/\?tab=photos$/);
  // The title the server wrote stays the page's, and follows the visitor from page to page.
  await expect(page).toHaveTitle(/^Ava Stone \(@avastone\) · /);
  await page.getByRole('banner').getByRole('link', { name: 'Explore' }).click();
  await expect(page).toHaveTitle(/^Explore creators · /);
});
