// Requests per hour over the last 24 hours, drawn as SVG bars (no chart library), with a table for screen readers.
import { niceScale } from '@/lib/web/chart-scale';

interface Props {
  hours: Array<{ hourStart: string; count: number }>;
}

const WIDTH = 720;
const HEIGHT = 200;
const PAD = { top: 12, right: 8, bottom: 26, left: 40 };

const hourLabel = (iso: string) => new Date(iso).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });

export function UsageChart({ hours }: Props) {
  const { top, ticks } = niceScale(Math.max(0, ...hours.map((h) => h.count)));
  const plotW = WIDTH - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const slot = plotW / Math.max(hours.length, 1);
  const barW = Math.max(2, slot * 0.7);
  const y = (v: number) => PAD.top + plotH - (v / top) * plotH;
  const total = hours.reduce((sum, h) => sum + h.count, 0);
  return (
    <figure style={{ margin: 0 }}>
      <svg className="usage-chart" viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby="usage-chart-title" data-testid="usage-chart">
        <title id="usage-chart-title">{`Requests per hour, last 24 hours: ${total} in all`}</title>
        {ticks.map((t) => (
          <g key={t}>
            <line className="grid-line" x1={PAD.left} x2={WIDTH - PAD.right} y1={y(t)} y2={y(t)} />
            <text x={PAD.left - 6} y={y(t) + 4} textAnchor="end">
              {t}
            </text>
          </g>
        ))}
        {hours.map((h, i) => {
          const x = PAD.left + i * slot + (slot - barW) / 2;
          const height = Math.max(h.count > 0 ? 1.5 : 0, PAD.top + plotH - y(h.count));
          const current = i === hours.length - 1;
          return (
            <g key={h.hourStart}>
              <rect className={current ? 'bar bar-current' : 'bar'} x={x} y={PAD.top + plotH - height} width={barW} height={height} rx={2}>
                <title>{`${hourLabel(h.hourStart)}: ${h.count} ${h.count === 1 ? 'request' : 'requests'}`}</title>
              </rect>
              {i % 6 === 0 || current ? (
                <text x={x + barW / 2} y={HEIGHT - 8} textAnchor="middle">
                  {current ? 'now' : hourLabel(h.hourStart)}
                </text>
              ) : null}
            </g>
          );
        })}
        <line className="axis" x1={PAD.left} x2={WIDTH - PAD.right} y1={PAD.top + plotH} y2={PAD.top + plotH} />
      </svg>
      <figcaption className="visually-hidden">
        <table>
          <caption>Requests per hour</caption>
          <thead>
            <tr>
              <th scope="col">Hour starting</th>
              <th scope="col">Requests</th>
            </tr>
          </thead>
          <tbody>
            {hours.map((h) => (
              <tr key={h.hourStart}>
                <td>{hourLabel(h.hourStart)}</td>
                <td>{h.count}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </figcaption>
    </figure>
  );
}
