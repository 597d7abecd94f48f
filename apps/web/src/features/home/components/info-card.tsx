import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

interface InfoCardProps {
  icon: ReactNode;
  title: string;
  value: ReactNode;
  caption?: ReactNode;
  color?: 'primary' | 'info' | 'success' | 'warning';
}

export function InfoCard({ icon, title, value, caption, color = 'primary' }: InfoCardProps) {
  return (
    <Card sx={{ p: 3, display: 'flex', gap: 2, alignItems: 'flex-start', height: 1 }}>
      <Box
        sx={(theme) => ({
          width: 48,
          height: 48,
          flexShrink: 0,
          borderRadius: 1.5,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          color: theme.palette.mode === 'light' ? `${color}.dark` : `${color}.light`,
          bgcolor: alpha(theme.palette[color].main, 0.12),
        })}
      >
        {icon}
      </Box>
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="subtitle2" component="h2" sx={{ color: 'text.secondary' }}>
          {title}
        </Typography>
        <Typography variant="h6" component="p" sx={{ wordBreak: 'break-word' }}>
          {value}
        </Typography>
        {caption ? (
          <Typography variant="caption" component="p" sx={{ color: 'text.secondary', mt: 0.5 }}>
            {caption}
          </Typography>
        ) : null}
      </Box>
    </Card>
  );
}
