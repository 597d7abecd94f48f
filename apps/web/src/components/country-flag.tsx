import Box from '@mui/material/Box';
import { CodeBadge } from './code-badge';

/**
 * A country's flag: its uploaded image, or its code in a badge (emoji flags are not drawn on many
 * systems, the top bar's switcher shows codes too).
 */
export function CountryFlag({ code, flag, size = 24 }: { code: string; flag: string | null; size?: number }) {
  if (flag?.startsWith('/uploads/')) {
    return (
      <Box
        component="img"
        src={flag}
        alt=""
        sx={{ width: size * 1.4, height: size, objectFit: 'cover', borderRadius: 0.5, flexShrink: 0, boxShadow: 1 }}
      />
    );
  }
  return <CodeBadge code={code} />;
}
