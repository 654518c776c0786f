import { BOOK_LISTS } from '@quillpost/domain';
import { describe, expect, it } from 'vitest';
import { sampleBook } from '../testing/fake-content-api';
import { groupBooksByStatus } from './group-books';

describe('groupBooksByStatus', () => {
  const walden = sampleBook({
    title: 'Walden',
    status: 'read',
    finished: '2025-08-01T00:00:00.000Z',
  });
  const birds = sampleBook({
    title: 'Bird by Bird',
    status: 'read',
    finished: '2026-03-01T00:00:00.000Z',
  });
  const middlemarch = sampleBook({
    title: 'Middlemarch',
    status: 'reading',
    started: '2026-09-20T00:00:00.000Z',
  });
  const systems = sampleBook({
    title: 'Thinking in Systems',
    status: 'reading',
    started: '2026-10-02T00:00:00.000Z',
  });
  const meditations = sampleBook({ title: 'Meditations', status: 'want-to-read' });
  const all = [walden, middlemarch, meditations, birds, systems];

  it('puts the bookshelf in order: currently reading, then read', () => {
    const groups = groupBooksByStatus(all, BOOK_LISTS.bookshelf);
    expect(groups.map((group) => [group.status, group.label])).toEqual([
      ['reading', 'Currently reading'],
      ['read', 'Read'],
    ]);
  });

  it('sorts each shelf by the latest activity, newest first', () => {
    const [reading, read] = groupBooksByStatus(all, BOOK_LISTS.bookshelf);
    expect(reading?.books.map((book) => book.title)).toEqual([
      'Thinking in Systems',
      'Middlemarch',
    ]);
    expect(read?.books.map((book) => book.title)).toEqual(['Bird by Bird', 'Walden']);
  });

  it('leaves out books of other shelves and shelves with no books', () => {
    expect(groupBooksByStatus(all, BOOK_LISTS['reading-list'])).toEqual([
      { status: 'want-to-read', label: 'Want to read', books: [meditations] },
    ]);
    expect(groupBooksByStatus([walden], BOOK_LISTS.bookshelf).map((g) => g.status)).toEqual([
      'read',
    ]);
    expect(groupBooksByStatus([], BOOK_LISTS.bookshelf)).toEqual([]);
  });
});
