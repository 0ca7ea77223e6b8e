import { SANDBOX_CARDS } from '@limelight/contracts';
import { count, eq, sql } from 'drizzle-orm';
import type { App } from '../app';
import { feeds, files } from '../db/schema';
import { passwordAsSentByClient } from '../platform/password';
import { drawAudio, drawPicture, drawVideo, withScratch } from './artwork';
import {
  type Access,
  type DemoPost,
  demoGalleries,
  demoPosts,
  demoProducts,
  demoStories,
  demoVideos,
  moreCreators,
  moreFans,
  palettes,
} from './catalogue';
import { type Actor, demoClient, type Part } from './client';
import { DEMO_PASSWORD, holdsOnlyDemoAccounts, insertDemoAccounts, loginsOf } from './seed';

type Logins = ReturnType<typeof loginsOf>;
/** The accounts the content step added, and how to wait until its audio and video are processed. */
export type SeededDemo = { logins: Logins; mediaReady: () => Promise<{ files: number; failed: number }> };

const creators = ['avastone', 'leohart', 'riovega', ...moreCreators.map((creator) => creator.username!)];
const fans = ['fiona', 'felix', ...moreFans.map((fan) => fan.username!)];

/**
 * The living demo on top of the demo accounts: more creators and fans; avatars, covers, posts of
 * every kind, galleries, videos, stories and products; then follows, subscriptions, likes,
 * comments, votes and a little money history. Only on a database that holds the demo accounts
 * and nothing else (a first start): null otherwise, so it never runs twice nor into a site in use.
 */
export async function seedDemoContent(app: App): Promise<SeededDemo | null> {
  const db = app.deps.db;
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(feeds);
  if (total > 0 || !(await holdsOnlyDemoAccounts(db))) return null;
  const password = passwordAsSentByClient(DEMO_PASSWORD, app.deps.config.hashPwClient);
  await db.transaction((tx) => insertDemoAccounts(tx, [...moreCreators, ...moreFans], password));
  const client = demoClient(app);
  const actors = await client.signIn([...creators, ...fans]);
  const as = (username: string) => {
    const actor = actors.get(username);
    if (!actor) throw new Error(`Demo seed: the demo account ${username} is missing`);
    return actor;
  };
  try {
    const studio = new Studio(client, as);
    // Clips first: their processing (the media job lane) then runs while the pictures are made.
    await Promise.all([withScratch((dir) => studio.clips(dir)), studio.pictures()]);
    const posted = await studio.posts();
    await socialLife(client, as, posted, studio);
    await backdate(app, posted);
  } finally {
    await client.signOut(actors.values());
  }
  return { logins: loginsOf([...moreCreators, ...moreFans]), mediaReady: () => mediaProcessed(app) };
}

const saleOf = (access: Access) =>
  access === 'free'
    ? { isSale: true, price: 0 }
    : access === 'subscribers'
      ? { isSale: false, price: 0 }
      : { isSale: true, price: access.price };

/** Runs `work` on each item, at most `limit` at once: the two cores are shared with the media jobs. */
async function inPool<T>(items: T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const item = items[next++]!;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}

type Client = ReturnType<typeof demoClient>;
/** What the API answers for anything it created: its id. */
type Created = { _id: string };
/** The uploaded media of each post of `demoPosts`. */
type PostMedia = Map<DemoPost, { fileIds: string[]; teaserId?: string }>;
/** A post as saved, with its poll's options. */
type Posted = { post: DemoPost; id: string; pollOptions: string[] };

/** Draws each account's media and uploads it through the creators' own upload routes. */
class Studio {
  private seeds = new Map<string, number>();
  readonly media: PostMedia = new Map();
  readonly galleries = new Map<string, string>();
  readonly videos = new Map<string, string>();

  constructor(
    private client: Client,
    private as: (username: string) => Actor,
  ) {}

  /** The next picture in `username`'s colours. */
  private async picture(username: string, width: number, height: number): Promise<Part> {
    const seed = (this.seeds.get(username) ?? username.length * 97) + 1;
    this.seeds.set(username, seed);
    return { data: await drawPicture(palettes[username]!, seed, { width, height }), name: `${username}-${seed}.jpg` };
  }

  private upload(username: string, url: string, field: string, part: Part, fields: Record<string, string> = {}) {
    return this.client.call<Created & Record<string, unknown>>(this.as(username), 'POST', url, this.client.form(fields, { [field]: part }));
  }

  /** Videos and sounds: drawn by ffmpeg, uploaded, and queued for the same processing as any upload. */
  async clips(dir: string) {
    const tones = [196, 220, 247, 262, 294, 330, 349, 392];
    let look = 0;
    const clip = async (seconds: number, portrait = false) => ({
      data: await drawVideo(dir, look++, {
        seconds,
        width: portrait ? 216 : 384,
        height: portrait ? 384 : 216,
        tone: tones[look % tones.length]!,
      }),
      name: `clip-${look}.mp4`,
    });
    const sound = async (seconds: number) => ({
      data: await drawAudio(dir, tones[look++ % tones.length]!, seconds),
      name: `sound-${look}.mp3`,
    });

    const posts = demoPosts.filter((post) => post.kind === 'video' || post.kind === 'audio');
    await inPool(posts, 2, async (post) => {
      if (post.kind === 'audio') {
        const file = await this.upload(post.creator, '/performer/feeds/audio/upload', 'file', await sound(post.seconds));
        this.media.set(post, { fileIds: [file._id] });
      } else if (post.kind === 'video') {
        const file = await this.upload(post.creator, '/performer/feeds/video/upload', 'file', await clip(post.seconds));
        const teaser = post.teaser ? await this.upload(post.creator, '/performer/feeds/teaser/upload', 'file', await clip(2)) : undefined;
        this.media.set(post, { fileIds: [file._id], teaserId: teaser?._id });
      }
    });
    await inPool(demoVideos, 2, async (video) => {
      const files: Record<string, Part> = {
        video: await clip(video.seconds),
        thumbnail: await this.picture(video.creator, 384, 216),
      };
      if (video.teaser) files.teaser = await clip(2);
      const { isSale, price } = saleOf(video.access);
      const saved = await this.client.call<Created>(
        this.as(video.creator),
        'POST',
        '/performer/performer-assets/videos/upload',
        this.client.form(
          { title: video.title, description: `${video.title}.`, isSale: String(isSale), price: String(price), tags: video.tags },
          files,
        ),
      );
      this.videos.set(video.title, saved._id);
    });
    for (const story of demoStories.filter((item) => item.type === 'video')) {
      const file = await this.upload(story.creator, '/stories/files/video/upload', 'file', await clip(3, true));
      await this.client.call(this.as(story.creator), 'POST', '/stories/performers', { type: 'video', fileId: file._id });
    }
  }

  /** Avatars, covers, post photos, galleries, picture stories and products. */
  async pictures() {
    const people = [...creators, ...fans];
    await inPool(people, 2, async (username) => {
      await this.upload(username, '/users/avatar/upload', 'avatar', await this.picture(username, 320, 320));
      if (creators.includes(username))
        await this.upload(username, '/performers/cover/upload', 'cover', await this.picture(username, 960, 320));
    });
    const photoPosts = demoPosts.filter((post) => post.kind === 'photo');
    await inPool(photoPosts, 2, async (post) => {
      if (post.kind !== 'photo') return;
      const fileIds: string[] = [];
      for (let index = 0; index < post.photos; index++) {
        const portrait = (index + post.hoursAgo) % 2 === 0;
        const photo = await this.picture(post.creator, portrait ? 560 : 720, portrait ? 700 : 540);
        fileIds.push((await this.upload(post.creator, '/performer/feeds/photo/upload', 'file', photo))._id);
      }
      this.media.set(post, { fileIds });
    });
    await inPool(demoGalleries, 2, async (gallery) => {
      const creator = this.as(gallery.creator);
      const saved = await this.client.call<Created>(creator, 'POST', '/performer/performer-assets/galleries', {
        title: gallery.title,
        description: gallery.description,
        ...saleOf(gallery.access),
      });
      for (let index = 0; index < gallery.photos; index++) {
        const photo = await this.picture(gallery.creator, 720, 540);
        await this.upload(gallery.creator, '/performer/performer-assets/photos/upload', 'photo', photo, {
          galleryId: saved._id,
          title: `${gallery.title} ${index + 1}`,
        });
      }
      this.galleries.set(gallery.title, saved._id);
    });
    for (const story of demoStories) {
      const creator = this.as(story.creator);
      if (story.type === 'photo') {
        const file = await this.upload(story.creator, '/stories/files/photo/upload', 'file', await this.picture(story.creator, 360, 640));
        await this.client.call(creator, 'POST', '/stories/performers', { type: 'photo', fileId: file._id });
      } else if (story.type === 'text') {
        await this.client.call(creator, 'POST', '/stories/performers', {
          type: 'text',
          text: story.text,
          backgroundColor: story.backgroundColor,
        });
      }
    }
    for (const product of demoProducts) {
      const images = await Promise.all(Array.from({ length: product.images }, () => this.picture(product.creator, 480, 480)));
      const { creator, images: _, ...fields } = product;
      await this.client.call(
        this.as(creator),
        'POST',
        '/performer/performer-assets/products',
        this.client.form({ ...fields, type: 'physical' }, { images }),
      );
    }
  }

  /** The posts, oldest first, with their uploaded media and polls. */
  async posts(): Promise<Posted[]> {
    const posted: Posted[] = [];
    for (const post of [...demoPosts].sort((a, b) => b.hoursAgo - a.hoursAgo)) {
      const creator = this.as(post.creator);
      let pollId: string | null = null;
      if (post.kind === 'poll') {
        const poll = await this.client.call<Created>(creator, 'POST', '/performer/feeds/polls', {
          description: post.question,
          options: post.options,
          expiredAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
        });
        pollId = poll._id;
      }
      const media = this.media.get(post);
      const saved = await this.client.call<{ _id: string; poll: { options: Array<{ _id: string }> } | null }>(
        creator,
        'POST',
        '/performer/feeds',
        {
          type: post.kind === 'poll' ? 'text' : post.kind,
          text: post.text,
          fileIds: media?.fileIds ?? [],
          teaserId: media?.teaserId ?? null,
          pollId,
          isPinned: post.pinned ?? false,
          ...saleOf(post.access),
        },
      );
      posted.push({ post, id: saved._id, pollOptions: saved.poll?.options.map((option) => option._id) ?? [] });
    }
    return posted;
  }
}

/** Follows, subscriptions, money, likes, comments, bookmarks and votes of the demo fans. */
async function socialLife(client: Client, as: (username: string) => Actor, posted: Posted[], studio: Studio) {
  const call = client.call;
  const postOf = (creator: string, hoursAgo: number) => {
    const found = posted.find(({ post }) => post.creator === creator && post.hoursAgo === hoursAgo);
    if (!found) throw new Error(`Demo seed: no post of ${creator} ${hoursAgo} hours ago`);
    return found;
  };
  const follows: Record<string, string[]> = {
    fiona: ['avastone', 'leohart', 'riovega', 'minapark', 'noralind', 'kaimendes', 'zaraokafor'],
    felix: ['avastone', 'leohart', 'riovega', 'minapark', 'noralind', 'kaimendes', 'samrivers'],
    grace: ['avastone', 'minapark', 'zaraokafor', 'noralind'],
    hugo: ['leohart', 'kaimendes', 'samrivers', 'noralind'],
  };
  for (const [fan, followed] of Object.entries(follows)) {
    for (const creator of followed) await call(as(fan), 'POST', `/follows/${as(creator).id}`);
  }

  // Money comes in only as a card top-up through the sandbox gateway, and moves only as payments.
  const nextYear = new Date().getUTCFullYear() + 1;
  const topUp = async (fan: string, amount: number) => {
    await call(as(fan), 'POST', '/sandbox/cards', {
      number: SANDBOX_CARDS.success,
      expMonth: 12,
      expYear: nextYear,
      cvc: '123',
      holderName: as(fan).username,
    });
    await call(as(fan), 'POST', '/payment/wallet/top-up', { amount });
  };
  const subscribe = (fan: string, creator: string, type: 'free' | 'monthly') =>
    call(as(fan), 'POST', '/payment/subscribe/performers', { performerId: as(creator).id, type, paymentMethod: 'wallet' });
  const pay = (fan: string, type: 'tip' | 'feed' | 'video' | 'gallery', id: string, body: object = {}) =>
    call(as(fan), 'POST', `/wallet/charges/${type}/${id}`, body);

  await topUp('fiona', 60);
  await subscribe('fiona', 'avastone', 'free');
  await subscribe('fiona', 'leohart', 'monthly');
  await pay('fiona', 'tip', as('avastone').id, { price: 10, message: 'Loved the sunrise flow!' });
  await pay('fiona', 'feed', postOf('riovega', 9).id);

  await topUp('felix', 100);
  await subscribe('felix', 'riovega', 'monthly');
  await subscribe('felix', 'minapark', 'free');
  await pay('felix', 'video', studio.videos.get('Friday session highlights')!);
  await pay('felix', 'gallery', studio.galleries.get('Northern lights')!);
  await pay('felix', 'tip', as('kaimendes').id, { price: 12, message: 'Made the pasta, it worked!' });

  await subscribe('grace', 'avastone', 'free');

  // Likes: every fan likes about one post in three, so counts differ from post to post.
  for (const [fanIndex, fan] of fans.entries()) {
    for (const [index, { id }] of posted.entries()) {
      if ((index + fanIndex) % 3 === 0) await call(as(fan), 'POST', '/reactions', { objectType: 'feed', objectId: id, action: 'like' });
    }
  }
  await call(as('fiona'), 'POST', '/reactions', { objectType: 'feed', objectId: postOf('noralind', 26).id, action: 'bookmark' });
  await call(as('fiona'), 'POST', '/reactions', { objectType: 'performer', objectId: as('avastone').id, action: 'bookmark' });
  await call(as('felix'), 'POST', '/reactions', { objectType: 'feed', objectId: postOf('kaimendes', 7).id, action: 'bookmark' });

  const comments: Array<[string, string, number, string]> = [
    ['fiona', 'avastone', 1, 'Gorgeous light! Is this your place?'],
    ['avastone', 'avastone', 1, 'Thank you! Yes, my little terrace.'],
    ['grace', 'avastone', 6, 'Adding Bali to my list.'],
    ['felix', 'riovega', 3, 'This loop is stuck in my head.'],
    ['fiona', 'leohart', 10, 'Needed to hear this today.'],
    ['felix', 'minapark', 4, 'Sea creatures, obviously.'],
    ['grace', 'zaraokafor', 8, 'That colour!'],
    ['hugo', 'noralind', 26, 'Wallpaper material.'],
    ['fiona', 'riovega', 9, 'Worth every token.'],
    ['hugo', 'kaimendes', 80, 'Bacalhau, please!'],
    ['kaimendes', 'kaimendes', 80, 'Noted, Hugo. Sunday it is.'],
    ['felix', 'riovega', 52, 'Both, always both.'],
  ];
  for (const [author, creator, hoursAgo, content] of comments) {
    await call(as(author), 'POST', '/comments', { objectType: 'feed', objectId: postOf(creator, hoursAgo).id, content });
  }
  const polls = posted.filter(({ pollOptions }) => pollOptions.length);
  for (const [fanIndex, fan] of ['felix', 'grace', 'hugo'].entries()) {
    for (const poll of polls) {
      if (poll.post.creator === 'riovega' && fan !== 'felix') continue; // Rio's poll is for subscribers.
      await call(as(fan), 'POST', `/user/feeds/vote/${poll.id}`, { optionId: poll.pollOptions[fanIndex % poll.pollOptions.length] });
    }
  }

  // A few conversations between fans and the creators they subscribe to, so Messages has some.
  const chats: Array<[string, string, string[]]> = [
    [
      'fiona',
      'avastone',
      ['Hi Ava! Your sunrise flow got me up early all week.', 'That makes my day! A new one goes up on Friday.', 'Can’t wait.'],
    ],
    ['fiona', 'leohart', ['Is the new plan fine for a beginner?', 'Yes: start with the first two weeks twice, then go on.']],
    ['felix', 'riovega', ['Will you play the new loop live on Friday?', 'Opening the set with it!']],
  ];
  for (const [fan, creator, lines] of chats) {
    const conversation = await call<Created>(as(fan), 'POST', '/conversations', { source: 'performer', sourceId: as(creator).id });
    for (const [index, text] of lines.entries()) {
      await call(as(index % 2 ? creator : fan), 'POST', `/messages/conversations/${conversation._id}`, { text });
    }
  }
}

/** Posts appear over the past week, as `hoursAgo` says, instead of all in the second of the seed. */
async function backdate(app: App, posted: Posted[]) {
  for (const { post, id } of posted) {
    const at = new Date(Date.now() - post.hoursAgo * 3_600_000);
    await app.deps.db.update(feeds).set({ publishedAt: at, createdAt: at }).where(eq(feeds.id, id));
  }
}

/**
 * Settles once no demo file is processing any more (the media jobs run in the background while
 * the site already serves), with how many files there are and how many failed.
 */
async function mediaProcessed(app: App) {
  for (;;) {
    const [state = { processing: 0, failed: 0, total: 0 }] = await app.deps.db
      .select({
        processing: sql<number>`count(*) filter (where ${files.status} = 'processing')`.mapWith(Number),
        failed: sql<number>`count(*) filter (where ${files.status} = 'error')`.mapWith(Number),
        total: count(),
      })
      .from(files);
    if (!state.processing) return { files: state.total, failed: state.failed };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
