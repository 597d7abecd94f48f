import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The Shape Detection API (Chrome on Android, ChromeOS, macOS); not in TypeScript's DOM types. */
interface DetectedBarcode {
  rawValue: string;
}
interface BarcodeDetectorLike {
  detect(source: HTMLVideoElement): Promise<DetectedBarcode[]>;
}
interface BarcodeDetectorClass {
  new (options?: { formats?: string[] }): BarcodeDetectorLike;
  getSupportedFormats?: () => Promise<string[]>;
}

function detectorClass(): BarcodeDetectorClass | null {
  const w = window as unknown as { BarcodeDetector?: BarcodeDetectorClass };
  return typeof w.BarcodeDetector === 'function' ? w.BarcodeDetector : null;
}

/** True when the browser can read barcodes from the camera (the scan button is hidden otherwise). */
export function canScan(): boolean {
  return typeof window !== 'undefined' && !!detectorClass() && !!navigator.mediaDevices?.getUserMedia;
}

const WANTED = ['code_128', 'qr_code'];

/** Reads a receipt's barcode (the number) or QR code (the public link) with the back camera. */
export function ScannerDialog({
  open,
  onClose,
  onResult,
}: {
  open: boolean;
  onClose: () => void;
  onResult: (text: string) => void;
}) {
  const { t } = useTranslation('pos');
  const videoRef = useRef<HTMLVideoElement>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!open) return;
    const Detector = detectorClass();
    if (!Detector) return;
    let stream: MediaStream | null = null;
    let timer = 0;
    let live = true;
    setError(null);
    (async () => {
      try {
        const supported = (await Detector.getSupportedFormats?.()) ?? WANTED;
        const formats = WANTED.filter((f) => supported.includes(f));
        const detector = new Detector({ formats: formats.length ? formats : WANTED });
        stream = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: { ideal: 'environment' } },
          audio: false,
        });
        if (!live) return;
        const video = videoRef.current;
        if (!video) return;
        video.srcObject = stream;
        await video.play();
        const tick = async () => {
          if (!live) return;
          try {
            const found = await detector.detect(video);
            const value = found.find((b) => b.rawValue)?.rawValue;
            if (value && live) {
              live = false;
              onResult(value);
              return;
            }
          } catch {
            // a frame that could not be read: try the next one
          }
          timer = window.setTimeout(() => void tick(), 250);
        };
        void tick();
      } catch (e) {
        if (!live) return;
        setError((e as Error)?.name === 'NotAllowedError' ? t('scan.denied') : t('scan.failed'));
      }
    })();
    return () => {
      live = false;
      window.clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, [open, onResult, t]);

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="pos-scan-title">
      <DialogTitle id="pos-scan-title">{t('scan.title')}</DialogTitle>
      <DialogContent>
        {error ? (
          <Alert severity="error">{error}</Alert>
        ) : (
          <>
            <Box
              component="video"
              ref={videoRef}
              muted
              playsInline
              sx={{
                width: 1,
                aspectRatio: '4 / 3',
                bgcolor: '#000',
                borderRadius: 1.5,
                objectFit: 'cover',
                display: 'block',
              }}
            />
            <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1.5 }}>
              {t('scan.help')}
            </Typography>
          </>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button size="large" variant="outlined" color="inherit" onClick={onClose} fullWidth>
          {t('close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
