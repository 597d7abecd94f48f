import QrCodeScannerIcon from '@mui/icons-material/QrCodeScanner';
import SearchIcon from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import OutlinedInput from '@mui/material/OutlinedInput';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { type FormEvent, useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../../lib/api-client';
import { useFicheByNumber } from '../../api/pos-api';
import { readTicketInput } from '../../lib/fiche-rules';
import { PayFicheCard } from './pay-fiche-card';
import { canScan, ScannerDialog } from './scanner-dialog';

/**
 * « Payer »: the ticket number is typed (its last digit is a check digit) or scanned (barcode; the QR
 * code holds the public link, which the POS does not pay by), then the ticket and its winnings are
 * shown, and « Payer » asks the server, which has the last word.
 */
export function PayTab() {
  const { t } = useTranslation('pos');
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [number, setNumber] = useState<number | null>(null);
  const [scanning, setScanning] = useState(false);
  // Each search shows a fresh card (a ticket paid a moment ago then reads « déjà payée »).
  const [searches, setSearches] = useState(0);
  const inputRef = useRef<HTMLInputElement>(null);
  const fiche = useFicheByNumber(number);
  const scannable = canScan();

  const look = useCallback(
    (value: string) => {
      const read = readTicketInput(value);
      setError(null);
      switch (read.kind) {
        case 'empty':
          setError(t('pay.required'));
          break;
        case 'badCheckDigit':
          setError(t('pay.badCheckDigit'));
          break;
        case 'invalid':
          setError(t('pay.invalid'));
          break;
        case 'url':
          setError(t('pay.scannedLink'));
          setText('');
          break;
        case 'number':
          setText(String(read.number));
          setSearches((n) => n + 1);
          if (read.number === number) void fiche.refetch();
          setNumber(read.number);
          break;
      }
      if (read.kind !== 'number') inputRef.current?.focus();
    },
    [t, number, fiche],
  );

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    look(text);
  };

  const onScanned = useCallback(
    (value: string) => {
      setScanning(false);
      look(value);
    },
    [look],
  );

  const lookupError = fiche.isError
    ? isApiError(fiche.error) && fiche.error.statusCode === 404
      ? t('pay.notFound')
      : isApiError(fiche.error) && fiche.error.statusCode !== 0
        ? fiche.error.message
        : t('errors.network')
    : null;

  return (
    <Box sx={{ maxWidth: 640 }}>
      <Box component="form" onSubmit={onSubmit} noValidate>
        <Stack direction="row" spacing={1}>
          <OutlinedInput
            inputRef={inputRef}
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              if (error) setError(null);
            }}
            placeholder={t('pay.placeholder')}
            autoFocus
            autoComplete="off"
            error={!!error}
            fullWidth
            inputProps={{
              inputMode: 'numeric',
              enterKeyHint: 'search',
              'aria-label': t('pay.label'),
              'aria-describedby': 'pos-pay-help',
              'aria-invalid': !!error,
            }}
            sx={{ fontSize: 22, fontWeight: 600, letterSpacing: '0.04em', '& input': { py: 1.5 } }}
          />
          <Button
            type="submit"
            variant="contained"
            aria-label={t('pay.search')}
            sx={{ minWidth: 56 }}
            loading={fiche.isFetching}
          >
            <SearchIcon />
          </Button>
          {scannable ? (
            <IconButton
              aria-label={t('scan.open')}
              onClick={() => setScanning(true)}
              sx={{ width: 56, border: 1, borderColor: 'divider', borderRadius: 1 }}
            >
              <QrCodeScannerIcon />
            </IconButton>
          ) : null}
        </Stack>
        <FormHelperText id="pos-pay-help" error={!!error} sx={{ mx: 0, fontSize: error ? 14 : undefined }}>
          {error ?? t('pay.help')}
        </FormHelperText>
      </Box>
      <Box sx={{ mt: 2 }}>
        {number === null ? null : fiche.isPending ? (
          <Skeleton variant="rounded" height={240} aria-label={t('loading')} />
        ) : lookupError ? (
          <Alert
            severity={fiche.error && isApiError(fiche.error) && fiche.error.statusCode === 404 ? 'warning' : 'error'}
          >
            {lookupError}
          </Alert>
        ) : fiche.data ? (
          <PayFicheCard key={searches} fiche={fiche.data} />
        ) : null}
      </Box>
      {scannable ? <ScannerDialog open={scanning} onClose={() => setScanning(false)} onResult={onScanned} /> : null}
    </Box>
  );
}
