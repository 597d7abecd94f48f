export { AgentFilter } from './agent-filter';
export { ChoiceFilters, type ChoiceValues } from './choice-filters';
export { choiceOption } from './choice-option';
export { filterField, shrink } from './filter-styles';
export { type IdOption, IdSelect } from './id-select';
export { FiltersEnd, PeriodRange, RangeAlert } from './period-fields';
