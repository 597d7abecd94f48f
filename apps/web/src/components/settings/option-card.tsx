import ButtonBase from '@mui/material/ButtonBase';
import { alpha } from '@mui/material/styles';
import type { ReactNode } from 'react';

interface OptionCardProps {
  selected: boolean;
  onClick: () => void;
  label: string;
  children: ReactNode;
  height?: number;
}

/** A pressable tile of the settings drawer (mode, colour, language), with aria-pressed. */
export function OptionCard({ selected, onClick, label, children, height = 64 }: OptionCardProps) {
  return (
    <ButtonBase
      onClick={onClick}
      aria-pressed={selected}
      aria-label={label}
      title={label}
      sx={(theme) => ({
        width: 1,
        height,
        gap: 1,
        borderRadius: 1.5,
        border: `1px solid ${alpha(theme.palette.grey[500], 0.16)}`,
        color: 'text.secondary',
        typography: 'subtitle2',
        transition: theme.transitions.create(['background-color', 'box-shadow', 'color']),
        '&:hover': { bgcolor: 'action.hover' },
        ...(selected && {
          color: 'text.primary',
          bgcolor: 'background.paper',
          boxShadow: `-8px 8px 20px -4px ${alpha(theme.palette.mode === 'light' ? theme.palette.grey[500] : '#000', 0.16)}`,
          borderColor: alpha(theme.palette.grey[500], 0.32),
        }),
      })}
    >
      {children}
    </ButtonBase>
  );
}
