import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { Currency } from '#shared/domain/currency.ts';
import { formatMoney } from '#shared/format.ts';
import * as sv from '#shared/i18n/sv.ts';
import type { FigureRow } from './figures-table.tsx';

const texts = sv.statistics;
// Amber: at least 3:1 against the card in both themes (3.2:1 light, 5.4:1 dark), and apart from the teal primary.
const PAID_COLOUR = '#c2851b';
const wholeUnits = (ore: number) => Math.round(ore / 100) * 100;

interface SpendingChartProps {
  rows: FigureRow[];
  currency: Currency;
  /** Bars along the x axis (months), or one row per item (categories, groups) with the names on the left. */
  layout: 'columns' | 'rows';
}

/**
 * Spent and paid side by side. Only the statistics page loads this module, and with it recharts. Hidden from screen
 * readers, which get the same figures from FiguresTable.
 */
export function SpendingChart({ rows, currency, layout }: SpendingChartProps) {
  const money = (ore: number) => formatMoney(wholeUnits(ore), currency);
  const horizontal = layout === 'rows';
  const height = horizontal ? Math.max(160, rows.length * 56 + 60) : 280;
  const label = { fill: 'var(--muted-foreground)', fontSize: 12 };
  return (
    <div aria-hidden className="w-full" style={{ height }}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart
          data={rows}
          layout={horizontal ? 'vertical' : 'horizontal'}
          accessibilityLayer={false}
          margin={{ left: 8, right: 16 }}
        >
          <CartesianGrid stroke="var(--border)" vertical={horizontal} horizontal={!horizontal} />
          {horizontal ? (
            <>
              <XAxis type="number" tickFormatter={money} tick={label} stroke="var(--border)" />
              <YAxis type="category" dataKey="label" width={110} tick={label} stroke="var(--border)" />
            </>
          ) : (
            <>
              <XAxis dataKey="label" tick={label} stroke="var(--border)" />
              <YAxis tickFormatter={money} width={84} tick={label} stroke="var(--border)" />
            </>
          )}
          <Tooltip
            formatter={(value) => formatMoney(Number(value), currency)}
            cursor={{ fill: 'var(--muted)' }}
            contentStyle={{
              background: 'var(--popover)',
              border: '1px solid var(--border)',
              borderRadius: 8,
              color: 'var(--popover-foreground)',
            }}
          />
          <Legend
            wrapperStyle={{ fontSize: 13 }}
            formatter={(value: string) => <span style={{ color: 'var(--foreground)' }}>{value}</span>}
          />
          <Bar dataKey="spentOre" name={texts.spent} fill="var(--primary)" radius={4} />
          <Bar dataKey="paidOre" name={texts.paid} fill={PAID_COLOUR} radius={4} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
