import { useTranslation } from 'react-i18next';
import { pickerHidden, useSurcussaleChoices, useTirageChoices } from '../../lib/choices';
import { AgentFilter } from './agent-filter';
import { IdSelect } from './id-select';

export interface ChoiceValues {
  tirage: string;
  surcussale: string;
  agent: string;
  /** The chosen agent's name (kept in the URL so a reload shows it). */
  agentLabel: string;
}

/**
 * The draw, sub-branch and agent pickers of a filter row. `show` says which ones the page offers and
 * the user may read (codenames, a company chosen): a picker not shown reads nothing, and one whose
 * list is refused all the same hides. Labels: the `filters.*` keys of `ns`, the page's namespace.
 */
export function ChoiceFilters({
  ns,
  value,
  show,
  onChange,
}: {
  ns: string;
  value: ChoiceValues;
  show: { tirage: boolean; surcussale: boolean; agent: boolean };
  onChange: (patch: Partial<ChoiceValues>) => void;
}) {
  const { t } = useTranslation(ns);
  const tirages = useTirageChoices(show.tirage);
  const surcussales = useSurcussaleChoices('', show.surcussale);
  const selects = [
    { key: 'tirage', allKey: 'filters.allTirages', list: tirages },
    { key: 'surcussale', allKey: 'filters.allSurcussales', list: surcussales },
  ] as const;
  return (
    <>
      {selects.map(({ key, allKey, list }) => (
        <IdSelect
          key={key}
          label={t(`filters.${key}`)}
          allLabel={t(allKey)}
          value={value[key]}
          options={show[key] && !pickerHidden(list) ? (list.data ?? []) : undefined}
          onChange={(id) => onChange({ [key]: id })}
        />
      ))}
      {show.agent ? <AgentFilter ns={ns} filters={value} onChange={onChange} /> : null}
    </>
  );
}
