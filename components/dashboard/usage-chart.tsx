// Calls per hour or per day, drawn as SVG bars (no chart library), with a table for screen readers. The
// labels are HTML, not SVG text: the bars stretch with the width, the labels keep their size (an SVG
// scaled to a phone's width shrank its text to about 4 px).
import { niceScale } from '@/lib/web/chart-scale';

export interface ChartBar {
  /** Unique, stable. */
  key: string;
  /** Under the bar when shown (every `labelEvery` bars, and the last). */
  label: string;
  /** The bar's full name (tooltip and the screen reader's table), e.g. "2026-11-27 14:00 UTC". */
  title: string;
  count: number;
}

interface Props {
  bars: ChartBar[];
  /** What the chart shows, e.g. "Requests per hour, last 24 hours (UTC)". */
  title: string;
  labelEvery: number;
  testId?: string;
}

const VIEW_HEIGHT = 100;

export function UsageChart({ bars, title, labelEvery, testId }: Props) {
  const { top, ticks } = niceScale(Math.max(0, ...bars.map((b) => b.count)));
  const n = Math.max(bars.length, 1);
  const total = bars.reduce((sum, b) => sum + b.count, 0);
  const pct = (v: number) => `${(v / top) * 100}%`;
  return (
    <figure className="chart" data-testid={testId}>
      <div className="chart-body">
        <div className="chart-y" aria-hidden="true">
          {ticks.map((t) => (
            <span key={t} style={{ bottom: pct(t) }}>
              {t.toLocaleString('en-US')}
            </span>
          ))}
        </div>
        <div className="chart-plot">
          <svg
            viewBox={`0 0 ${n * 10} ${VIEW_HEIGHT}`}
            preserveAspectRatio="none"
            role="img"
            aria-label={`${title}: ${total.toLocaleString('en-US')} in all`}
          >
            {ticks.map((t) => (
              <line
                key={t}
                className="grid-line"
                x1={0}
                x2={n * 10}
                y1={VIEW_HEIGHT - (t / top) * VIEW_HEIGHT}
                y2={VIEW_HEIGHT - (t / top) * VIEW_HEIGHT}
              />
            ))}
            {bars.map((b, i) => {
              const height = b.count > 0 ? Math.max(1.5, (b.count / top) * VIEW_HEIGHT) : 0;
              return (
                <rect
                  key={b.key}
                  className={i === bars.length - 1 ? 'bar bar-current' : 'bar'}
                  x={i * 10 + 1.5}
                  y={VIEW_HEIGHT - height}
                  width={7}
                  height={height}
                >
                  <title>{`${b.title}: ${b.count.toLocaleString('en-US')} ${b.count === 1 ? 'request' : 'requests'}`}</title>
                </rect>
              );
            })}
          </svg>
        </div>
      </div>
      <div className="chart-x" aria-hidden="true">
        {bars.map((b, i) => {
          const last = i === bars.length - 1;
          // The last label is right-aligned; a regular one too close to it is left out.
          if (!last && (i % labelEvery !== 0 || bars.length - 1 - i < labelEvery / 2)) return null;
          const style = i === 0 ? { left: 0 } : last ? { right: 0 } : { left: `${((i + 0.5) / n) * 100}%`, transform: 'translateX(-50%)' };
          return (
            <span key={b.key} style={style}>
              {b.label}
            </span>
          );
        })}
      </div>
      <figcaption className="visually-hidden">
        <table>
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">Period</th>
              <th scope="col">Requests</th>
            </tr>
          </thead>
          <tbody>
            {bars.map((b) => (
              <tr key={b.key}>
                <td>{b.title}</td>
                <td>{b.count}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </figcaption>
    </figure>
  );
}

/** "14:00" of an ISO hour, in UTC. */
export const utcHour = (iso: string) => iso.slice(11, 16);
/** "Nov 27" of an ISO day or time, in UTC. */
export const utcDay = (iso: string) =>
  new Date(iso.length === 10 ? `${iso}T00:00:00Z` : iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** The last 24 hours as bars (UTC labels). */
export function hourBars(hours: Array<{ hourStart: string; count: number }>): ChartBar[] {
  return hours.map((h, i) => ({
    key: h.hourStart,
    label: i === hours.length - 1 ? 'now' : utcHour(h.hourStart),
    title: `${h.hourStart.slice(0, 10)} ${utcHour(h.hourStart)} UTC`,
    count: h.count,
  }));
}

/** Days (YYYY-MM-DD, UTC) as bars. */
export function dayBars(days: Array<{ day: string; count: number }>): ChartBar[] {
  return days.map((d, i) => ({ key: d.day, label: i === days.length - 1 ? 'today' : utcDay(d.day), title: `${d.day} (UTC)`, count: d.count }));
}

/** The period a usage chart shows: the last 24 UTC hours, or the last 30 UTC days. */
export type ChartRange = '24h' | '30d';

/** The chart's period, as two pressed/unpressed buttons. */
export function PeriodSwitch({ range, onChange }: { range: ChartRange; onChange: (range: ChartRange) => void }) {
  return (
    <div className="segmented" role="group" aria-label="Period">
      {(['24h', '30d'] as const).map((r) => (
        <button
          key={r}
          type="button"
          className={`button button-small${range === r ? ' button-primary' : ''}`}
          aria-pressed={range === r}
          onClick={() => onChange(r)}
        >
          {r === '24h' ? '24 hours' : '30 days'}
        </button>
      ))}
    </div>
  );
}
