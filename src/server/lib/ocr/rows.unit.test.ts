import { describe, expect, it } from 'vitest';
import { joinRows } from './rows.ts';
import type { TextLine } from './rows.ts';

const line = (text: string, x0: number, y0: number, x1: number, tilt = 0): TextLine => ({
  text,
  bbox: { x0, y0, x1, y1: y0 + 30 },
  baseline: { x0, y0: y0 + 25, x1, y1: y0 + 25 + tilt * (x1 - x0) },
});

describe('joinRows', () => {
  it('puts a price read as a separate column back beside its label', () => {
    const lines = [
      line('SUMME EUR', 10, 100, 300),
      line('GEGEBEN BAR', 10, 140, 300),
      line('19,99', 600, 102, 700),
      line('20,00', 600, 141, 700),
    ];
    expect(joinRows(lines)).toBe('SUMME EUR  19,99\nGEGEBEN BAR  20,00');
  });

  it('follows a tilted receipt, where the right end of a row sits higher than its left', () => {
    const tilt = -0.04;
    const lines = [
      line('Kaffe Mellanrost 119,80', 10, 200, 800, tilt),
      line('Mjölk 18,95', 10, 160, 400, tilt),
      line('18,95', 700, 160 + tilt * 690, 790, tilt),
    ];
    expect(joinRows(lines)).toBe('Mjölk 18,95  18,95\nKaffe Mellanrost 119,80');
  });

  it('keeps rows apart that are a full line apart and never stacks overlapping fragments on one row', () => {
    const lines = [line('Totalt 44,00', 10, 100, 400), line('Kort 44,00', 10, 112, 400)];
    expect(joinRows(lines).split('\n')).toHaveLength(2);
  });
});
