import { card } from './format';

/** The figures above a console page's charts: a label and a value each, in a grid of cards. */
export function Tiles({ tiles, cols }: { tiles: { label: string; value: string; testId: string }[]; cols: string }) {
  return (
    <dl className={`grid grid-cols-2 gap-3 ${cols}`}>
      {tiles.map((tile) => (
        <div key={tile.testId} className={card}>
          <dt className="text-xs text-slate-600 dark:text-slate-300">{tile.label}</dt>
          <dd className="mt-1 text-xl font-semibold text-slate-900 dark:text-white" data-testid={tile.testId}>
            {tile.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
