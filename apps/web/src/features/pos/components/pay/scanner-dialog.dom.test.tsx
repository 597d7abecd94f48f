import { screen } from '@testing-library/react';
import i18n from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../../../test/render';
import pos from '../../../../locales/fr/pos.json';
import { ScannerDialog } from './scanner-dialog';

/** The camera's refusals, in French, with the typed way out (the QR or the verification code). */
function withCamera(getUserMedia: () => Promise<MediaStream>) {
  vi.stubGlobal('navigator', { ...navigator, mediaDevices: { getUserMedia: vi.fn(getUserMedia) } });
}

const refusal = (name: string) => () => Promise.reject(Object.assign(new Error(name), { name }));

function open() {
  return renderPage(<ScannerDialog open onClose={() => {}} onResult={() => {}} onExited={() => {}} />);
}

describe('the POS scanner when the camera cannot film', () => {
  beforeAll(() => {
    i18n.addResourceBundle('fr', 'pos', pos);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('says the camera was refused and how to allow it, or to type the number', async () => {
    withCamera(refusal('NotAllowedError'));
    open();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'L’accès à la caméra a été refusé. Autorisez la caméra pour ce site dans le navigateur, ou tapez le numéro et le code de vérification du reçu.',
    );
    expect(screen.getByRole('button', { name: 'Taper le numéro' })).toBeTruthy();
  });

  it('says when the device has no camera, or when another app holds it', async () => {
    withCamera(refusal('NotFoundError'));
    const first = open();
    expect((await screen.findByRole('alert')).textContent).toMatch(/^Aucune caméra trouvée sur cet appareil\./);
    first.unmount();
    withCamera(refusal('NotReadableError'));
    open();
    expect((await screen.findByRole('alert')).textContent).toMatch(
      /^La caméra est utilisée par une autre application\./,
    );
  });
});
