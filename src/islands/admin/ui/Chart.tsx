import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

interface Props {
  days: string[];
  series: { label: string; values: number[]; color: string }[];
  label: string;
  testId?: string;
}

/** A line chart of per-day values (uPlot, loaded by console pages only); the table beside it carries the numbers. */
export function Chart({ days, series, label, testId = 'dashboard-chart' }: Props) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = host.current;
    if (!el) return;
    const xs = days.map((d) => Date.parse(`${d}T00:00:00Z`) / 1000);
    const plot = new uPlot(
      {
        width: Math.max(280, el.clientWidth),
        height: 240,
        series: [{}, ...series.map((s) => ({ label: s.label, stroke: s.color, width: 2 }))],
        axes: [{}, {}],
      },
      [xs, ...series.map((s) => s.values)],
      el,
    );
    const resize = () => plot.setSize({ width: Math.max(280, el.clientWidth), height: 240 });
    window.addEventListener('resize', resize);
    return () => {
      window.removeEventListener('resize', resize);
      plot.destroy();
    };
  }, [days, series]);
  return <div ref={host} role="img" aria-label={label} data-testid={testId} className="w-full overflow-hidden" />;
}
