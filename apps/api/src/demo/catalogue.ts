import type { Palette } from './artwork';
import type { DemoAccount, DemoCreator } from './seed';

/**
 * What the living demo holds (decision 026): more creators beside the three of the accounts
 * seed, two more fans, and each creator's look, posts, galleries, videos, stories and products.
 * Posts say how long ago they appeared, so the timeline reads like a week of a real site.
 */

export const moreCreators: DemoCreator[] = [
  {
    role: 'performer',
    name: 'Mina Park',
    username: 'minapark',
    email: 'mina@limelight.local',
    gender: 'female',
    country: 'KR',
    dateOfBirth: '1998-07-21',
    bio: 'Illustrator. Sketchbook pages, colour studies and process videos. Free trial for new fans!',
    plans: { monthlyPriceCents: 599, yearlyPriceCents: 5499, isFreeSubscription: true },
  },
  {
    role: 'performer',
    name: 'Nora Lind',
    username: 'noralind',
    email: 'nora@limelight.local',
    gender: 'female',
    country: 'SE',
    dateOfBirth: '1994-02-14',
    bio: 'Landscape photographer chasing northern lights and quiet lakes.',
    plans: { monthlyPriceCents: 800, yearlyPriceCents: 7999 },
  },
  {
    role: 'performer',
    name: 'Kai Mendes',
    username: 'kaimendes',
    email: 'kai@limelight.local',
    gender: 'male',
    country: 'PT',
    dateOfBirth: '1990-11-03',
    bio: 'Chef from Lisbon. Recipes, kitchen tricks and Sunday cook-alongs.',
    plans: { monthlyPriceCents: 650 },
  },
  {
    role: 'performer',
    name: 'Zara Okafor',
    username: 'zaraokafor',
    email: 'zara@limelight.local',
    gender: 'female',
    country: 'NG',
    dateOfBirth: '1997-05-30',
    bio: 'Fashion designer in Lagos. Lookbooks, fittings and first looks at new pieces.',
    plans: { monthlyPriceCents: 1000, threeMonthPriceCents: 2700 },
  },
  {
    role: 'performer',
    name: 'Sam Rivers',
    username: 'samrivers',
    email: 'sam@limelight.local',
    gender: 'male',
    country: 'CA',
    dateOfBirth: '1995-08-09',
    bio: 'Lo-fi beats made live, game nights and studio diaries.',
    plans: { monthlyPriceCents: 499 },
  },
];

export const moreFans: DemoAccount[] = [
  { role: 'user', name: 'Grace Lee', username: 'grace', email: 'grace@limelight.local' },
  { role: 'user', name: 'Hugo Brandt', username: 'hugo', email: 'hugo@limelight.local' },
];

/** Each person's colours: their avatar, cover and every picture they post are drawn in them. */
export const palettes: Record<string, Palette> = {
  avastone: ['#ff7e5f', '#feb47b', '#6a3093'],
  leohart: ['#1d976c', '#93f9b9', '#0b3d2e'],
  riovega: ['#8e2de2', '#f953c6', '#2b0a5a'],
  minapark: ['#ffafbd', '#ffc3a0', '#2193b0'],
  noralind: ['#2c3e50', '#4ca1af', '#c4e0e5'],
  kaimendes: ['#f12711', '#f5af19', '#5a1e05'],
  zaraokafor: ['#ee9ca7', '#ffdde1', '#42275a'],
  samrivers: ['#0f2027', '#2c5364', '#00d2ff'],
  fiona: ['#f7971e', '#ffd200', '#a83279'],
  felix: ['#4568dc', '#b06ab3', '#1a1a40'],
  grace: ['#43cea2', '#185a9d', '#ffffff'],
  hugo: ['#ff512f', '#dd2476', '#2d0b1e'],
};

/** Who may see a post: everyone, subscribers, or buyers at a price in tokens. */
export type Access = 'free' | 'subscribers' | { price: number };

export type DemoPost = {
  creator: string;
  hoursAgo: number;
  text: string;
  access: Access;
  pinned?: boolean;
} & (
  | { kind: 'photo'; photos: number }
  | { kind: 'video'; seconds: number; teaser?: boolean }
  | { kind: 'audio'; seconds: number }
  | { kind: 'text' }
  | { kind: 'poll'; question: string; options: string[] }
);

/**
 * The newest ten (what a fan's home shows first) hold one of every kind for Fiona, who has a
 * free trial with Ava, pays Leo, follows the rest and bought Rio's paid photos.
 */
export const demoPosts: DemoPost[] = [
  { creator: 'avastone', hoursAgo: 1, kind: 'photo', photos: 1, access: 'subscribers', text: 'Sunrise flow on the terrace this morning.' },
  { creator: 'leohart', hoursAgo: 2, kind: 'video', seconds: 3, access: 'subscribers', text: 'Three-move warm-up before every session.' },
  { creator: 'riovega', hoursAgo: 3, kind: 'audio', seconds: 5, access: 'free', text: 'New loop from last night, headphones on!' },
  {
    creator: 'minapark',
    hoursAgo: 4,
    kind: 'poll',
    access: 'free',
    text: 'Help me choose the next sketchbook theme.',
    question: 'Next theme?',
    options: ['Cities at night', 'Sea creatures', 'Plants'],
  },
  {
    creator: 'noralind',
    hoursAgo: 5,
    kind: 'photo',
    photos: 3,
    access: { price: 6.99 },
    text: 'The full aurora set from Abisko, three frames.',
  },
  { creator: 'avastone', hoursAgo: 6, kind: 'photo', photos: 3, access: 'subscribers', text: 'Bali retreat, day two: a few favourites.' },
  {
    creator: 'kaimendes',
    hoursAgo: 7,
    kind: 'video',
    seconds: 3,
    teaser: true,
    access: 'subscribers',
    text: 'Fresh pasta, the whole method (teaser for everyone).',
  },
  { creator: 'zaraokafor', hoursAgo: 8, kind: 'photo', photos: 1, access: 'free', text: 'First look at the new summer dress.' },
  { creator: 'riovega', hoursAgo: 9, kind: 'photo', photos: 2, access: { price: 3.99 }, text: 'Backstage at the Friday show.' },
  {
    creator: 'leohart',
    hoursAgo: 10,
    kind: 'text',
    access: 'free',
    text: 'Rest days matter as much as training days. Sleep, water, walk.',
  },
  { creator: 'samrivers', hoursAgo: 12, kind: 'audio', seconds: 5, access: 'subscribers', text: 'Beat tape vol. 3, track one.' },
  { creator: 'samrivers', hoursAgo: 20, kind: 'photo', photos: 1, access: 'free', text: 'New desk setup for the stream.' },
  { creator: 'minapark', hoursAgo: 22, kind: 'photo', photos: 2, access: 'subscribers', text: 'Colour study, before and after.' },
  { creator: 'noralind', hoursAgo: 26, kind: 'photo', photos: 1, access: 'free', text: 'Still water at Lake Siljan.', pinned: true },
  { creator: 'kaimendes', hoursAgo: 30, kind: 'photo', photos: 1, access: 'free', text: 'Sunday market haul.' },
  {
    creator: 'zaraokafor',
    hoursAgo: 34,
    kind: 'video',
    seconds: 3,
    access: { price: 4.99 },
    text: 'Runway walk-through of the new collection.',
  },
  { creator: 'avastone', hoursAgo: 40, kind: 'video', seconds: 3, access: 'free', text: 'A short breathing break.', pinned: true },
  { creator: 'leohart', hoursAgo: 46, kind: 'photo', photos: 2, access: { price: 4.99 }, text: 'My 4-week meal plan, every page.' },
  {
    creator: 'riovega',
    hoursAgo: 52,
    kind: 'poll',
    access: 'subscribers',
    text: 'Friday session: you choose.',
    question: 'What should I play?',
    options: ['Samba', 'House', 'Both!'],
  },
  { creator: 'minapark', hoursAgo: 60, kind: 'photo', photos: 1, access: { price: 2.5 }, text: 'Print-ready poster file, limited.' },
  {
    creator: 'noralind',
    hoursAgo: 70,
    kind: 'text',
    access: 'subscribers',
    text: 'Trip plan for next month: Lofoten. Subscribers get the map first.',
  },
  { creator: 'kaimendes', hoursAgo: 80, kind: 'text', access: 'free', text: 'What should I cook next Sunday? Comments open.' },
  { creator: 'zaraokafor', hoursAgo: 90, kind: 'photo', photos: 3, access: 'subscribers', text: 'Fitting day: three looks.' },
  { creator: 'samrivers', hoursAgo: 100, kind: 'text', access: 'free', text: 'Live beat-making tonight at 9.' },
  { creator: 'avastone', hoursAgo: 110, kind: 'audio', seconds: 5, access: 'subscribers', text: 'Guided relaxation, part one.' },
  { creator: 'leohart', hoursAgo: 120, kind: 'photo', photos: 1, access: 'subscribers', text: 'Progress check: week 6.' },
  { creator: 'riovega', hoursAgo: 130, kind: 'text', access: 'free', text: 'Thank you for 1k followers!' },
  { creator: 'noralind', hoursAgo: 140, kind: 'photo', photos: 2, access: 'subscribers', text: 'Morning fog, two ways.' },
  { creator: 'minapark', hoursAgo: 150, kind: 'text', access: 'free', text: 'Sketchbook tour coming this week.' },
  { creator: 'kaimendes', hoursAgo: 160, kind: 'photo', photos: 2, access: { price: 3 }, text: 'The secret sauce, step by step.' },
];

/** Galleries (the galleries module): a paid set, a subscribers' set and a free lookbook. */
export const demoGalleries = [
  {
    creator: 'noralind',
    title: 'Northern lights',
    description: 'Five nights above the Arctic Circle.',
    access: { price: 9.99 },
    photos: 3,
  },
  { creator: 'avastone', title: 'Bali retreat', description: 'A week of yoga by the sea.', access: 'subscribers', photos: 3 },
  { creator: 'zaraokafor', title: 'Lookbook SS26', description: 'The spring and summer collection.', access: 'free', photos: 3 },
] satisfies Array<{ creator: string; title: string; description: string; access: Access; photos: number }>;

/** Videos (the videos module). */
export const demoVideos = [
  { creator: 'leohart', title: '20-minute full-body workout', access: 'subscribers', seconds: 4, teaser: false, tags: 'fitness,workout' },
  { creator: 'riovega', title: 'Friday session highlights', access: { price: 7.99 }, seconds: 4, teaser: true, tags: 'music,dance' },
  { creator: 'kaimendes', title: 'Fresh pasta in three minutes', access: 'free', seconds: 4, teaser: false, tags: 'cooking' },
] satisfies Array<{ creator: string; title: string; access: Access; seconds: number; teaser: boolean; tags: string }>;

/** Stories (a day long): pictures, a clip and a coloured text card. */
export const demoStories = [
  { creator: 'avastone', type: 'photo' },
  { creator: 'riovega', type: 'video' },
  { creator: 'minapark', type: 'text', text: 'New sketchbook tour tomorrow!', backgroundColor: '#2193b0' },
  { creator: 'noralind', type: 'photo' },
  { creator: 'zaraokafor', type: 'photo' },
] as const;

/** Shop products (physical, with pictures). */
export const demoProducts = [
  { creator: 'zaraokafor', name: 'Signed print', description: 'A4 print of the SS26 lookbook cover.', price: '25', stock: '10', images: 2 },
  { creator: 'minapark', name: 'Sticker sheet', description: 'Twelve stickers from the sketchbook.', price: '6.5', stock: '40', images: 1 },
];
