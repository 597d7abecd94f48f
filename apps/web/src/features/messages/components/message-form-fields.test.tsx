import { renderToStaticMarkup } from 'react-dom/server';
import { FormProvider, useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { MessageFormFields } from './message-form-fields';
import type { MessageFormInput } from './message-form-schema';

/** The audience choices of the message form: a supervisor is not offered « all » (the server refuses it). */
function Form({ scoped }: { scoped: boolean }) {
  const methods = useForm<MessageFormInput>({
    defaultValues: { title: '', text: '', image: null, audience: 'surcussale', surcussale_id: null, agents: [] },
  });
  return (
    <FormProvider {...methods}>
      <MessageFormFields choices={{ surcussales: [], agents: [] }} timeZone="America/Port-au-Prince" scoped={scoped} />
    </FormProvider>
  );
}

describe('MessageFormFields audience', () => {
  it('offers « all » to the company, not to a supervisor, whom it tells why', () => {
    const company = renderToStaticMarkup(<Form scoped={false} />);
    expect(company).toContain('value="all"');
    expect(company).not.toContain('audience.scopedHelp');
    const supervisor = renderToStaticMarkup(<Form scoped />);
    expect(supervisor).not.toContain('value="all"');
    expect(supervisor).toContain('value="surcussale"');
    expect(supervisor).toContain('audience.scopedHelp');
  });
});
