export { AgentFilter } from './agent-filter';
export { ChoiceFilters, type ChoiceValues } from './choice-filters';
export { filterField, shrink } from './filter-styles';
export { type IdOption, IdSelect } from './id-select';
export { FiltersEnd, PeriodRange } from './period-fields';
