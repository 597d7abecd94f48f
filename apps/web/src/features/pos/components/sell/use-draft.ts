import { useEffect, useState } from 'react';
import { readItem, readJson, removeItem, writeItem, writeJson } from '../../../../lib/storage';
import { POS_STORAGE } from '../../api/pos-client';
import { type Draft, EMPTY_DRAFT, reviveDraft } from '../../lib/ticket';

function load(agentId: number): Draft {
  const stored = readJson<{ agentId?: number; draft?: unknown }>(POS_STORAGE.draft);
  if (!stored || stored.agentId !== agentId) return EMPTY_DRAFT;
  return reviveDraft(stored.draft) ?? EMPTY_DRAFT;
}

/**
 * The ticket being typed, kept in the browser for its agent: a reload, a lost connection or an
 * expired session loses nothing — not even the key of a sale whose answer never arrived.
 */
export function useDraft(agentId: number) {
  const [draft, setDraft] = useState<Draft>(() => load(agentId));
  useEffect(() => writeJson(POS_STORAGE.draft, { agentId, draft }), [agentId, draft]);
  return [draft, setDraft] as const;
}

/** What is being typed in the input (not yet a line): kept for the tab's life, even across a new sign-in. */
export function useDraftInput() {
  const [text, setText] = useState(() => readItem(POS_STORAGE.input, 'session') ?? '');
  useEffect(() => {
    if (text) writeItem(POS_STORAGE.input, text, 'session');
    else removeItem(POS_STORAGE.input, 'session');
  }, [text]);
  return [text, setText] as const;
}
