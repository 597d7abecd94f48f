import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { choiceOption } from './choice-option';

/** The option line of the server-searched pickers: name, then hint and the blocked label when asked. */
// The visible text, each element's boundary as « | » (the styles Emotion renders inline are dropped).
const text = (html: string) =>
  html
    .replace(/<style[^>]*>[\s\S]*?<\/style>/g, '')
    .replace(/<[^>]+>/g, '|')
    .replace(/\|+/g, '|');

describe('choiceOption', () => {
  const render = (blockedLabel: string | undefined, c: { hint?: string | null; blocked?: boolean }) =>
    text(renderToStaticMarkup(choiceOption(blockedLabel)({ key: 'k' }, { id: 1, name: 'Rose Charles', ...c })));

  it('shows the name and the hint', () => {
    expect(render(undefined, { hint: 'agent1' })).toBe('|Rose Charles|agent1|');
    expect(render('Bloqué', { hint: 'agent1' })).toBe('|Rose Charles|agent1|');
  });

  it('adds the blocked label only where the picker shows it', () => {
    expect(render('Bloqué', { hint: 'agent1', blocked: true })).toBe('|Rose Charles|agent1 · Bloqué|');
    expect(render('Bloqué', { blocked: true })).toBe('|Rose Charles|Bloqué|');
    expect(render(undefined, { hint: 'agent1', blocked: true })).toBe('|Rose Charles|agent1|');
  });

  it('has no caption line without a hint or a shown block', () => {
    const html = renderToStaticMarkup(choiceOption('Bloqué')({ key: 'k' }, { id: 1, name: 'Rose Charles' }));
    expect(html).not.toContain('MuiTypography');
    expect(text(html)).toBe('|Rose Charles|');
  });
});
