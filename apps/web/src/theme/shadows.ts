import { alpha, type Shadows } from '@mui/material/styles';
import { GREY, type Mode } from './palette';

export interface CustomShadows {
  z1: string;
  z8: string;
  z12: string;
  z16: string;
  z24: string;
  card: string;
  dropdown: string;
  dialog: string;
  primary: string;
}

function base(mode: Mode): string {
  return mode === 'light' ? GREY[500] : '#000000';
}

/** Soft, two-layer shadows in the style of the Minimal kit. */
export function createShadows(mode: Mode): Shadows {
  const color = base(mode);
  const a = alpha(color, 0.2);
  const b = alpha(color, 0.14);
  const c = alpha(color, 0.12);
  const list = ['none'];
  for (let i = 1; i < 25; i += 1) {
    list.push(
      `0px ${Math.ceil(i / 2)}px ${i}px -${Math.floor(i / 4)}px ${a},0px ${i}px ${i * 1.5}px ${Math.floor(i / 8)}px ${b},0px ${Math.ceil(i / 3)}px ${i * 2}px ${Math.floor(i / 4)}px ${c}`,
    );
  }
  return list as Shadows;
}

export function createCustomShadows(mode: Mode, primary: string): CustomShadows {
  const color = base(mode);
  const transparent = alpha(color, 0.16);
  return {
    z1: `0 1px 2px 0 ${transparent}`,
    z8: `0 8px 16px 0 ${transparent}`,
    z12: `0 12px 24px -4px ${transparent}`,
    z16: `0 16px 32px -4px ${transparent}`,
    z24: `0 24px 48px 0 ${transparent}`,
    card: `0 0 2px 0 ${alpha(color, 0.2)}, 0 12px 24px -4px ${alpha(color, 0.12)}`,
    dropdown: `0 0 2px 0 ${alpha(color, 0.24)}, -20px 20px 40px -4px ${alpha(color, 0.24)}`,
    dialog: `-40px 40px 80px -8px ${alpha('#000000', 0.24)}`,
    primary: `0 8px 16px 0 ${alpha(primary, 0.24)}`,
  };
}
