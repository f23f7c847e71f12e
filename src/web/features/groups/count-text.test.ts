import { describe, expect, it } from 'vitest';
import * as sv from '#shared/i18n/sv.ts';
import { countText } from './count-text.ts';

describe('countText', () => {
  it('uses the singular only for exactly one and groups digits the Swedish way', () => {
    const forms = sv.groups.counts.members;
    expect([0, 1, 2, 1234].map((n) => countText(forms, n))).toEqual([
      '0 medlemmar',
      '1 medlem',
      '2 medlemmar',
      '1\u00a0234 medlemmar',
    ]);
  });
});
