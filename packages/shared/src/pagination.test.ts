import { describe, expect, it } from 'vitest';
import {
  normalizePage,
  normalizePageSize,
  pageRange,
  pageSizeOptions,
  paginationSummaryText,
  paginatorPages,
  totalPagesOf,
} from './pagination.js';

describe('paginatorPages (docs/product-rules.md#responses-list-filters-paging-export)', () => {
  it('shows every page up to 7', () => {
    expect(paginatorPages(1, 0)).toEqual([]);
    expect(paginatorPages(1, 1)).toEqual([1]);
    expect(paginatorPages(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('shows first, last and current ± 1 with ellipses beyond 7', () => {
    expect(paginatorPages(1, 10)).toEqual([1, 2, 'ellipsis', 10]);
    expect(paginatorPages(2, 10)).toEqual([1, 2, 3, 'ellipsis', 10]);
    expect(paginatorPages(3, 10)).toEqual([1, 2, 3, 4, 'ellipsis', 10]);
    expect(paginatorPages(5, 10)).toEqual([1, 'ellipsis', 4, 5, 6, 'ellipsis', 10]);
    expect(paginatorPages(9, 10)).toEqual([1, 'ellipsis', 8, 9, 10]);
    expect(paginatorPages(10, 10)).toEqual([1, 'ellipsis', 9, 10]);
  });

  it('clamps a page outside the range', () => {
    expect(paginatorPages(99, 8)).toEqual([1, 'ellipsis', 7, 8]);
    expect(paginatorPages(0, 8)).toEqual([1, 2, 'ellipsis', 8]);
  });
});

describe('page sizes and ranges', () => {
  it('offers 10, 25, 50, 100 and falls back to 25', () => {
    expect(pageSizeOptions).toEqual([10, 25, 50, 100]);
    expect(normalizePageSize('50')).toBe(50);
    expect(normalizePageSize(100)).toBe(100);
    expect(normalizePageSize('30')).toBe(25);
    expect(normalizePageSize(undefined)).toBe(25);
    expect(normalizePage('3')).toBe(3);
    expect(normalizePage('0')).toBe(1);
    expect(normalizePage('x')).toBe(1);
  });

  it("says 'Showing X to Y of Z results'", () => {
    expect(paginationSummaryText(1, 25, 60)).toBe('Showing 1 to 25 of 60 results');
    expect(paginationSummaryText(3, 25, 60)).toBe('Showing 51 to 60 of 60 results');
    expect(pageRange(1, 25, 0)).toEqual({ from: 0, to: 0 });
    expect(totalPagesOf(60, 25)).toBe(3);
    expect(totalPagesOf(0, 25)).toBe(0);
  });
});
