import QrCodeScannerIcon from '@mui/icons-material/QrCodeScanner';
import SearchIcon from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import OutlinedInput from '@mui/material/OutlinedInput';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { type FormEvent, useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../../lib/api-client';
import { type PayProof, useFicheByProof } from '../../api/pos-api';
import { readTicketInput } from '../../lib/fiche-rules';
import type { ScanResult } from '../../lib/scan';
import { readVerificationCode } from '../../lib/verification-code';
import { PayFicheCard } from './pay-fiche-card';
import { canScan, ScannerDialog } from './scanner-dialog';

/**
 * « Payer »: the agent proves it holds the receipt (issue 15): it scans the QR code (its secret) or
 * types the number (or scans the barcode, last digit a check digit) AND the verification code
 * printed under it — the fallback when the QR code is torn. Then the ticket and its winnings are shown, and « Payer » asks the server, which
 * has the last word. An invalid entry clears the ticket shown: nothing stale stays payable.
 */
export function PayTab() {
  const { t } = useTranslation('pos');
  const [text, setText] = useState('');
  const [codeText, setCodeText] = useState('');
  const [error, setError] = useState<{ field: 'number' | 'code'; message: string } | null>(null);
  const [proof, setProof] = useState<PayProof | null>(null);
  const [scanning, setScanning] = useState(false);
  // A barcode was scanned: the number is filled in, the verification code is asked for.
  const [codeAsked, setCodeAsked] = useState(false);
  // Each search shows a fresh card (a ticket paid a moment ago then reads « déjà payée »).
  const [searches, setSearches] = useState(0);
  const inputRef = useRef<HTMLInputElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  const scanButtonRef = useRef<HTMLButtonElement>(null);
  // Where the focus goes once the scanner has closed: the code to type after a barcode, the number
  // when the agent gives up scanning (closed, camera refused), else back to the scan button.
  const focusAfterScan = useRef<'code' | 'number' | 'button'>('button');
  const fiche = useFicheByProof(proof);
  const scannable = canScan();

  const ask = useCallback(
    (next: PayProof) => {
      setSearches((n) => n + 1);
      if (proof && JSON.stringify(proof) === JSON.stringify(next)) void fiche.refetch();
      setProof(next);
    },
    [proof, fiche],
  );

  const look = useCallback(
    (value: string, code: string) => {
      const read = readTicketInput(value);
      setError(null);
      setCodeAsked(false);
      if (read.kind === 'ref') {
        // The QR code holds the public link: its secret is the proof.
        setText('');
        setCodeText('');
        ask({ ref: read.refCode });
        return;
      }
      const fail = (field: 'number' | 'code', message: string) => {
        setProof(null);
        setError({ field, message });
        (field === 'code' ? codeRef : inputRef).current?.focus();
      };
      if (read.kind === 'empty') return fail('number', t('pay.required'));
      if (read.kind === 'badCheckDigit') return fail('number', t('pay.badCheckDigit'));
      if (read.kind === 'invalid') return fail('number', t('pay.invalid'));
      setText(String(read.number));
      const typed = readVerificationCode(code);
      if (typed.kind === 'empty') return fail('code', t('pay.codeRequired'));
      if (typed.kind === 'invalid') return fail('code', t('pay.codeInvalid'));
      ask({ number: read.number, code: typed.code });
    },
    [t, ask],
  );

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    look(text, codeText);
  };

  const onScanned = useCallback(
    (result: Exclude<ScanResult, { kind: 'foreign' }>) => {
      setScanning(false);
      setError(null);
      focusAfterScan.current = result.kind === 'number' ? 'code' : 'button';
      if (result.kind === 'ref') {
        setText('');
        setCodeText('');
        setCodeAsked(false);
        ask({ ref: result.refCode });
        return;
      }
      // The barcode gives the number only: the code printed under it is still needed.
      setProof(null);
      setText(String(result.number));
      setCodeText('');
      setCodeAsked(true);
    },
    [ask],
  );

  const status = fiche.isError && isApiError(fiche.error) ? fiche.error.statusCode : null;
  const lookupError = fiche.isError
    ? status === 404
      ? t('pay.notFound')
      : status && isApiError(fiche.error)
        ? fiche.error.message
        : t('errors.network')
    : null;

  return (
    <Box sx={{ maxWidth: 640 }}>
      {scannable ? (
        <Button
          fullWidth
          size="large"
          variant="outlined"
          startIcon={<QrCodeScannerIcon />}
          ref={scanButtonRef}
          aria-label={t('scan.open')}
          onClick={() => {
            focusAfterScan.current = 'button';
            setScanning(true);
          }}
          sx={{ mb: 1.5, minHeight: 52, fontSize: 17 }}
        >
          {t('scan.button')}
        </Button>
      ) : null}
      <Box component="form" onSubmit={onSubmit} noValidate>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
          <OutlinedInput
            inputRef={inputRef}
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              // The ticket shown belongs to what was searched: a new entry hides it (issue 16).
              setProof(null);
              setCodeAsked(false);
              if (error) setError(null);
            }}
            placeholder={t('pay.placeholder')}
            autoFocus
            autoComplete="off"
            error={error?.field === 'number'}
            fullWidth
            inputProps={{
              inputMode: 'numeric',
              enterKeyHint: 'next',
              'aria-label': t('pay.label'),
              'aria-describedby': 'pos-pay-help',
              'aria-invalid': error?.field === 'number',
            }}
            sx={{ fontSize: 22, fontWeight: 600, letterSpacing: '0.04em', '& input': { py: 1.5 } }}
          />
          <Stack direction="row" spacing={1} sx={{ flexShrink: 0 }}>
            <OutlinedInput
              inputRef={codeRef}
              value={codeText}
              onChange={(e) => {
                setCodeText(e.target.value.toUpperCase());
                setProof(null);
                if (error) setError(null);
              }}
              placeholder={t('pay.codePlaceholder')}
              autoComplete="off"
              error={error?.field === 'code'}
              inputProps={{
                autoCapitalize: 'characters',
                spellCheck: false,
                maxLength: 12,
                enterKeyHint: 'search',
                'aria-label': t('pay.codeLabel'),
                'aria-describedby': 'pos-pay-help',
                'aria-invalid': error?.field === 'code',
              }}
              sx={{
                width: { xs: 1, sm: 170 },
                fontSize: 20,
                fontWeight: 600,
                letterSpacing: '0.06em',
                '& input': { py: 1.5 },
              }}
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
          </Stack>
        </Stack>
        <FormHelperText
          id="pos-pay-help"
          error={!!error}
          sx={{
            mx: 0,
            fontSize: error || codeAsked ? 14 : undefined,
            color: codeAsked && !error ? 'info.main' : undefined,
          }}
        >
          {error?.message ?? (codeAsked ? t('scan.codeAsked', { number: text }) : t('pay.help'))}
        </FormHelperText>
      </Box>
      <Box sx={{ mt: 2 }}>
        {proof === null ? null : fiche.isPending ? (
          <Skeleton variant="rounded" height={240} aria-label={t('loading')} />
        ) : lookupError ? (
          <Alert severity={status === 404 || status === 400 ? 'warning' : 'error'}>{lookupError}</Alert>
        ) : fiche.data ? (
          <PayFicheCard key={searches} fiche={fiche.data} proof={proof} />
        ) : null}
      </Box>
      {scannable ? (
        <ScannerDialog
          open={scanning}
          onClose={() => {
            focusAfterScan.current = 'number';
            setScanning(false);
          }}
          onResult={onScanned}
          onExited={() => {
            const to = focusAfterScan.current;
            (to === 'code' ? codeRef : to === 'number' ? inputRef : scanButtonRef).current?.focus();
          }}
        />
      ) : null}
    </Box>
  );
}
