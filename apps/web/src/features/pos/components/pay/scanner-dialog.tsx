import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cameraProblem, NUMBER_GRACE_MS, pickScanned, type ScanResult, UNREADABLE_AFTER_MS } from '../../lib/scan';
import { createDetector, type FrameDetector } from './detector';

export { canScan } from './detector';

type Phase = 'starting' | 'scanning' | { error: string };
type Notice = 'foreign' | 'unreadable' | null;

/**
 * Reads a receipt with the back camera: its QR code (the public link, enough to open and pay the
 * ticket) or, if only that is readable, its Code 128 (the number; the verification code is then typed).
 */
export function ScannerDialog({
  open,
  onClose,
  onResult,
  onExited,
}: {
  open: boolean;
  onClose: () => void;
  onResult: (result: Exclude<ScanResult, { kind: 'foreign' }>) => void;
  /** Closed and gone: the caller puts the focus where the scan leads (the focus is not restored). */
  onExited: () => void;
}) {
  const { t } = useTranslation('pos');
  const videoRef = useRef<HTMLVideoElement>(null);
  const [phase, setPhase] = useState<Phase>('starting');
  const [notice, setNotice] = useState<Notice>(null);
  // The parent's callback may change at each of its renders: that must not restart the camera.
  const resultRef = useRef(onResult);
  resultRef.current = onResult;

  useEffect(() => {
    if (!open) return;
    let stream: MediaStream | null = null;
    let timer = 0;
    let live = true;
    setPhase('starting');
    setNotice(null);
    (async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: { ideal: 'environment' }, width: { ideal: 1280 } },
          audio: false,
        });
      } catch (e) {
        if (live) setPhase({ error: t(`scan.${cameraProblem((e as Error)?.name)}`) });
        return;
      }
      let detector: FrameDetector;
      try {
        detector = await createDetector();
      } catch {
        if (live) setPhase({ error: t('scan.readerFailed') });
        return;
      }
      const video = videoRef.current;
      if (!live || !video) return;
      video.srcObject = stream;
      await video.play().catch(() => {});
      setPhase('scanning');
      const started = Date.now();
      let numberSince = 0;
      const tick = async () => {
        if (!live) return;
        let seen: ScanResult | null = null;
        try {
          seen = pickScanned(await detector.detect(video));
        } catch {
          // a frame that could not be read (not yet decoded, resized): the next one
        }
        if (!live) return;
        const now = Date.now();
        if (seen?.kind === 'ref' || (seen?.kind === 'number' && numberSince && now - numberSince >= NUMBER_GRACE_MS)) {
          live = false;
          resultRef.current(seen);
          return;
        }
        // A number alone waits a moment for the receipt's QR code, which needs no typed code.
        if (seen?.kind === 'number' && !numberSince) numberSince = now;
        if (seen?.kind === 'foreign') setNotice('foreign');
        else if (!seen && now - started > UNREADABLE_AFTER_MS) setNotice('unreadable');
        timer = window.setTimeout(() => void tick(), 200);
      };
      void tick();
    })();
    return () => {
      live = false;
      window.clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, [open, t]);

  const error = typeof phase === 'object' ? phase.error : null;
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth="xs"
      aria-labelledby="pos-scan-title"
      disableRestoreFocus
      slotProps={{ transition: { onExited } }}
    >
      <DialogTitle id="pos-scan-title">{t('scan.title')}</DialogTitle>
      <DialogContent>
        {error ? (
          <Alert severity="error" role="alert">
            {error}
          </Alert>
        ) : (
          <>
            <Box sx={{ position: 'relative' }}>
              <Box
                component="video"
                ref={videoRef}
                muted
                playsInline
                aria-label={t('scan.video')}
                sx={{
                  width: 1,
                  aspectRatio: '4 / 3',
                  bgcolor: '#000',
                  borderRadius: 1.5,
                  objectFit: 'cover',
                  display: 'block',
                }}
              />
              {phase === 'starting' ? (
                <Box
                  role="status"
                  sx={{
                    position: 'absolute',
                    inset: 0,
                    display: 'flex',
                    flexDirection: 'column',
                    alignItems: 'center',
                    justifyContent: 'center',
                    gap: 1,
                    color: '#fff',
                  }}
                >
                  <CircularProgress color="inherit" size={32} />
                  <Typography variant="body2">{t('scan.starting')}</Typography>
                </Box>
              ) : null}
            </Box>
            {notice ? (
              <Alert severity="warning" role="status" sx={{ mt: 1.5 }}>
                {t(`scan.${notice}`)}
              </Alert>
            ) : (
              <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1.5 }}>
                {t('scan.help')}
              </Typography>
            )}
          </>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button size="large" variant="outlined" color="inherit" onClick={onClose} fullWidth>
          {error ? t('scan.typeInstead') : t('close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
