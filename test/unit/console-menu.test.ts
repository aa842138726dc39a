// Which CMS entry of the console's menu is lit on a posts page (apps/console/src/posts/menuEntry.ts):
// issue 12 point 5, "the menu highlights one entry at a time". Expected entries written by hand.
import { describe, expect, it } from '@jest/globals';
import { postMenuEntry } from '../../apps/console/src/posts/menuEntry.js';

const EDITOR = ['in-progress', 'review', 'published'];
const WRITER = ['create', 'your-posts'];

describe('the lit CMS menu entry', () => {
  it('lights nothing outside the posts (their own routes light themselves)', () => {
    expect(postMenuEntry('/review', 'review', EDITOR)).toBeNull();
    expect(postMenuEntry('/members', 'edit', EDITOR)).toBeNull();
    expect(postMenuEntry('/postsfoo', 'review', EDITOR)).toBeNull();
  });

  it("on the posts list lights the last tab's entry, else the person's home entry", () => {
    expect(postMenuEntry('/posts', 'published', EDITOR)).toBe('published');
    expect(postMenuEntry('/posts', 'edit', EDITOR)).toBe('in-progress');
    expect(postMenuEntry('/posts', null, EDITOR)).toBe('in-progress');
    expect(postMenuEntry('/posts', 'briefs', WRITER)).toBe('your-posts');
    expect(postMenuEntry('/posts/0b6f', 'fact-check-1', EDITOR)).toBe('in-progress');
  });

  it('on the create page lights Create when the person has it', () => {
    expect(postMenuEntry('/posts/create', 'your-posts', WRITER)).toBe('create');
    expect(postMenuEntry('/posts/create', 'review', EDITOR)).toBe('review');
  });

  it('lights nothing when the person has no CMS entry', () => {
    expect(postMenuEntry('/posts', 'edit', [])).toBeNull();
  });
});
