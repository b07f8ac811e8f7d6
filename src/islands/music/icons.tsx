import { StrokeSvg } from '../../components/StrokeSvg';

/** Stroke icons of the music screens (24×24, currentColor), decorative. */
const PATHS = {
  play: 'M8 5.5v13l10.5-6.5L8 5.5z',
  pause: 'M8 5h3v14H8zM13 5h3v14h-3z',
  download: 'M12 4v11M7 10.5l5 5 5-5M5 20h14',
  share: 'M16 8a3 3 0 1 0 0-.01M8 15a3 3 0 1 0 0-.01M16 22a3 3 0 1 0 0-.01M10.6 13.5l2.8-3.4M10.6 16.5l2.8 3.4',
  trash: 'M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3',
  copy: 'M9 9h10v11H9zM5 15V4h10',
  globe:
    'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM3 12h18M12 3c2.5 2.7 3.5 5.7 3.5 9s-1 6.3-3.5 9c-2.5-2.7-3.5-5.7-3.5-9s1-6.3 3.5-9z',
  lock: 'M6 11h12v9H6zM8.5 11V8a3.5 3.5 0 0 1 7 0v3',
  sparkles:
    'M12 3l1.8 4.7L18.5 9.5l-4.7 1.8L12 16l-1.8-4.7L5.5 9.5l4.7-1.8L12 3zM19 15l.8 2.2L22 18l-2.2.8L19 21l-.8-2.2L16 18l2.2-.8L19 15z',
  music: 'M9 18V6l11-2v12M9 18a3 3 0 1 1-6 0 3 3 0 0 1 6 0zM20 16a3 3 0 1 1-6 0 3 3 0 0 1 6 0z',
  close: 'M6 6l12 12M18 6 6 18',
  back: 'M15 5l-7 7 7 7',
  info: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM12 11v5M12 8h.01',
} as const;

export type MusicIconName = keyof typeof PATHS;

export function Icon({ name, className = 'size-5' }: { name: MusicIconName; className?: string }) {
  const filled = name === 'play' || name === 'pause';
  return (
    <StrokeSvg className={className} fill={filled ? 'currentColor' : 'none'} strokeWidth={filled ? 0 : 1.8}>
      <path d={PATHS[name]} />
    </StrokeSvg>
  );
}
