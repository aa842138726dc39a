import { Avatar, type SxProps, type Theme } from '@mui/material';

const initials = (name: string | null | undefined) =>
  (name ?? '')
    .split(/\s+/)
    .filter((part) => /^\p{L}/u.test(part))
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join('') || '?';

/** The bio's profile pic, or the initials of its name when there is none (or it does not load). */
export const BioAvatar = ({
  src,
  name,
  size = 40,
  sx,
}: {
  src?: string | null;
  name?: string | null;
  size?: number;
  sx?: SxProps<Theme>;
}) => (
  <Avatar
    src={src && /^https?:\/\//i.test(src) ? src : undefined}
    alt={name ?? ''}
    sx={[
      { width: size, height: size, fontSize: size * 0.4, bgcolor: 'primary.light' },
      ...(Array.isArray(sx) ? sx : [sx]),
    ]}
    data-avatar
  >
    {initials(name)}
  </Avatar>
);
