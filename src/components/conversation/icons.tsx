import { StrokeSvg } from '../StrokeSvg';

/** Stroke icons of the chat screens (24×24, currentColor), decorative. */
const PATHS = {
  send: 'M4 12 20 4l-6 16-2.5-6.5L4 12zM11.5 13.5 20 4',
  stop: 'M7 7h10v10H7z',
  copy: 'M9 9h10v11H9zM5 15V4h10',
  trash: 'M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3',
  edit: 'M4 20h4L19 9l-4-4L4 16v4zM13.5 6.5l4 4',
  check: 'm5 12.5 4.5 4.5L19 7.5',
  plus: 'M12 5v14M5 12h14',
  regenerate: 'M20 11a8 8 0 0 0-14.3-4.9L4 8M4 3.5V8h4.5M4 13a8 8 0 0 0 14.3 4.9L20 16M20 20.5V16h-4.5',
  download: 'M12 4v11M7 10.5l5 5 5-5M5 20h14',
  image: 'M3 5h18v14H3zM8.5 10.5a1.5 1.5 0 1 0 0-.01M21 15l-5-5L5 19',
  history: 'M3.5 12a8.5 8.5 0 1 0 2.5-6M3 4v4.5h4.5M12 8v4.5l3 2',
  apps: 'M4 4h6.5v6.5H4zM13.5 4H20v6.5h-6.5zM4 13.5h6.5V20H4zM13.5 13.5H20V20h-6.5z',
  mine: 'M12 3 4 7v5c0 4.5 3.4 8 8 9 4.6-1 8-4.5 8-9V7l-8-4zM9 12l2 2 4-4',
  menu: 'M4 6h16M4 12h16M4 18h16',
  close: 'M6 6l12 12M18 6 6 18',
  context: 'M9.5 14.5 14.5 9.5M8 11l-2 2a3.5 3.5 0 0 0 5 5l2-2M16 13l2-2a3.5 3.5 0 0 0-5-5l-2 2',
  prompt: 'M5 4h11a3 3 0 0 1 3 3v13H8a3 3 0 0 1-3-3V4zM5 17a3 3 0 0 1 3-3h11M9 8h6',
  search: 'M10.5 17a6.5 6.5 0 1 0 0-13 6.5 6.5 0 0 0 0 13zM20 20l-4.8-4.8',
  eye: 'M2 12s3.5-6 10-6 10 6 10 6-3.5 6-10 6S2 12 2 12zM12 14.5a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5',
  bulb: 'M9 18h6M10 21h4M12 3a6 6 0 0 0-3.5 10.9c.6.5 1 1.2 1 2.1h5c0-.9.4-1.6 1-2.1A6 6 0 0 0 12 3z',
  chevronDown: 'm6 9 6 6 6-6',
  bot: 'M5 9h14v10H5zM12 9V5M9 14h.01M15 14h.01M9.5 5h5',
  user: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4.5 21a7.5 7.5 0 0 1 15 0',
  upload: 'M12 16V5M7 9.5l5-5 5 5M5 20h14',
  lock: 'M6 11h12v9H6zM8.5 11V8a3.5 3.5 0 0 1 7 0v3',
  globe:
    'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM3.5 9h17M3.5 15h17M12 3c2.5 2.7 2.5 15.3 0 18M12 3c-2.5 2.7-2.5 15.3 0 18',
  chat: 'M20.5 11.5a8 8 0 0 1-11.7 7.1L4 20l1.3-4.4A8 8 0 1 1 20.5 11.5z',
  share: 'M4 13v7h16v-7M12 15V4M7.5 8.5 12 4l4.5 4.5',
} as const;

export type ChatIconName = keyof typeof PATHS;

export function Icon({ name, className = 'size-5' }: { name: ChatIconName; className?: string }) {
  return (
    <StrokeSvg className={className}>
      <path d={PATHS[name]} />
    </StrokeSvg>
  );
}

/** A button that shows only an icon: its label is read out (aria-label) and shown on hover (title). */
export function IconButton({
  icon,
  label,
  title = label,
  className,
  onClick,
  disabled,
}: {
  icon: ChatIconName;
  label: string;
  title?: string;
  className: string;
  onClick(): void;
  disabled?: boolean;
}) {
  return (
    <button type="button" className={className} onClick={onClick} disabled={disabled} aria-label={label} title={title}>
      <Icon name={icon} className="size-4" />
    </button>
  );
}
