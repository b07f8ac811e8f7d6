/** A task's progress in percent (drawing, music): the ARIA progressbar with a filling bar. */
export function ProgressBar({
  value,
  label,
  track,
  bar = 'bg-brand-600',
  floor = 0,
}: {
  value: number;
  label: string;
  /** Size, margin and colour of the empty track. */
  track: string;
  /** Colour of the filled part. */
  bar?: string;
  /** Smallest width shown, so a task just started is visibly under way. */
  floor?: number;
}) {
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={value}
      className={`overflow-hidden rounded-full ${track}`}
    >
      <div
        className={`h-full rounded-full transition-[width] duration-500 motion-reduce:transition-none ${bar}`}
        style={{ width: `${Math.max(floor, value)}%` }}
      />
    </div>
  );
}
