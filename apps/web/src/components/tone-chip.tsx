import Chip, { type ChipProps } from '@mui/material/Chip';
import { alpha } from '@mui/material/styles';
import Tooltip from '@mui/material/Tooltip';
import type { ReactNode } from 'react';
import { type Tone, toneColors } from '../lib/tone';

/** A soft chip in one of the app's tones (statuses, kinds, events). */
export function ToneChip({
  tone,
  label,
  icon,
  size = 'small',
  title,
}: {
  tone: Tone;
  label: ReactNode;
  icon?: ChipProps['icon'];
  size?: ChipProps['size'];
  /** A tooltip that explains the chip. */
  title?: string;
}) {
  const chip = (
    <Chip
      size={size}
      label={label}
      icon={icon}
      sx={(theme) => {
        const c = toneColors(theme, tone);
        return {
          color: c.text,
          bgcolor: alpha(c.main, 0.16),
          borderRadius: 1,
          fontWeight: 700,
          '& .MuiChip-icon': { color: 'inherit' },
        };
      }}
    />
  );
  return title ? (
    <Tooltip title={title} describeChild>
      {chip}
    </Tooltip>
  ) : (
    chip
  );
}
