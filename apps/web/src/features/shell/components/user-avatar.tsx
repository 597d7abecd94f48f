import type { CurrentUser } from '@borlette/shared/contracts/auth';
import Avatar, { type AvatarProps } from '@mui/material/Avatar';
import { displayName } from '../../../lib/authorization';

function initials(name: string): string {
  const parts = name.split(/\s+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '') + (parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? '') : '')).toUpperCase() || '?';
}

export function UserAvatar({ user, ...props }: { user: CurrentUser } & AvatarProps) {
  const name = displayName(user);
  return (
    <Avatar
      src={user.user_photo ?? undefined}
      alt={name}
      {...props}
      sx={{ bgcolor: 'primary.main', color: 'primary.contrastText', fontWeight: 700, ...props.sx }}
    >
      {initials(name)}
    </Avatar>
  );
}
