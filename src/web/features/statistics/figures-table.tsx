import { formatMoney } from '#shared/format.ts';
import * as sv from '#shared/i18n/sv.ts';
import type { Currency } from '#shared/domain/currency.ts';

export interface FigureRow {
  key: string;
  label: string;
  spentOre: number;
  paidOre: number;
}

const texts = sv.statistics;

/** The chart's figures as a table for screen readers (the chart itself is hidden from them). */
export function FiguresTable({
  caption,
  heading,
  rows,
  currency,
}: {
  caption: string;
  heading: string;
  rows: FigureRow[];
  currency: Currency;
}) {
  return (
    // The wrapper hides it: a table box ignores sr-only's 1px width and would widen a phone page.
    <div className="sr-only">
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{heading}</th>
            <th scope="col">{texts.spent}</th>
            <th scope="col">{texts.paid}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              <th scope="row">{row.label}</th>
              <td>{formatMoney(row.spentOre, currency)}</td>
              <td>{formatMoney(row.paidOre, currency)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
