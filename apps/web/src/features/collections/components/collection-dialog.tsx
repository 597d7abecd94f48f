import type { Collection } from '@borlette/shared/contracts/collections';
import PrintOutlinedIcon from '@mui/icons-material/PrintOutlined';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PrintFailedAlert } from '../../../components/printing/print-failed-alert';
import { errorMessage } from '../../../components/use-mutation-with-toast';
import { isApiError } from '../../../lib/api-client';
import { type Choice, useAgentChoices } from '../../../lib/choices';
import { parseAmount } from '../../../lib/money';
import { useAddCollection } from '../api/collections';
import { CollectionReceipt } from './collection-receipt';
import { usePrintCollection } from './use-print-collection';

/**
 * « Nouvelle collecte »: the agent (searched), the amount in HTG, a note; once recorded, its receipt
 * on screen with « Imprimer » (this device's printer; a click, as the printer's chooser may need one).
 */
export function CollectionDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('collections');
  const [done, setDone] = useState<Collection | null>(null);
  const receipt = usePrintCollection();
  const [agent, setAgent] = useState<Choice | null>(null);
  const [input, setInput] = useState('');
  const [amount, setAmount] = useState('');
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<Record<string, string>>({});
  const choices = useAgentChoices(useDeferredValue(input.trim()), open);
  const add = useAddCollection();

  const close = () => {
    setDone(null);
    receipt.clearFailure();
    setAgent(null);
    setAmount('');
    setNote('');
    setProblem({});
    onClose();
  };
  const submit = () => {
    const centimes = parseAmount(amount);
    const errors: Record<string, string> = {};
    if (!agent) errors.agent_id = t('form.agentRequired');
    if (centimes === null || centimes <= 0) errors.amount = t('form.amountInvalid');
    setProblem(errors);
    if (!agent || centimes === null || centimes <= 0) return;
    add.mutate(
      { agent_id: agent.id, amount: centimes, note: note.trim() || null },
      {
        onSuccess: (c) => setDone(c),
        onError: (err) =>
          setProblem({
            ...(isApiError(err) && err.fields ? err.fields : {}),
            form: errorMessage(err, t('form.failed')),
          }),
      },
    );
  };

  if (done)
    return (
      <Dialog open={open} onClose={close} fullWidth maxWidth="xs" aria-labelledby="collection-dialog-title">
        <DialogTitle id="collection-dialog-title">{t('receipt.title')}</DialogTitle>
        <DialogContent>
          {receipt.failure ? (
            <PrintFailedAlert
              title={t('receipt.failed')}
              message={receipt.failure.message}
              onRetry={() => void receipt.print(done)}
              retrying={receipt.printing}
            />
          ) : null}
          <Box sx={{ display: 'flex', justifyContent: 'center', border: 1, borderColor: 'divider', py: 1 }}>
            <CollectionReceipt collection={done} />
          </Box>
        </DialogContent>
        <DialogActions>
          <Button onClick={close} color="inherit">
            {t('receipt.close')}
          </Button>
          <Button
            onClick={() => void receipt.print(done)}
            variant="contained"
            startIcon={<PrintOutlinedIcon />}
            loading={receipt.printing}
          >
            {t('receipt.print')}
          </Button>
        </DialogActions>
      </Dialog>
    );

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="xs" aria-labelledby="collection-dialog-title">
      <DialogTitle id="collection-dialog-title">{t('new')}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2.5, pt: '8px !important' }}>
        <Autocomplete<Choice>
          options={choices.data ?? []}
          value={agent}
          loading={choices.isFetching}
          filterOptions={(x) => x}
          onChange={(_, next) => setAgent(next)}
          onInputChange={(_, value, reason) => reason !== 'reset' && setInput(value)}
          getOptionLabel={(c) => c.name}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          noOptionsText={t('form.noAgent')}
          renderInput={(params) => (
            <TextField
              {...params}
              label={t('form.agent')}
              required
              error={!!problem.agent_id}
              helperText={problem.agent_id}
            />
          )}
        />
        <TextField
          label={t('form.amount')}
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          required
          error={!!problem.amount}
          helperText={problem.amount ?? t('form.amountHelp')}
          slotProps={{ htmlInput: { inputMode: 'decimal', maxLength: 16 } }}
        />
        <TextField
          label={t('form.note')}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          multiline
          minRows={2}
          error={!!problem.note}
          helperText={problem.note}
          slotProps={{ htmlInput: { maxLength: 300 } }}
        />
        {problem.form ? <TextField value={problem.form} error disabled variant="standard" /> : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={close} color="inherit">
          {t('form.cancel')}
        </Button>
        <Button onClick={submit} variant="contained" loading={add.isPending}>
          {t('form.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
