import { describe, expect, it } from 'vitest';
import { lockedAlt, mediaAlt } from './media-alt';

describe('mediaAlt', () => {
  it('uses the creator’s words when there are some', () => {
    expect(mediaAlt({ altText: 'A red bicycle' }, { creator: 'Ava Stone', position: 2, count: 5 })).toBe('A red bicycle');
  });

  it('else names the picture, its place and its creator', () => {
    expect(mediaAlt({ altText: null }, { creator: 'Ava Stone', position: 2, count: 5 })).toBe('Photo 2 of 5 by Ava Stone');
    expect(mediaAlt({ altText: '' }, { creator: 'Ava Stone', position: 1, count: 1 })).toBe('Photo by Ava Stone');
    expect(mediaAlt({ altText: null }, { noun: 'Story', creator: 'Leo Hart' })).toBe('Story by Leo Hart');
  });

  it('calls locked media by what it is and whose', () => {
    expect(lockedAlt('photo', 'Ava Stone')).toBe('Locked photo by Ava Stone');
  });
});
